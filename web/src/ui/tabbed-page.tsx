import type { ReactNode } from 'react';
import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';

/**
 * The frame of the settings, profile and system settings screens: a title, tabs (scrollable on phones)
 * and one tab panel wired to its tab for assistive technology.
 */
export function TabbedPage<K extends string>({
  idPrefix,
  title,
  subtitle,
  tabs,
  value,
  onChange,
  children,
  footer,
}: {
  idPrefix: string;
  title: string;
  subtitle?: string;
  tabs: readonly { key: K; label: string }[];
  value: K;
  onChange: (next: K) => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {subtitle && <Typography color="textSecondary">{subtitle}</Typography>}
      </Box>
      <Tabs
        value={value}
        onChange={(_, next: K) => onChange(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={title}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map(({ key, label }) => (
          <Tab
            key={key}
            value={key}
            label={label}
            id={`${idPrefix}-tab-${key}`}
            aria-controls={`${idPrefix}-panel-${key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${idPrefix}-panel-${value}`} aria-labelledby={`${idPrefix}-tab-${value}`}>
        {children}
      </Box>
      {footer}
    </Stack>
  );
}

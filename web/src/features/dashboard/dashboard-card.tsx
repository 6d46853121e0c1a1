import type { ReactNode } from 'react';
import { Avatar, Box, Card, CardContent, Stack, Typography } from '@mui/material';

type Tone = 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

/** A dashboard section: icon, h2 title, optional action on the right, content. */
export function DashboardCard({
  title,
  icon,
  tone = 'primary',
  action,
  testId,
  children,
}: {
  title: string;
  icon: ReactNode;
  tone?: Tone;
  action?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={title}
      data-testid={testId}
      sx={{ height: '100%' }}
    >
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Avatar sx={{ bgcolor: `${tone}.main`, color: `${tone}.contrastText`, width: 36, height: 36 }}>
            {icon}
          </Avatar>
          <Typography
            variant="h6"
            component="h2"
            sx={{ fontWeight: 600, flexGrow: 1, lineHeight: 1.3, fontSize: { xs: '1.1rem', sm: '1.25rem' } }}
          >
            {title}
          </Typography>
          {action && <Box sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>{action}</Box>}
        </Stack>
        <Box>{children}</Box>
      </CardContent>
    </Card>
  );
}

/** The centred grey line of an empty list (docs/product.md#messages empty states). */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Typography color="textSecondary" sx={{ py: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

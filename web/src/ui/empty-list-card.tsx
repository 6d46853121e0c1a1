import type { ReactNode } from 'react';
import { Card, Stack, Typography } from '@mui/material';

/** A list with nothing to show: its icon, why (`title`), what to do (`hint`), and maybe the first create. */
export function EmptyListCard({
  icon,
  title,
  hint,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <Card variant="outlined">
      <Stack
        spacing={1}
        sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 3 }}
        data-testid={testId}
      >
        {icon}
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography color="textSecondary">{hint}</Typography>
        {action}
      </Stack>
    </Card>
  );
}

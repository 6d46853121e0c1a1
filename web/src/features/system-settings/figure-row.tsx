import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** One 'label … value' line of the Sistema tab's cards. */
export function FigureRow({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Typography color="textSecondary">{label}</Typography>
      <Typography component="div" sx={{ fontWeight: 600, textAlign: 'right' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

import type { ReactNode } from 'react';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';

/** Body of a route whose screen belongs to a later issue: the menu target exists, the screen does not yet. */
export function ScreenArrivesLater({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack spacing={3}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
      >
        {title}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <ConstructionRoundedIcon color="action" aria-hidden />
          <Stack spacing={0.5}>
            <Typography>Este ecrã chega numa próxima versão.</Typography>
            {children}
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}

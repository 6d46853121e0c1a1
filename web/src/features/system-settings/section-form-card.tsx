import type { FormEventHandler, ReactNode } from 'react';
import { Box, Button, Card, CardContent, Stack } from '@mui/material';
import { systemTexts as t } from './system-settings.texts';

/** A settings section as one form in a card, ending with 'Guardar' ('A guardar...' while it saves). */
export function SectionFormCard({
  onSubmit,
  submitting,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 520 }}>
          <Stack spacing={2.5}>
            {children}
            <Box>
              <Button type="submit" variant="contained" disabled={submitting}>
                {submitting ? t.saving : t.save}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { Profile } from '@casa/shared-schema';
import { roleLabel } from '@casa/shared-schema/values';
import { profileTexts as t } from './profile.texts';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '200px 1fr' }, gap: { xs: 0.25, sm: 2 } }}>
      <Typography component="dt" color="textSecondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Profile › Avançado: read-only account facts and the (not yet available) account deletion. */
export function ProfileAdvancedTab({ profile }: { profile: Profile }) {
  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
            {t.accountInfo}
          </Typography>
          <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
            <Row label={t.userId} value={profile.id} />
            <Row label={t.role} value={roleLabel(profile.role)} />
            <Row label={t.organizationId} value={profile.organizationId ?? t.none} />
            <Row label={t.status} value={profile.status === 'active' ? t.active : t.inactive} />
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ borderColor: 'error.main' }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" color="error" sx={{ fontWeight: 700, mb: 1 }}>
            {t.dangerZone}
          </Typography>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t.deleteComingSoon}
          </Alert>
          <Button variant="contained" color="error" disabled>
            {t.deleteAccount}
          </Button>
        </CardContent>
      </Card>
    </Stack>
  );
}

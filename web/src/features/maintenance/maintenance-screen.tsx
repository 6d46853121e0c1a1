import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import BuildCircleRoundedIcon from '@mui/icons-material/BuildCircleRounded';
import { useSession } from '../auth/session.queries';
import { useReplicaLogout } from '../auth/replica-logout.actions';
import { logout } from '../auth/auth.actions';
import { maintenanceTexts as t } from './maintenance.texts';

/**
 * What a normal user sees while maintenance mode is on (system settings › Manutenção): the configured
 * message, a retry that asks the server again, and sign-out. The device keeps its replica and outbox.
 */
export function MaintenanceScreen({ message }: { message: string }) {
  const { refresh } = useSession();
  const [checking, setChecking] = useState(false);
  const { logout: signOut, dialog } = useReplicaLogout(logout);
  const retry = async () => {
    setChecking(true);
    try {
      await refresh();
    } finally {
      setChecking(false);
    }
  };
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card variant="outlined" sx={{ maxWidth: 480, width: '100%' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <BuildCircleRoundedIcon color="warning" sx={{ fontSize: 56 }} aria-hidden />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {t.title}
            </Typography>
            <Typography>{message}</Typography>
            <Typography variant="body2" color="textSecondary">
              {t.localDataSafe}
            </Typography>
            <Stack direction="row" spacing={1.5}>
              <Button variant="contained" onClick={() => void retry()} disabled={checking}>
                {checking ? t.checking : t.retry}
              </Button>
              <Button variant="text" onClick={() => void signOut()}>
                {t.signOut}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      {dialog}
    </Box>
  );
}

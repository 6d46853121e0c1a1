import { Alert, Box, Skeleton, Stack, Typography } from '@mui/material';
import type { CurrentUser } from '@casa/shared-schema';
import { useState } from 'react';
import { RouterLink } from '../../../ui/router-link';
import { serverMessage } from '../../../lib/server-message';
import { SystemMaintenanceTab } from '../../system-settings/system-maintenance-tab';
import { systemTexts } from '../../system-settings/system-settings.texts';
import { SystemStatusTab } from '../../system-settings/system-status-tab';
import { useSystemSettings } from '../../system-settings/system-settings.queries';
import { OfflineNotice } from '../../../ui/offline-notice';
import { isOfflineError } from '../users/saas-users.api';

const t = {
  maintenance: 'Manutenção',
  backupAndLogs: 'Backup e Logs',
  allSettings: 'Todas as configurações do sistema',
};

const sectionTitle = (text: string) => (
  <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
    {text}
  </Typography>
);

/**
 * SaaS admin › Sistema (docs/product.md#saas-admin): the same maintenance switch, 'Executar Backup' (a consistent database
 * copy, listed with downloads) and 'Ver Logs' as /settings, over the server's /api/system endpoints.
 */
export function SaasSystemTab({ user }: { user: CurrentUser }) {
  const [round, setRound] = useState(0);
  const { settings, save } = useSystemSettings(`${user.id}-${round}`);
  const retry = () => setRound((r) => r + 1);

  if (settings.error) {
    return isOfflineError(settings.error) ? (
      <OfflineNotice onRetry={retry} testId="no-connection" />
    ) : (
      <Alert severity="error">{serverMessage(settings.error, systemTexts.loadFailed)}</Alert>
    );
  }
  if (!settings.data) return <Skeleton variant="rounded" height={320} aria-busy="true" />;
  return (
    <Stack spacing={3}>
      <Stack spacing={1.5} component="section" aria-labelledby="saas-system-maintenance">
        <Box id="saas-system-maintenance">{sectionTitle(t.maintenance)}</Box>
        <SystemMaintenanceTab settings={settings.data} onSave={save} />
      </Stack>
      <Stack spacing={1.5} component="section" aria-labelledby="saas-system-backup">
        <Box id="saas-system-backup">{sectionTitle(t.backupAndLogs)}</Box>
        <SystemStatusTab settings={settings.data} onSave={save} />
      </Stack>
      <Box>
        <RouterLink to="/settings">{t.allSettings}</RouterLink>
      </Box>
    </Stack>
  );
}

import { useEffect, useState } from 'react';
import { Alert, AlertTitle } from '@mui/material';
import type { MaintenanceStatus } from '@casa/shared-schema';
import { api } from '../../lib/api';
import { maintenanceTexts as t } from './maintenance.texts';

/** On the login page while maintenance is on: the message, and that only SaaS admins get in. */
export function MaintenanceBanner() {
  const [status, setStatus] = useState<MaintenanceStatus | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<MaintenanceStatus>('/api/system/maintenance')
      .then((s) => live && setStatus(s))
      .catch(() => undefined); // offline or an old server: no banner
    return () => {
      live = false;
    };
  }, []);
  if (!status?.active) return null;
  return (
    <Alert severity="warning" data-testid="maintenance-banner">
      <AlertTitle>{status.message}</AlertTitle>
      {t.loginBanner}
    </Alert>
  );
}

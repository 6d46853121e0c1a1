import type { ReactNode } from 'react';
import { Alert, AlertTitle, CircularProgress } from '@mui/material';

export const FIRST_SYNC_TITLE = 'A sincronizar…';

/**
 * The replica's first sync is still running: what the screen would count or list has not all arrived,
 * so it says so instead of showing zeros or an empty state.
 */
export function FirstSyncNotice({ children }: { children: ReactNode }) {
  return (
    <Alert
      severity="info"
      role="status"
      icon={<CircularProgress size={20} aria-hidden />}
      data-testid="first-sync"
    >
      <AlertTitle>{FIRST_SYNC_TITLE}</AlertTitle>
      {children}
    </Alert>
  );
}

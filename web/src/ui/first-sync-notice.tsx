import type { ReactNode } from 'react';
import { Alert, AlertTitle, CircularProgress } from '@mui/material';
import { syncingText } from '../app/sync-state';
import { useSyncClient } from '../data/sync-provider';
import { useEngineState } from '../data/sync-state';

/**
 * The replica's first sync is still running: what the screen would count or list has not all arrived,
 * so it says so instead of showing zeros or an empty state, with the rows received so far of the total
 * ('A sincronizar… 12 300 de 51 000').
 */
export function FirstSyncNotice({ children }: { children: ReactNode }) {
  const { progress } = useEngineState(useSyncClient());
  return (
    <Alert
      severity="info"
      role="status"
      icon={<CircularProgress size={20} aria-hidden />}
      data-testid="first-sync"
    >
      <AlertTitle data-testid="first-sync-progress">{syncingText({ progress })}</AlertTitle>
      {children}
    </Alert>
  );
}

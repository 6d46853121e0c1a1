import { useSyncExternalStore } from 'react';
import type { SyncState } from './sync-state';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const onlineNow = () => navigator.onLine;
const onlineOnServer = () => true;

const OFFLINE: SyncState = {
  online: false,
  syncing: false,
  pending: 0,
  lastSyncedAt: null,
  error: null,
  needsLogin: false,
};
const ONLINE: SyncState = { ...OFFLINE, online: true };

/**
 * Stand-in for the sync engine's `useSyncState()`: only connectivity is known here (navigator.onLine and
 * the online/offline events). The header reads sync state through this one hook, so the swap is one line.
 */
export function useSyncState(): SyncState {
  const online = useSyncExternalStore(subscribe, onlineNow, onlineOnServer);
  return online ? ONLINE : OFFLINE;
}

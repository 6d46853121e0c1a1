import { useSyncExternalStore } from 'react';
import { useEngineState } from '../data/sync-state';
import type { SyncState } from './sync-state';
import { useSyncClient } from '../data/sync-provider';

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
 * What the header's sync indicator shows: the sync engine's state (pending outbox, last sync, errors,
 * lost session) when a replica is open, with connectivity from navigator.onLine and its events.
 */
export function useSyncState(): SyncState {
  const online = useSyncExternalStore(subscribe, onlineNow, onlineOnServer);
  const client = useSyncClient();
  const engine = useEngineState(client);
  if (!client) return online ? ONLINE : OFFLINE;
  const { syncing, pending, lastSyncedAt, error, needsLogin } = engine;
  return { online: online && engine.online, syncing, pending, lastSyncedAt, error, needsLogin };
}

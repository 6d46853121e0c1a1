import { useMemo, useSyncExternalStore } from 'react';
import { rejectionView } from './rejected-mutations';
import { useEngineState } from '../data/sync-state';
import type { SyncState } from './sync-state';
import { useReplicaExpected, useSyncClient } from '../data/sync-provider';

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
  rejected: [],
};
const ONLINE: SyncState = { ...OFFLINE, online: true };
/** An organization member's replica still opening: nothing is synced yet, so never "Tudo sincronizado". */
const OPENING: SyncState = { ...ONLINE, syncing: true };

/**
 * What the header's sync indicator shows: the sync engine's state (pending outbox, last sync, errors,
 * lost session) when a replica is open, with connectivity from navigator.onLine and its events.
 */
export function useSyncState(): SyncState {
  const online = useSyncExternalStore(subscribe, onlineNow, onlineOnServer);
  const client = useSyncClient();
  const replicaExpected = useReplicaExpected();
  const engine = useEngineState(client);
  const rejected = useMemo(() => engine.rejected.map(rejectionView), [engine.rejected]);
  if (!client) return !online ? OFFLINE : replicaExpected ? OPENING : ONLINE;
  const { syncing, pending, lastSyncedAt, error, needsLogin, live, progress } = engine;
  // Until its first sync completes, a replica holds nothing: that is "syncing", not "all synced".
  const firstSync = lastSyncedAt === null && !error && !needsLogin;
  return {
    online: online && engine.online,
    syncing: syncing || firstSync,
    pending,
    lastSyncedAt,
    error,
    needsLogin,
    rejected,
    live: live && online,
    progress,
  };
}

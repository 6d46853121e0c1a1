import { useEngineState } from '../../data/sync-state';
import type { SyncClient } from '../../data/sync-client';

/**
 * True once the replica can be trusted to say "absent": a sync has finished, or none can run now
 * (offline, failing, logged out). Before that a missing row may simply not have arrived yet.
 */
export function useReplicaSettled(sync: SyncClient | null): boolean {
  const state = useEngineState(sync);
  return state.lastSyncedAt !== null || !state.online || state.error !== null || state.needsLogin;
}

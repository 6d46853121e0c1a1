import type { ReplicaDb } from './db';

/**
 * Whether a pull of several pages (a first sync, a long catch-up) is writing into a replica: derived work
 * that follows every write (the client index, client-search/client-index.ts) then batches its refreshes instead of
 * redoing them per page (docs/decisions.md, issue 19). Per open replica, in this tab.
 */
const active = new WeakMap<ReplicaDb, number>();
const listeners = new WeakMap<ReplicaDb, Set<() => void>>();
const startListeners = new WeakMap<ReplicaDb, Set<() => void>>();

export function bulkSyncing(db: ReplicaDb): boolean {
  return (active.get(db) ?? 0) > 0;
}

/** Marks the start of a multi-page pull; the returned function ends it (once). */
export function beginBulkSync(db: ReplicaDb): () => void {
  const running = active.get(db) ?? 0;
  active.set(db, running + 1);
  if (running === 0) for (const listener of startListeners.get(db) ?? []) listener();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const left = (active.get(db) ?? 1) - 1;
    active.set(db, left);
    if (left === 0) for (const listener of listeners.get(db) ?? []) listener();
  };
}

/** Called when the last running bulk pull of `db` ends; answers the unsubscribe. */
export function onBulkSyncEnd(db: ReplicaDb, listener: () => void): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Called when a bulk pull of `db` starts while none runs (the search worker is told); answers the unsubscribe. */
export function onBulkSyncStart(db: ReplicaDb, listener: () => void): () => void {
  let set = startListeners.get(db);
  if (!set) startListeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

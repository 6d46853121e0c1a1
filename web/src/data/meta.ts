import type { ReplicaDb } from './db';

/** Keys of the `meta` table. */
export type MetaKey =
  | 'clientId'
  | 'cursor'
  | 'lastSyncedAt'
  | 'userId'
  | 'organizationId'
  | 'nextMutationId'
  | 'persistAsked'
  /** A reset snapshot is refilling a replica that had rows: sweep the rows it did not bring at its end. */
  | 'snapshotSweep'
  /** A snapshot is being pulled: rows received so far and the server's total (the progress line). */
  | 'snapshotProgress';

export async function getMeta<T>(db: ReplicaDb, key: MetaKey): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function setMeta(db: ReplicaDb, key: MetaKey, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

export async function deleteMeta(db: ReplicaDb, key: MetaKey): Promise<void> {
  await db.meta.delete(key);
}

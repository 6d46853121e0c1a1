import { SYNC_TABLES } from '@casa/shared-schema/values';
import { ReplicaDb, replicaDbName, type DexieDeps } from './db';
import { getMeta, setMeta } from './meta';
import type { ReplicaSession } from './session';

/**
 * The signed-in user's replica (one IndexedDB database per user). A replica of another organization
 * (the user moved) is emptied before use.
 */
export async function openReplica(session: ReplicaSession, deps: DexieDeps = {}): Promise<ReplicaDb> {
  const db = new ReplicaDb(replicaDbName(session.userId), deps);
  await db.open();
  const org = await getMeta<string>(db, 'organizationId');
  if (org && org !== session.organizationId) await purgeReplica(db);
  await db.transaction('rw', db.meta, async () => {
    await setMeta(db, 'userId', session.userId);
    await setMeta(db, 'organizationId', session.organizationId);
  });
  return db;
}

/** Everything goes, outbox and device id included (a suspended or removed user). */
export async function purgeReplica(db: ReplicaDb): Promise<void> {
  const tables = [
    ...SYNC_TABLES.map((t) => db.table(t)),
    db.outbox,
    db.meta,
    db.base,
    db.rejected,
    db.snapshotSeen,
  ];
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((t) => t.clear()));
  });
}

/**
 * Logout: deletes the replica once the outbox is empty. With writes still pending it refuses and
 * answers their count, unless `force` (the user confirmed discarding them).
 */
export async function clearReplicaAfterDrain(
  db: ReplicaDb,
  { force = false }: { force?: boolean } = {},
): Promise<{ cleared: true } | { cleared: false; pending: number }> {
  // Photos taken here and not yet accepted by the server are unsent work too (photo-outbox.ts).
  const photos = await db.photoUploads.where('state').anyOf('pending', 'failed').count();
  const pending = (await db.outbox.count()) + photos;
  if (pending > 0 && !force) return { cleared: false, pending };
  await db.delete();
  return { cleared: true };
}

/** The device's id for push, generated once per replica. */
export async function ensureClientId(db: ReplicaDb, newId: () => string = () => crypto.randomUUID()) {
  return db.transaction('rw', db.meta, async () => {
    const existing = await getMeta<string>(db, 'clientId');
    if (existing) return existing;
    const id = newId();
    await setMeta(db, 'clientId', id);
    return id;
  });
}

type StorageLike = { persist?: () => Promise<boolean> };

/** Asks once for persistent storage so the browser does not evict the replica. */
export async function requestPersistentStorage(db: ReplicaDb, storage: StorageLike | undefined) {
  if (!storage?.persist || (await getMeta(db, 'persistAsked'))) return;
  await setMeta(db, 'persistAsked', true);
  await storage.persist().catch(() => false);
}

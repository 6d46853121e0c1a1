import type { PullResponse } from '@casa/shared-schema';
import { SYNC_TABLES, type SyncTable } from '@casa/shared-schema/values';
import { rebase, settleBase } from './rebase';
import { loadMutationEffects } from './mutation-effects';
import { rowKey, writeTables } from './local-store';
import { deleteMeta, getMeta, setMeta } from './meta';
import type { ReplicaDb, Row } from './db';
import type { ReplicaSession } from './session';

/**
 * A snapshot being pulled: rows received so far of the server's `total` (its first page's), and the furthest
 * collection it has reached in snapshot order (SYNC_TABLES: the server pages one collection after the
 * other), so every collection before `reached` is whole in the replica (`collectionArrived`, sync-state.ts).
 */
export type SnapshotProgress = { done: number; total: number; reached: SyncTable | null };

/**
 * Rows per bulkPut call: each call clones its rows (and Dexie notes their keys) on the calling thread in one
 * task, so a page goes in slices. On a CPU about 3× slower than a desktop's, the 50,000-client first sync
 * had 57 main-thread tasks over 50 ms with slices of 250 rows, 38 with 100 and 32 with 50, in the same
 * total time (scripts/bench/README.md, stop 36; 500 rows gave long tasks on a desktop).
 */
const WRITE_SLICE = 100;

/**
 * Applies one pull page and stores its cursor in ONE Dexie transaction. Rows that queued or
 * not-yet-pulled mutations changed only update their server version (`base`); when a queued
 * mutation's row changed, the queued mutations are replayed on top (rebase). The last page
 * (`hasMore` false) settles `base`.
 *
 * A `reset` (a new snapshot) never empties the replica first: an agent who loses the signal halfway
 * through keeps every row. When the replica already had rows, the keys the snapshot brings are noted
 * (`snapshotSeen`) and, once it completes, the rows it did not bring are removed. The outbox is never
 * touched.
 *
 * Answers the snapshot's progress after this page (null when no snapshot with a known total is under
 * way), kept in `meta` in the same transaction so a reload goes on counting.
 */
export async function applyPullPage(
  db: ReplicaDb,
  session: ReplicaSession,
  page: PullResponse,
  now = new Date(),
): Promise<SnapshotProgress | null> {
  // Queued writes are replayed on top of the page (rebase): their effects load before the transaction.
  if ((await db.outbox.count()) > 0) await loadMutationEffects();
  return db.transaction('rw', writeTables(db), async () => {
    if (page.reset) {
      const [, had] = await Promise.all([db.snapshotSeen.clear(), hasReplicatedRows(db)]);
      await setMeta(db, 'snapshotSweep', had);
    }
    // Together: each await inside the transaction is a turn of the main thread, which a busy first render
    // makes long while IndexedDB waits for the next request (issue 19).
    const [sweepMeta, baseCount] = await Promise.all([
      getMeta<boolean>(db, 'snapshotSweep'),
      db.base.count(),
    ]);
    const sweeping = sweepMeta === true;
    const baseKeys = new Set<string>();
    if (baseCount > 0) {
      for (const [table, id] of (await db.base.toCollection().primaryKeys()) as [string, string][]) {
        baseKeys.add(rowKey(table, id));
      }
    }
    const latest = new Map<SyncTable, Map<string, Row | null>>();
    const baseUpdates: { table: SyncTable; id: string; row: Row | null }[] = [];
    for (const change of page.changes) {
      // The server's rows carry their id: a copy per row only when one does not (2,000 copies per page).
      const row =
        change.op === 'put'
          ? ((change.row.id === change.id ? change.row : { ...change.row, id: change.id }) as Row)
          : null;
      if (baseKeys.has(rowKey(change.table, change.id))) {
        baseUpdates.push({ table: change.table, id: change.id, row });
        continue;
      }
      let rows = latest.get(change.table);
      if (!rows) latest.set(change.table, (rows = new Map()));
      rows.set(change.id, row);
    }
    if (sweeping) await noteSeen(db, page);
    for (const [table, rows] of latest) {
      const puts: Row[] = [];
      const deletes: string[] = [];
      for (const [id, row] of rows) {
        if (row) puts.push(row);
        else deletes.push(id);
      }
      // Slices keep each main-thread task short (no long task while a 50,000-client snapshot lands); the
      // next slice is handed over as soon as the one before the current has been written, so IndexedDB
      // always has a slice queued while the main thread copies the next one.
      let previous: Promise<unknown> | null = null;
      for (let i = 0; i < puts.length; i += WRITE_SLICE) {
        const current = db.replicated(table).bulkPut(puts.slice(i, i + WRITE_SLICE));
        current.catch(() => undefined); // awaited below; a failure of the one before aborts first
        if (previous) await previous;
        previous = current;
      }
      if (previous) await previous;
      if (deletes.length) await db.replicated(table).bulkDelete(deletes);
    }
    if (baseUpdates.length) await db.base.bulkPut(baseUpdates);
    const swept = sweeping && !page.hasMore ? await sweepUnseen(db, baseKeys) : false;
    if (!page.hasMore) await settleBase(db);
    if (swept || baseUpdates.length > 0 || !page.hasMore) {
      if ((await db.outbox.count()) > 0) await rebase(db, session);
    }
    await setMeta(db, 'cursor', page.cursor);
    if (!page.hasMore) await setMeta(db, 'lastSyncedAt', now.toISOString());
    return noteProgress(db, page);
  });
}

async function noteProgress(db: ReplicaDb, page: PullResponse): Promise<SnapshotProgress | null> {
  const before = page.reset
    ? page.total === undefined
      ? null
      : { done: 0, total: page.total, reached: null }
    : ((await getMeta<SnapshotProgress>(db, 'snapshotProgress')) ?? null);
  if (!before || !page.hasMore) {
    await deleteMeta(db, 'snapshotProgress');
    return null;
  }
  // Rows changed while the snapshot ran come again in its delta pages: never past the total.
  const progress: SnapshotProgress = {
    done: Math.min(before.total, before.done + page.changes.length),
    total: before.total,
    reached: furthestCollection(before.reached ?? null, page),
  };
  await setMeta(db, 'snapshotProgress', progress);
  return progress;
}

/** The furthest collection in snapshot order among `from` and the page's rows (delta pages never go back). */
function furthestCollection(from: SyncTable | null, page: PullResponse): SyncTable | null {
  let furthest = from === null ? -1 : SYNC_TABLES.indexOf(from);
  for (const change of page.changes) furthest = Math.max(furthest, SYNC_TABLES.indexOf(change.table));
  return furthest < 0 ? null : SYNC_TABLES[furthest]!;
}

async function hasReplicatedRows(db: ReplicaDb): Promise<boolean> {
  const counts = await Promise.all(SYNC_TABLES.map((table) => db.table(table).limit(1).count()));
  return counts.some((n) => n > 0);
}

async function noteSeen(db: ReplicaDb, page: PullResponse) {
  const seen = page.changes.filter((c) => c.op === 'put').map(({ table, id }) => ({ table, id }));
  const gone = page.changes.filter((c) => c.op === 'delete').map(({ table, id }) => [table, id]);
  if (seen.length) await db.snapshotSeen.bulkPut(seen);
  if (gone.length) await db.snapshotSeen.bulkDelete(gone as [string, string][]);
}

/**
 * The snapshot is complete: rows it did not bring are gone on the server. Rows with a `base` entry
 * (changed by local mutations) keep their local version; their server version becomes "none", and the
 * rebase or settleBase that follows decides. Answers whether anything changed.
 */
async function sweepUnseen(db: ReplicaDb, baseKeys: Set<string>): Promise<boolean> {
  const seen = new Set<string>();
  await db.snapshotSeen.toCollection().eachPrimaryKey((key) => {
    const [table, id] = key as [string, string];
    seen.add(rowKey(table, id));
  });
  let changed = false;
  for (const table of SYNC_TABLES) {
    const ids = (await db.table(table).toCollection().primaryKeys()) as string[];
    const gone = ids.filter((id) => !seen.has(rowKey(table, id)) && !baseKeys.has(rowKey(table, id)));
    if (gone.length) {
      await db.table(table).bulkDelete(gone);
      changed = true;
    }
  }
  const orphanBase = (await db.base.toArray())
    .filter((entry) => entry.row !== null && !seen.has(rowKey(entry.table, entry.id)))
    .map((entry) => ({ ...entry, row: null }));
  if (orphanBase.length) {
    await db.base.bulkPut(orphanBase);
    changed = true;
  }
  await db.snapshotSeen.clear();
  await setMeta(db, 'snapshotSweep', false);
  return changed;
}

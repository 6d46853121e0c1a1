import { SYNC_TABLES, type PullResponse, type SyncTable } from '@casa/shared-schema';
import { rebase, settleBase } from './rebase';
import { rowKey, writeTables } from './local-store';
import { setMeta } from './meta';
import type { ReplicaDb, Row } from './db';
import type { ReplicaSession } from './session';

/**
 * Applies one pull page and stores its cursor in ONE Dexie transaction. Rows that queued or
 * not-yet-pulled mutations changed only update their server version (`base`); when a queued
 * mutation's row changed, the queued mutations are replayed on top (rebase). `reset` empties the
 * replicated tables first, never the outbox. The last page (`hasMore` false) settles `base`.
 */
export async function applyPullPage(
  db: ReplicaDb,
  session: ReplicaSession,
  page: PullResponse,
  now = new Date(),
) {
  await db.transaction('rw', writeTables(db), async () => {
    if (page.reset) {
      await Promise.all(SYNC_TABLES.map((t) => db.table(t).clear()));
      await db.base.toCollection().modify({ row: null });
    }
    const baseKeys = new Set<string>();
    if ((await db.base.count()) > 0) {
      for (const [table, id] of (await db.base.toCollection().primaryKeys()) as [string, string][]) {
        baseKeys.add(rowKey(table, id));
      }
    }
    const latest = new Map<SyncTable, Map<string, Row | null>>();
    const baseUpdates: { table: SyncTable; id: string; row: Row | null }[] = [];
    for (const change of page.changes) {
      const row = change.op === 'put' ? ({ ...change.row, id: change.id } as Row) : null;
      if (baseKeys.has(rowKey(change.table, change.id))) {
        baseUpdates.push({ table: change.table, id: change.id, row });
        continue;
      }
      let rows = latest.get(change.table);
      if (!rows) latest.set(change.table, (rows = new Map()));
      rows.set(change.id, row);
    }
    for (const [table, rows] of latest) {
      const puts: Row[] = [];
      const deletes: string[] = [];
      for (const [id, row] of rows) {
        if (row) puts.push(row);
        else deletes.push(id);
      }
      if (puts.length) await db.replicated(table).bulkPut(puts);
      if (deletes.length) await db.replicated(table).bulkDelete(deletes);
    }
    if (baseUpdates.length) await db.base.bulkPut(baseUpdates);
    if (!page.hasMore) await settleBase(db);
    if (page.reset || baseUpdates.length > 0 || !page.hasMore) {
      if ((await db.outbox.count()) > 0) await rebase(db, session);
    }
    await setMeta(db, 'cursor', page.cursor);
    if (!page.hasMore) await setMeta(db, 'lastSyncedAt', now.toISOString());
  });
}

// The floor of a first sync for the benchmarks (scripts/bench/sync-chromium.ts and screens-chromium.ts):
// the same rows written with bare Dexie bulkPuts into a fresh replica, one transaction per pull page.
// Not part of the app.
import type { PullResponse, SyncTable } from '@casa/shared-schema';
import { ReplicaDb, type Row } from '../db';
import { SYNC_PULL_PAGE_ROWS } from '../sync-engine';

/** Every put of the pages, bulkPut per page and table in one transaction: the floor for the pull. */
export async function bareLoad(pages: PullResponse[]): Promise<number> {
  const db = new ReplicaDb(`bench-bare-${Date.now()}`);
  await db.open();
  const start = performance.now();
  for (const page of pages) {
    const byTable = new Map<SyncTable, Row[]>();
    for (const c of page.changes) {
      if (c.op !== 'put') continue;
      const list = byTable.get(c.table) ?? [];
      list.push(c.row as Row);
      byTable.set(c.table, list);
    }
    await db.transaction(
      'rw',
      [...byTable.keys()].map((t) => db.table(t)),
      async () => {
        for (const [table, list] of byTable) await db.replicated(table).bulkPut(list);
      },
    );
  }
  const elapsed = performance.now() - start;
  await db.delete();
  return elapsed;
}

/** Every page of a full snapshot over HTTP (fetch + JSON, not timed by the caller's bulkPut figure). */
export async function pullSnapshot(limit: number): Promise<PullResponse[]> {
  const pages: PullResponse[] = [];
  let cursor = '';
  for (;;) {
    const params = new URLSearchParams({ limit: String(limit) });
    if (cursor) params.set('cursor', cursor);
    const res = await fetch(`/api/sync/pull?${params.toString()}`, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`pull answered ${res.status}`);
    const page = (await res.json()) as PullResponse;
    pages.push(page);
    if (!page.hasMore) return pages;
    cursor = page.cursor;
  }
}

/**
 * Entry for the screens bench, injected into the built app's page: the bare floor of the same rows, in
 * pages of the app's size (SYNC_PULL_PAGE_ROWS) unless `limit` says otherwise.
 */
export async function bareFloor(opts: { limit?: number; runs: number }) {
  const limit = opts.limit ?? SYNC_PULL_PAGE_ROWS;
  const pages = await pullSnapshot(limit);
  const rows = pages.reduce((n, p) => n + p.changes.length, 0);
  const bareMs: number[] = [];
  for (let i = 0; i < opts.runs; i += 1) bareMs.push(await bareLoad(pages));
  return { pages: pages.length, limit, rows, bareMs };
}

(globalThis as unknown as { casaBareFloor: typeof bareFloor }).casaBareFloor = bareFloor;

// Entry of the Chromium bench page (scripts/bench/sync-chromium.ts bundles it with esbuild): the data
// layer in a real browser, over the real server's HTTP API and real IndexedDB. Not part of the app.
import type { ClientType, PullResponse } from '@casa/shared-schema';
import { api } from '../../lib/api';
import { ReplicaDb } from '../db';
import { bareLoad } from './bench-bare';
import { httpTransport } from '../http-transport';
import { createMutators } from '../mutators';
import { applyPullPage } from '../pull-apply';
import { clientsByType } from '../queries';
import { SyncEngine } from '../sync-engine';
import type { SyncTransport } from '../transport';
import type { ReplicaSession } from '../session';

type UserOfSession = { id: string; organizationId: string; role: ReplicaSession['role'] };

const timers = {
  setTimeout: () => null,
  clearTimeout: () => undefined,
  setInterval: () => null,
  clearInterval: () => undefined,
};

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function freshDb(label: string): Promise<ReplicaDb> {
  const db = new ReplicaDb(`bench-${label}-${Date.now()}`);
  await db.open();
  return db;
}

async function applyOnly(pages: PullResponse[], session: ReplicaSession): Promise<number> {
  const db = await freshDb('apply');
  const start = performance.now();
  for (const page of pages) await applyPullPage(db, session, page);
  const elapsed = performance.now() - start;
  await db.delete();
  return elapsed;
}

/** Runs in a page whose cookie jar already holds the session (the bench logs in over HTTP, setup.ts). */
export async function runBench(opts: { user: UserOfSession; writes: number; queries: number }) {
  const { user } = opts;
  const session: ReplicaSession = { userId: user.id, organizationId: user.organizationId, role: user.role };
  const pages: PullResponse[] = [];
  const http = httpTransport(api);
  const transport: SyncTransport = {
    async pull(query) {
      const page = await http.pull(query);
      pages.push(page);
      return page;
    },
    push: (request) => http.push(request),
  };

  // 1. The initial sync through the engine (network + server + apply), then the same pages applied
  // alone, against the bare bulkPut of their rows.
  const db = await freshDb('replica');
  const engine = new SyncEngine({
    db,
    transport,
    session: () => session,
    env: { isOnline: () => true, timers },
  });
  // Main-thread long tasks (> 50 ms) while the engine alone syncs (no screen, no client index).
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  let start = performance.now();
  await engine.syncNow();
  const syncMs = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const error = engine.state.get().error;
  const rows = pages.reduce((n, p) => n + p.changes.length, 0);
  const clients = await db.clients.count();
  const bare = [await bareLoad(pages), await bareLoad(pages)];
  const apply = [await applyOnly(pages, session), await applyOnly(pages, session)];

  // 2. Local writes on the filled replica.
  const mutate = createMutators({ db, session: () => session });
  const ids = (await db.clients.limit(opts.writes).primaryKeys()) as string[];
  const writes: number[] = [];
  for (let i = 0; i < opts.writes; i += 1) {
    start = performance.now();
    if (i % 2 === 0) await mutate.createClient({ name: `Bench ${i}`, type: 'Vendedor', phone: '912345678' });
    else await mutate.updateClient({ id: ids[i]!, rating: i % 6, notes: `nota ${i}` });
    writes.push(performance.now() - start);
  }

  // 3. The clients list: type filter, name order; the whole list and the first screenful.
  const types: ClientType[] = ['Comprador', 'Vendedor', 'Investidor'];
  const full: number[] = [];
  const first: number[] = [];
  let listed = 0;
  for (let i = 0; i < opts.queries; i += 1) {
    start = performance.now();
    listed = (await clientsByType(db, types[i % 3]!)).length;
    full.push(performance.now() - start);
    start = performance.now();
    await clientsByType(db, types[i % 3]!, { limit: 100 });
    first.push(performance.now() - start);
  }
  engine.stop();
  await db.delete();
  return {
    error,
    pages: pages.length,
    rows,
    clients,
    syncMs,
    longTasks,
    bareMs: bare,
    applyMs: apply,
    write: { p50: pct(writes, 50), p95: pct(writes, 95) },
    fullList: { rows: listed, p50: pct(full, 50), p95: pct(full, 95) },
    firstPage: { p50: pct(first, 50), p95: pct(first, 95) },
  };
}

(globalThis as unknown as { casaBench: typeof runBench }).casaBench = runBench;

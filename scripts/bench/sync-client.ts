// Benchmark of the web replica (issue 4, "Benchmarks to report"), in Node with fake-indexeddb: the initial
// sync of a 50,000-client organization (with 2 interactions and 1 follow-up per client) applied through
// the client's pull code (`applyPullPage`, pages of SYNC_PULL_DEFAULT_LIMIT) against a bare Dexie
// `bulkPut` of the same rows in the same chunks (the limit); a local write's p95 (mutator → Dexie + outbox)
// on the filled replica; and the clients list query (type filter, name order) p95.
// Run: `pnpm bench:sync-client [--clients 50000] [--writes 200] [--queries 20]`.
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRequire = createRequire(path.join(here, '../../web/package.json'));
// fake-indexeddb is a web devDependency: install its globals before Dexie loads.
await import(pathToFileURL(webRequire.resolve('fake-indexeddb/auto')).href);

const { SYNC_PULL_DEFAULT_LIMIT } = await import('../../shared-schema/src/index');
const { buildClient, buildFollowUp, buildInteraction, createRandom } =
  await import('../../shared-schema/src/generators/index');
const { ReplicaDb } = await import('../../web/src/data/db');
const { applyPullPage } = await import('../../web/src/data/pull-apply');
const { createMutators } = await import('../../web/src/data/mutators');
const { clientsByType } = await import('../../web/src/data/queries');

const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const CLIENTS = arg('--clients', 50_000);
const WRITES = arg('--writes', 200);
const QUERIES = arg('--queries', 20);
const ORG = '11111111-1111-4111-8111-111111111111';
const AGENT = '22222222-2222-4222-8222-222222222222';

type Row = Record<string, unknown> & { id: string };
type Table = 'clients' | 'interactions' | 'followUps';

function dataset(): { table: Table; row: Row }[] {
  const rng = createRandom('bench-sync-client');
  const now = new Date('2026-11-22T12:00:00Z');
  const out: { table: Table; row: Row }[] = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const client = {
      ...buildClient(rng, { organizationId: ORG, agentId: AGENT, now, uniqueSuffix: i }),
    } as Row;
    out.push({ table: 'clients', row: client });
    const base = { organizationId: ORG, agentId: AGENT, clientId: client.id };
    for (let k = 0; k < 2; k += 1) {
      out.push({ table: 'interactions', row: buildInteraction(rng, base, now) as unknown as Row });
    }
    const scheduledDate = new Date(now.getTime() + rng.int(-10, 30) * 86_400_000);
    out.push({
      table: 'followUps',
      row: buildFollowUp(rng, base, {
        clientName: String(client.name),
        scheduledDate,
        createdAt: now,
      }) as unknown as Row,
    });
  }
  return out;
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

const rows = dataset();
const pages: (typeof rows)[] = [];
for (let i = 0; i < rows.length; i += SYNC_PULL_DEFAULT_LIMIT)
  pages.push(rows.slice(i, i + SYNC_PULL_DEFAULT_LIMIT));
console.log(
  `Dataset: ${CLIENTS} clients, ${rows.length} rows, ${pages.length} pages of ${SYNC_PULL_DEFAULT_LIMIT}; load ${loadavg()[0]!.toFixed(1)}`,
);
const session = { userId: AGENT, organizationId: ORG, role: 'agent' as const };

// 1 and 2. A bare bulkPut of the same rows per page and table (the limit), and the client's pull-apply code
// (first page resets, every page stores its cursor); each twice, interleaved, on fresh databases.
async function bareRun(): Promise<number> {
  const bare = new ReplicaDb(`bench-bare-${Date.now()}`);
  await bare.open();
  const start = performance.now();
  for (const page of pages) {
    const byTable = new Map<Table, Row[]>();
    for (const { table, row } of page) (byTable.get(table) ?? byTable.set(table, []).get(table)!).push(row);
    await bare.transaction('rw', [bare.clients, bare.interactions, bare.followUps, bare.meta], async () => {
      for (const [table, list] of byTable) await bare.replicated(table).bulkPut(list);
    });
  }
  const elapsed = performance.now() - start;
  await bare.delete();
  return elapsed;
}

async function pullRun(): Promise<{ db: InstanceType<typeof ReplicaDb>; elapsed: number }> {
  const db = new ReplicaDb(`bench-replica-${Date.now()}`);
  await db.open();
  const start = performance.now();
  for (const [i, page] of pages.entries()) {
    await applyPullPage(db, session, {
      cursor: `s1:${i}`,
      hasMore: i < pages.length - 1,
      reset: i === 0,
      changes: page.map(({ table, row }) => ({ op: 'put' as const, table, id: row.id, row })),
    });
  }
  return { db, elapsed: performance.now() - start };
}

const bareTimes: number[] = [];
const pullTimes: number[] = [];
let db: InstanceType<typeof ReplicaDb> | undefined;
for (let round = 0; round < 2; round += 1) {
  bareTimes.push(await bareRun());
  const run = await pullRun();
  pullTimes.push(run.elapsed);
  if (db) await db.delete();
  db = run.db;
}
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
console.log('\nInitial sync (fake-indexeddb), 2 interleaved runs each');
console.log(`  bare bulkPut     ${bareTimes.map(ms).join(', ')}`);
console.log(`  applyPullPage    ${pullTimes.map(ms).join(', ')}  (${pages.length} pages)`);
console.log(`  ratio            ${(mean(pullTimes) / mean(bareTimes)).toFixed(2)}  (means; target < 2)`);
if (!db) throw new Error('no replica');

// 3. Local writes on the filled replica: create, then update the same client.
const mutate = createMutators({ db, session: () => session });
const writes: number[] = [];
const ids = (await db.clients.limit(WRITES).primaryKeys()) as string[];
for (let i = 0; i < WRITES; i += 1) {
  const start = performance.now();
  if (i % 2 === 0) await mutate.createClient({ name: `Bench ${i}`, type: 'Vendedor', phone: '912345678' });
  else await mutate.updateClient({ id: ids[i]!, rating: i % 6, notes: `nota ${i}` });
  writes.push(performance.now() - start);
}
console.log(`\nLocal write (mutator → Dexie + outbox), ${WRITES} writes`);
console.log(`  p50 ${ms(pct(writes, 50))}  p95 ${ms(pct(writes, 95))}  (target p95 < 10 ms)`);

// 4. The clients list: type filter, name order, over the whole replica.
const queries: number[] = [];
let count = 0;
for (let i = 0; i < QUERIES; i += 1) {
  const start = performance.now();
  count = (await clientsByType(db, (['Comprador', 'Vendedor', 'Investidor'] as const)[i % 3]!)).length;
  queries.push(performance.now() - start);
}
console.log(`\nClients by type sorted by name (${count} rows in the last answer), ${QUERIES} runs`);
console.log(`  p50 ${ms(pct(queries, 50))}  p95 ${ms(pct(queries, 95))}  (Chromium target p95 < 50 ms)`);

// 5. The first screenful of that list (100 rows), what a virtualized list asks for.
const firstPage: number[] = [];
for (let i = 0; i < QUERIES; i += 1) {
  const start = performance.now();
  await clientsByType(db, (['Comprador', 'Vendedor', 'Investidor'] as const)[i % 3]!, { limit: 100 });
  firstPage.push(performance.now() - start);
}
console.log(`\nFirst 100 clients by type sorted by name, ${QUERIES} runs`);
console.log(`  p50 ${ms(pct(firstPage, 50))}  p95 ${ms(pct(firstPage, 95))}`);
await db.delete();

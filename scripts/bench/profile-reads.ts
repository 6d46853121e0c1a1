// Where the CPU of the paged list and search reads goes (issue 19, reads p99 < 50 ms at 50 connections):
// per route, the domain call's time, then each statement it sends with its SQLite plan and its bare cost
// through a prepared better-sqlite3 statement. The database (demo + 50,000 clients) is kept in --db
// (default a temp folder), so repeated runs skip the seed.
// Run: `pnpm exec tsx scripts/bench/profile-reads.ts [--db /tmp/reads.sqlite] [--route search]`. For the
// server under load: `BENCH_SERVER_CPU_PROF=/tmp/prof pnpm bench:api --route …` (server.ts) writes its profile.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clientSearchQuerySchema } from '../../shared-schema/src/index';
import { createKnex } from '../../sync-server/src/db/knex';
import { clientListPageJson, listClients } from '../../sync-server/src/features/clients/clients.views';
import { searchClients, searchClientsJson } from '../../sync-server/src/features/search/search.domain';
import { demoAgentCtx, seedBenchData } from './setup';
import { captureQueries } from './sql';

const argOf = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const file = argOf('--db') ?? path.join(mkdtempSync(path.join(tmpdir(), 'profile-reads-')), 'bench.sqlite');
const only = argOf('--route');

const config = { client: 'sqlite' as const, filename: file };
const knex = existsSync(file) ? createKnex(config) : await seedBenchData(config, 50_000);
const ctx = demoAgentCtx(knex);

/** Mean ms of `fn` over at least 20 runs and 300 ms. */
async function meanMs(fn: () => unknown): Promise<number> {
  for (let i = 0; i < 5; i++) await fn();
  let runs = 0;
  const start = performance.now();
  while (runs < 20 || performance.now() - start < 300) {
    await fn();
    runs++;
  }
  return (performance.now() - start) / runs;
}

const middle = (await listClients(ctx, { limit: '1', offset: '24999' }))[0]!.id;
// The answer cache's hit (features/clients/client-answers.policy.ts): the same change seq as the session would read.
const changeSeq = Number(
  (
    (await knex('organizations').where('id', ctx.auth.organizationId).first('change_seq')) as {
      change_seq: unknown;
    }
  ).change_seq,
);
const cached = { ...ctx, changeSeq };
const hits: [string, () => Promise<unknown>][] = [
  ['clients?limit=50', () => clientListPageJson(cached, { limit: 50 })],
  ['clients?limit=50&after', () => clientListPageJson(cached, { limit: 50, after: middle })],
  ['search q=silva', () => searchClientsJson(cached, clientSearchQuerySchema.parse({ q: 'silva' }))],
  ['search q=jo', () => searchClientsJson(cached, clientSearchQuerySchema.parse({ q: 'jo' }))],
];
const routes: [string, () => Promise<unknown>][] = [
  ['clients?limit=50', () => listClients(ctx, { limit: '50' })],
  ['clients?limit=50&after', () => listClients(ctx, { limit: '50', after: middle })],
  ['search q=silva', () => searchClients(ctx, { q: 'silva' })],
  [
    'search q=joao&hasPhone&minRating=3',
    () => searchClients(ctx, { q: 'joao', hasPhone: 'true', minRating: '3' }),
  ],
  ['search q=jo', () => searchClients(ctx, { q: 'jo' })],
];

/** The better-sqlite3 connection knex holds (its types are the sync-server's dependency, not the scripts'). */
type Connection = { prepare(sql: string): { all(...bindings: unknown[]): unknown[] } };
const conn = (await knex.client.acquireConnection()) as Connection;
await knex.client.releaseConnection(conn);
for (const [title, fn] of routes) {
  if (only && !title.includes(only)) continue;
  console.log(`\n${title}: domain ${(await meanMs(fn)).toFixed(2)} ms`);
  for (const q of await captureQueries(knex, fn)) {
    const statement = conn.prepare(q.sql);
    const bindings = q.bindings as unknown[];
    const rows = statement.all(...bindings).length;
    const ms = await meanMs(() => statement.all(...bindings));
    console.log(`  ${ms.toFixed(3)} ms, ${rows} rows: ${q.sql.slice(0, 220)}`);
    for (const step of conn.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...bindings) as { detail: string }[])
      console.log(`      ${step.detail}`);
  }
}
for (const [title, fn] of hits) {
  if (only && !title.includes(only)) continue;
  console.log(`\n${title}: answer cache hit ${(await meanMs(fn)).toFixed(3)} ms (domain, JSON bytes ready)`);
}
await knex.destroy();

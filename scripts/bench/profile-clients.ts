// Where the time of the unpaged GET /api/clients goes (the worst route of `pnpm bench:api`): timing spans
// for its two queries, the row mapping, JSON.stringify and one full HTTP request, on the demo organization
// plus 50,000 clients. Run: `pnpm exec tsx scripts/bench/profile-clients.ts [--dialect sqlite|pg]`
// (add `node --cpu-prof --import tsx …` for a CPU profile).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../sync-server/src/logger';
import { createApp } from '../../sync-server/src/app';
import { requestListener } from '../../sync-server/src/http/listener';
import { parseEnv } from '../../sync-server/src/env';
import { DEMO_PASSWORD } from '../../sync-server/src/db/seed/seed';
import { listClients } from '../../sync-server/src/features/clients/clients.views';
import { SESSION_SECRET } from './server';
import { benchDatabase, demoAgentCtx, loginOverHttp, seedBenchData } from './setup';
import { captureQueries } from './sql';

const dialect = process.argv.includes('pg') ? 'pg' : 'sqlite';

async function span<T>(label: string, fn: () => Promise<T> | T, runs = 3): Promise<T> {
  let out: T | undefined;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    out = await fn();
    times.push(performance.now() - t);
  }
  console.log(`${label.padEnd(48)} ${times.map((t) => t.toFixed(0).padStart(6)).join(' ')} ms`);
  return out as T;
}

const db = await benchDatabase(dialect, 'casa_profile');
const knex = await seedBenchData(db.config, 50_000);
const env = parseEnv({
  NODE_ENV: 'production',
  SESSION_SECRET,
  LOG_LEVEL: 'warn',
  WEB_DIST: db.webDist,
});
const app = createApp({ knex, env, logger: createLogger(env) });
const server = createServer(requestListener(app));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const ctx = demoAgentCtx(knex);
try {
  console.log(`${dialect}, 3 runs each`);
  const queries = await captureQueries(knex, () => listClients(ctx, {}));
  for (const [i, q] of queries.entries()) {
    const sql = q.sql.replace(/\$\d+/g, '?');
    const rows = await span(`SQL ${i + 1} (${sql.slice(0, 30)}…)`, async () => {
      const res = (await knex.raw(sql, q.bindings as never)) as unknown;
      return (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows).length;
    });
    console.log(`  ${rows} rows`);
  }
  const list = await span('listClients (SQL + mapping)', () => listClients(ctx, {}));
  const json = await span('JSON.stringify of the answer', () => JSON.stringify(list));
  console.log(`  ${list.length} clients, ${(json.length / 1024 / 1024).toFixed(1)} MB of JSON`);

  const { session } = await loginOverHttp(base, 'agente@demo.pt', DEMO_PASSWORD);
  await span('one HTTP GET /api/clients (body read)', async () => {
    const res = await fetch(`${base}/api/clients`, { headers: { cookie: session } });
    return (await res.text()).length;
  });
  await span('one HTTP GET /api/clients?limit=50', async () => {
    const res = await fetch(`${base}/api/clients?limit=50`, { headers: { cookie: session } });
    return (await res.text()).length;
  });
} finally {
  await new Promise((resolve) => server.close(resolve));
  app.dispose();
  await knex.destroy();
  await db.drop();
}

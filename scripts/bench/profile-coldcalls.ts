// Where the server's CPU goes for POST /api/coldcalls (issue 19: ≥ 1,000 req/s on SQLite): the app in
// this process (no autocannon), `--requests` calls sent `--concurrency` at a time over HTTP, on the demo
// organization plus `--extra` clients. Prints the CPU per request and the statements per request (knex
// `query` events). Run under `node --cpu-prof --import tsx scripts/bench/profile-coldcalls.ts
// [--dialect sqlite|pg] [--requests 3000] [--concurrency 20] [--extra 2000]` for a CPU profile.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../sync-server/src/app';
import { DEMO_IDS, DEMO_PASSWORD } from '../../sync-server/src/db/seed/seed';
import { parseEnv } from '../../sync-server/src/env';
import { requestListener } from '../../sync-server/src/http/listener';
import { createLogger } from '../../sync-server/src/logger';
import { SESSION_SECRET } from './server';
import { benchDatabase, loginOverHttp, seedBenchData } from './setup';

const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const dialect = process.argv.includes('--dialect')
  ? (process.argv[process.argv.indexOf('--dialect') + 1] as 'sqlite' | 'pg')
  : 'sqlite';
const requests = arg('--requests', 3000);
const concurrency = arg('--concurrency', 20);

const db = await benchDatabase(dialect, 'casa_profile_coldcalls');
const knex = await seedBenchData(db.config, arg('--extra', 2000));
const env = parseEnv({ NODE_ENV: 'production', SESSION_SECRET, LOG_LEVEL: 'warn', WEB_DIST: db.webDist });
const app = createApp({ knex, env, logger: createLogger(env) });
const server = createServer(requestListener(app));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
try {
  const { session, headers } = await loginOverHttp(base, 'agente@demo.pt', DEMO_PASSWORD);
  const clientIds = (await knex('clients')
    .where('organization_id', DEMO_IDS.demoOrganization)
    .whereNull('deleted_at')
    .limit(1000)
    .pluck('id')) as string[];
  const one = async () => {
    const body = JSON.stringify({
      id: randomUUID(),
      clientId: clientIds[Math.floor(Math.random() * clientIds.length)],
      result: 'Atendeu',
      notes: 'Bench',
    });
    const res = await fetch(`${base}/api/coldcalls`, {
      method: 'POST',
      headers: { ...headers, cookie: session },
      body,
    });
    if (res.status !== 201) throw new Error(`answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 200; i++) await one(); // warm up
  let statements = 0;
  // Time per statement (query → query-response), by the statement's text without its values.
  const started = new Map<string, number>();
  const bySql = new Map<string, { n: number; ms: number }>();
  knex.on('query', (q: { __knexQueryUid: string }) => {
    statements++;
    started.set(q.__knexQueryUid, performance.now());
  });
  knex.on('query-response', (_res: unknown, q: { __knexQueryUid: string; sql: string }) => {
    const t0 = started.get(q.__knexQueryUid);
    if (t0 === undefined) return;
    started.delete(q.__knexQueryUid);
    const key = q.sql.slice(0, 90);
    const entry = bySql.get(key) ?? { n: 0, ms: 0 };
    bySql.set(key, entry);
    entry.n++;
    entry.ms += performance.now() - t0;
  });
  const cpu = process.cpuUsage();
  const t = performance.now();
  let sent = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < requests) {
        sent++;
        await one();
      }
    }),
  );
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  console.log(
    `${dialect}: ${requests} POST /api/coldcalls, ${concurrency} at a time: ${((requests / ms) * 1000).toFixed(0)} req/s, ` +
      `${((used.user + used.system) / 1000 / requests).toFixed(2)} ms CPU per request (server and client in this process), ` +
      `${(statements / requests).toFixed(1)} statements per request`,
  );
  for (const [sql, { n, ms }] of [...bySql].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) {
    console.log(`${(ms / n).toFixed(3).padStart(8)} ms × ${String(n).padStart(5)}  ${sql}`);
  }
} finally {
  await new Promise((resolve) => server.close(resolve));
  app.dispose();
  await knex.destroy();
  await db.drop();
}

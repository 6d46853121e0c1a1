// Benchmark: POST /api/auth/login and GET /api/auth/me with autocannon (concurrency 50) on SQLite and on
// PostgreSQL. Prints requests per second and latency percentiles. The server runs in its own process
// (`server.ts`); this process prepares the database and runs autocannon. Run: `pnpm bench:auth [--seconds 10]`.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { createKnex, type DbConfig } from '../../sync-server/src/db/knex';
import { migrateLatest } from '../../sync-server/src/db/migrate';
import { hashPassword } from '../../sync-server/src/lib/password';
import { startServer, type BenchServer } from './server';
import { benchDatabase, loginOverHttp, type Dialect } from './setup';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 10;
const EMAIL = 'bench@bench.pt';
const PASSWORD = 'Bench1234!';

async function prepare(config: DbConfig) {
  const knex = createKnex(config);
  await migrateLatest(knex);
  const now = new Date().toISOString();
  const organizationId = randomUUID();
  await knex('organizations').insert({ id: organizationId, name: 'Bench', created_at: now, updated_at: now });
  await knex('users').insert({
    id: randomUUID(),
    organization_id: organizationId,
    email: EMAIL,
    first_name: 'Bench',
    last_name: 'Mark',
    password_hash: await hashPassword(PASSWORD),
    role: 'agent',
    status: 'active',
    created_at: now,
    updated_at: now,
  });
  return knex;
}

async function fire(server: BenchServer, title: string, opts: autocannon.Options) {
  const r = await autocannon({ connections: 50, duration: seconds, ...opts });
  await server.idle(); // requests autocannon gave up on may still be queued in the server
  const non2xx = r.non2xx + r.errors + r.timeouts;
  console.log(
    `${title.padEnd(22)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   (${r.requests.total} requests, ${non2xx} failed)`,
  );
}

async function bench(dialect: Dialect) {
  const db = await benchDatabase(dialect, 'casa_bench');
  const knex = await prepare(db.config);
  await knex.destroy(); // the server process has its own connections
  let server: BenchServer | undefined;
  try {
    server = await startServer(db.config, db.webDist);
    const { url } = server;
    const { session, login } = await loginOverHttp(url, EMAIL, PASSWORD);
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(
      `\n${dialect} (${seconds} s each, 50 connections; server pid ${server.pid}; load average ${load})`,
    );
    await fire(server, 'POST /api/auth/login', { url: `${url}/api/auth/login`, ...login });
    await fire(server, 'GET /api/auth/me', { url: `${url}/api/auth/me`, headers: { cookie: session } });
  } finally {
    // SIGTERM: the server finishes in-flight requests and exits before the database goes away.
    await server?.stop();
    await db.drop();
  }
}

await bench('sqlite');
await bench('pg');

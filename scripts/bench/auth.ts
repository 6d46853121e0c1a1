// Benchmark: POST /api/auth/login and GET /api/auth/me with autocannon (concurrency 50) on SQLite and on
// PostgreSQL. Prints requests per second and latency percentiles. The server runs in its own process
// (`server.ts`); this process prepares the database and runs autocannon. Run: `pnpm bench:auth [--seconds 10]`.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createKnex, type DbConfig } from '../../sync-server/src/db/knex';
import { migrateLatest } from '../../sync-server/src/db/migrate';
import { hashPassword } from '../../sync-server/src/lib/password';
import { startServer, type BenchServer } from './server';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 10;
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
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

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function fire(server: BenchServer, title: string, opts: autocannon.Options) {
  const r = await autocannon({ connections: 50, duration: seconds, ...opts });
  await server.idle(); // requests autocannon gave up on may still be queued in the server
  const non2xx = r.non2xx + r.errors + r.timeouts;
  console.log(
    `${title.padEnd(22)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   (${r.requests.total} requests, ${non2xx} failed)`,
  );
}

async function bench(dialect: 'sqlite' | 'pg') {
  const dir = mkdtempSync(path.join(tmpdir(), 'casa-bench-'));
  let config: DbConfig;
  let dropPg: (() => Promise<void>) | undefined;
  if (dialect === 'sqlite') config = { client: 'sqlite', filename: path.join(dir, 'bench.sqlite') };
  else {
    const admin = createKnex({ client: 'pg', connectionString: PG_URL });
    const name = `casa_bench_${Date.now()}`;
    await admin.raw(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    config = { client: 'pg', connectionString: url.toString() };
    dropPg = async () => {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    };
  }
  const knex = await prepare(config);
  await knex.destroy(); // the server process has its own connections
  const webDist = path.join(dir, 'web-dist'); // empty: no web app to serve
  mkdirSync(webDist);
  let server: BenchServer | undefined;
  try {
    server = await startServer(config, webDist);
    const { url } = server;
    const health = await fetch(`${url}/api/health`);
    const csrfCookie = cookiesOf(health);
    const csrf = /csrf_token=([^;]+)/.exec(csrfCookie)?.[1] ?? '';
    const body = JSON.stringify({ email: EMAIL, password: PASSWORD });
    const headers = { 'content-type': 'application/json', cookie: csrfCookie, 'x-csrf-token': csrf };
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers, body });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const session = `${csrfCookie}; ${cookiesOf(login)}`;
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(
      `\n${dialect} (${seconds} s each, 50 connections; server pid ${server.pid}; load average ${load})`,
    );
    await fire(server, 'POST /api/auth/login', {
      url: `${url}/api/auth/login`,
      method: 'POST',
      headers,
      body,
    });
    await fire(server, 'GET /api/auth/me', { url: `${url}/api/auth/me`, headers: { cookie: session } });
  } finally {
    // SIGTERM: the server finishes in-flight requests and exits before the database goes away.
    await server?.stop();
    await dropPg?.();
    rmSync(dir, { recursive: true, force: true });
  }
}

await bench('sqlite');
await bench('pg');

// Benchmark: search, stats and CSV routes with autocannon (concurrency 50) on the seeded demo organization
// plus 50,000 extra clients, on SQLite and on PostgreSQL. Prints requests per second, p50/p99 latency, the
// mean time of the same domain call made directly (no HTTP), CSV export time and peak RSS growth, and the
// time of a 20,000-row CSV import. Run: `pnpm bench:api [--seconds 10] [--extra 50000] [--dialect sqlite|pg]`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { clientSearchText } from '../../shared-schema/src/text/normalize';
import { createLogger } from '../../sync-server/src/logger';
import { createApp } from '../../sync-server/src/app';
import { parseEnv } from '../../sync-server/src/env';
import { createKnex, type DbConfig } from '../../sync-server/src/db/knex';
import { migrateLatest } from '../../sync-server/src/db/migrate';
import { addExtraClients, DEMO_IDS, DEMO_PASSWORD, seedDemo } from '../../sync-server/src/db/seed/seed';
import type { DomainCtx } from '../../sync-server/src/http/context';
import { searchClients } from '../../sync-server/src/features/search/search.domain';
import { clientStats, coldCallStats, followUpStats } from '../../sync-server/src/features/stats/stats.domain';

const arg = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]);
const seconds = arg('--seconds') || 10;
const extra = process.argv.includes('--extra') ? arg('--extra') : 50_000;
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const EMAIL = 'agente@demo.pt';

function parseJson(value: unknown, fallback: unknown): unknown {
  if (typeof value !== 'string') return value ?? fallback;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return fallback;
  }
}

/**
 * The seed writes clients directly, without search_text; fill it the way every client write must
 * (clientSearchText), so the search runs on realistic rows.
 */
async function fillSearchText(knex: ReturnType<typeof createKnex>) {
  let after: string | null = null;
  for (;;) {
    const query = knex('clients')
      .whereNull('search_text')
      .orderBy('id')
      .limit(2000)
      .select('id', 'name', 'email', 'phone', 'notes', 'tags', 'custom_fields');
    if (after) query.where('id', '>', after);
    const rows = (await query) as Array<Record<string, unknown> & { id: string }>;
    if (rows.length === 0) return;
    await knex.transaction(async (trx) => {
      for (const r of rows) {
        const tags = parseJson(r.tags, []);
        const text = clientSearchText(
          {
            name: r.name,
            email: r.email,
            phone: r.phone,
            notes: r.notes,
            customFields: parseJson(r.custom_fields, {}),
          },
          Array.isArray(tags) ? (tags as string[]) : [],
        );
        await trx('clients').where('id', r.id).update({ search_text: text });
      }
    });
    after = rows[rows.length - 1]!.id;
  }
}

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function fire(title: string, opts: autocannon.Options, direct?: () => Promise<unknown>) {
  const r = await autocannon({ connections: 50, duration: seconds, ...opts });
  const failed = r.non2xx + r.errors;
  let ratio = '';
  if (direct) {
    const runs = 50;
    const t = performance.now();
    for (let i = 0; i < runs; i++) await direct();
    const mean = (performance.now() - t) / runs;
    ratio = `   direct call ${mean.toFixed(2)} ms (p50/direct ${(r.latency.p50 / mean).toFixed(1)}×)`;
  }
  console.log(
    `${title.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   (${r.requests.total} req, ${failed} failed)${ratio}`,
  );
}

/** Runs `fn` while sampling this process's RSS; answers the time and the peak growth in MB. */
async function measure(fn: () => Promise<void>) {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t = performance.now();
  await fn();
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms: performance.now() - t, growthMb: (peak - base) / 1024 / 1024, peakMb: peak / 1024 / 1024 };
}

async function bench(dialect: 'sqlite' | 'pg') {
  const dir = mkdtempSync(path.join(tmpdir(), 'casa-bench-api-'));
  let config: DbConfig;
  let dropPg: (() => Promise<void>) | undefined;
  if (dialect === 'sqlite') config = { client: 'sqlite', filename: path.join(dir, 'bench.sqlite') };
  else {
    const admin = createKnex({ client: 'pg', connectionString: PG_URL });
    const name = `casa_bench_api_${Date.now()}`;
    await admin.raw(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    config = { client: 'pg', connectionString: url.toString() };
    dropPg = async () => {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    };
  }
  const knex = createKnex(config);
  await migrateLatest(knex);
  await seedDemo(knex);
  if (extra > 0) await addExtraClients(knex, extra);
  await fillSearchText(knex);
  if (dialect === 'pg') await knex.raw('VACUUM ANALYZE'); // what autovacuum does on a live server

  const env = parseEnv({
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'warn',
    WEB_DIST: dir,
  });
  const app = createApp({ knex, env, logger: createLogger(env) });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ctx: DomainCtx = {
    db: knex,
    auth: {
      userId: DEMO_IDS.demoAgent,
      organizationId: DEMO_IDS.demoOrganization,
      role: 'agent',
      isSuperAdmin: false,
    },
    now: new Date().toISOString(),
    log: createLogger(env),
  };
  try {
    const health = await fetch(`${url}/api/health`);
    const csrfCookie = cookiesOf(health);
    const csrf = /csrf_token=([^;]+)/.exec(csrfCookie)?.[1] ?? '';
    const headers = { 'content-type': 'application/json', cookie: csrfCookie, 'x-csrf-token': csrf };
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: EMAIL, password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const session = `${csrfCookie}; ${cookiesOf(login)}`;
    const get = (p: string) => ({ url: `${url}${p}`, headers: { cookie: session } });
    const total = await knex('clients')
      .where('organization_id', DEMO_IDS.demoOrganization)
      .count({ n: '*' })
      .first();
    console.log(
      `\n${dialect}: ${String(total?.n)} clients in the demo organization (${seconds} s each, 50 connections)`,
    );

    for (const [title, query] of [
      ['GET /api/search/clients (no filter)', {}],
      ['GET /api/search/clients?q=silva', { q: 'silva' }],
      [
        'GET /api/search/clients?q=joao&hasPhone&minRating=3',
        { q: 'joao', hasPhone: 'true', minRating: '3' },
      ],
      ['GET /api/search/clients?zone=lisboa&minBudget=200000', { zone: 'lisboa', minBudget: '200000' }],
    ] as const) {
      const qs = new URLSearchParams(query as Record<string, string>).toString();
      await fire(title, get(`/api/search/clients${qs ? `?${qs}` : ''}`), () => searchClients(ctx, query));
    }
    await fire('GET /api/stats/clients', get('/api/stats/clients'), () => clientStats(ctx, {}));
    await fire('GET /api/stats/followups', get('/api/stats/followups'), () => followUpStats(ctx, {}));
    await fire('GET /api/stats/coldcalls', get('/api/stats/coldcalls'), () => coldCallStats(ctx, {}));

    let csv = '';
    const exported = await measure(async () => {
      const res = await fetch(`${url}/api/export/clients`, { headers: { cookie: session } });
      if (!res.body) throw new Error('no body');
      let bytes = 0;
      let lines = 0;
      const decoder = new TextDecoder();
      // Keep only what the import below needs (header + 20,000 rows), so the client adds little memory.
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        if (lines > 20_001) continue;
        const text = decoder.decode(chunk, { stream: true });
        csv += text;
        lines += text.split('\r\n').length - 1;
      }
      console.log(`CSV export: ${(bytes / 1024 / 1024).toFixed(1)} MB`);
    });
    console.log(
      `CSV export of every client: ${exported.ms.toFixed(0)} ms, RSS +${exported.growthMb.toFixed(0)} MB (peak ${exported.peakMb.toFixed(0)} MB, server and client in one process)`,
    );

    // The first 20,000 exported rows, imported into the same organization (limits lifted for the bench).
    await knex('organizations').where('id', DEMO_IDS.demoOrganization).update({ max_clients: 0 });
    const lines = csv.split('\r\n');
    const file = lines.slice(0, 20_001).join('\r\n');
    const rows = Math.min(20_000, lines.length - 2);
    const imported = await measure(async () => {
      const res = await fetch(`${url}/api/import/clients`, {
        method: 'POST',
        headers: { ...headers, cookie: session },
        body: JSON.stringify({ csvData: file }),
      });
      const body = (await res.json()) as { imported: number; errors: unknown[] };
      console.log(
        `CSV import answered ${res.status}: ${body.imported} imported, ${body.errors.length} errors`,
      );
    });
    console.log(
      `CSV import of ${rows} rows: ${imported.ms.toFixed(0)} ms, RSS +${imported.growthMb.toFixed(0)} MB (peak ${imported.peakMb.toFixed(0)} MB)`,
    );
  } finally {
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    app.dispose();
    await knex.destroy();
    await dropPg?.();
    rmSync(dir, { recursive: true, force: true });
  }
}

const only = process.argv.includes('--dialect')
  ? process.argv[process.argv.indexOf('--dialect') + 1]
  : undefined;
if (only !== 'pg') await bench('sqlite');
if (only !== 'sqlite') await bench('pg');

// Benchmark of the sync engine's server side (issue 4, "Benchmarks to report") on the seeded demo
// organization plus 50,000 extra clients, on SQLite and on PostgreSQL, with the server in its own process
// (`server.ts`). Measures over HTTP, logged in as agente@demo.pt:
// - a full snapshot pull (no cursor, `limit` rows per page, default 1000 and the maximum 5000): time, pages,
//   rows, JSON bytes and the bytes on the wire as a client that names no encoding, a browser over HTTPS
//   (brotli) and over plain HTTP (gzip) receive them, the server's CPU and RSS growth;
// - a push of 1,000 queued mutations (a marathon day: calls, interactions, edits, follow-ups) in chunks of
//   200, then the replay of the same chunks (lost responses), then the delta pull that brings them back;
// - a 10,000-mutation outbox (a week offline, cheap markNotificationRead) drained in chunks of 200.
// Push times are the wall time of the HTTP requests, sent one after another (each chunk's server time plus
// one local round trip), and the CPU time the server process spent meanwhile (/proc: it does not count the
// database's own work on Postgres, and it does not grow with the machine's load the way wall time does). Run: `pnpm bench:sync [--extra 50000] [--dialect sqlite|pg] [--queue 10000]`.
import { randomUUID } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { loadavg } from 'node:os';
import { brotliDecompress, gunzip } from 'node:zlib';
import {
  SYNC_PUSH_MAX_MUTATIONS,
  type PullResponse,
  type PushMutation,
  type PushResponse,
} from '../../shared-schema/src/index';
import { DEMO_IDS, DEMO_PASSWORD } from '../../sync-server/src/db/seed/seed';
import { createdIds, headSeq, writeBare, writtenRows } from './bare-sql';
import { MARATHON, marathon } from './marathon';
import { startServer, type BenchServer } from './server';
import { benchDatabase, loginOverHttp, seedBenchData } from './setup';

const arg = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]);
const extra = process.argv.includes('--extra') ? arg('--extra') : 50_000;
const queue = process.argv.includes('--queue') ? arg('--queue') : 10_000;
const EMAIL = 'agente@demo.pt';

const load1 = () => loadavg()[0]!.toFixed(1);
type Session = { url: string; headers: Record<string, string>; cpuMs: () => number };

async function login(server: BenchServer): Promise<Session> {
  const { headers, session } = await loginOverHttp(server.url, EMAIL, DEMO_PASSWORD);
  return { url: server.url, headers: { ...headers, cookie: session }, cpuMs: server.cpuMs };
}

/** The pull's answer as it crossed the wire, and decoded: `encoding` is the request's Accept-Encoding. */
function getEncoded(url: string, headers: Record<string, string>, encoding: string) {
  return new Promise<{ status: number; wire: number; text: string }>((resolve, reject) => {
    const req = httpGet(url, { headers: { ...headers, 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const decode = { br: brotliDecompress, gzip: gunzip }[res.headers['content-encoding'] ?? ''];
        const done = (body: Buffer) =>
          resolve({ status: res.statusCode ?? 0, wire: raw.length, text: body.toString('utf8') });
        if (!decode) return done(raw);
        decode(raw, (err, body) => (err ? reject(err) : done(body)));
      });
    });
    req.on('error', reject);
  });
}

async function pullAll(session: Session, limit: number, cursor?: string, encoding = 'identity') {
  let pages = 0;
  let rows = 0;
  let bytes = 0;
  let wire = 0;
  let next = cursor;
  for (;;) {
    const query = new URLSearchParams({ limit: String(limit), ...(next ? { cursor: next } : {}) });
    const res = await getEncoded(`${session.url}/api/sync/pull?${query}`, session.headers, encoding);
    if (res.status !== 200) throw new Error(`pull answered ${res.status}: ${res.text.slice(0, 200)}`);
    const page = JSON.parse(res.text) as PullResponse;
    pages += 1;
    rows += page.changes.length;
    bytes += Buffer.byteLength(res.text);
    wire += res.wire;
    next = page.cursor;
    if (!page.hasMore) return { pages, rows, bytes, wire, cursor: next };
  }
}

async function pushChunks(session: Session, clientId: string, mutations: PushMutation[]) {
  let rejected = 0;
  let replayed = 0;
  const t = performance.now();
  const cpu = session.cpuMs();
  for (let i = 0; i < mutations.length; i += SYNC_PUSH_MAX_MUTATIONS) {
    const res = await fetch(`${session.url}/api/sync/push`, {
      method: 'POST',
      headers: session.headers,
      body: JSON.stringify({ clientId, mutations: mutations.slice(i, i + SYNC_PUSH_MAX_MUTATIONS) }),
    });
    const body = (await res.json()) as PushResponse;
    if (res.status !== 200) throw new Error(`push answered ${res.status}: ${JSON.stringify(body)}`);
    rejected += body.results.filter((r) => r.status === 'rejected').length;
    replayed += body.results.filter((r) => r.replayed).length;
  }
  return { ms: performance.now() - t, cpu: session.cpuMs() - cpu, rejected, replayed };
}

async function bench(dialect: 'sqlite' | 'pg') {
  const db = await benchDatabase(dialect, 'casa_bench_sync');
  let seeded: Awaited<ReturnType<typeof seedBenchData>> | undefined;
  let server: BenchServer | undefined;
  try {
    const knex = (seeded = await seedBenchData(db.config, extra));
    server = await startServer(db.config, db.webDist);
    const session = await login(server);
    console.log(
      `\n${dialect}: server pid ${server.pid}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );

    // As sent to a client that names no encoding, and to a browser over HTTPS (brotli) or plain HTTP (gzip).
    for (const [limit, encoding] of [
      [1000, 'identity'],
      [1000, 'gzip, deflate, br'],
      [1000, 'gzip, deflate'],
      [5000, 'identity'],
      [5000, 'gzip, deflate, br'],
    ] as const) {
      let snap = { pages: 0, rows: 0, bytes: 0, wire: 0, cursor: '' };
      const cpu = server.cpuMs();
      const m = await server.measure(async () => {
        snap = await pullAll(session, limit, undefined, encoding);
      });
      const cpuMs = (server.cpuMs() - cpu).toFixed(0);
      console.log(
        `snapshot pull, limit ${limit}, Accept-Encoding '${encoding}': ${m.ms} ms, ${snap.pages} pages, ${snap.rows} rows, ` +
          `${(snap.bytes / 1024 / 1024).toFixed(1)} MB JSON, ${(snap.wire / 1024 / 1024).toFixed(2)} MB on the wire (÷${(snap.bytes / snap.wire).toFixed(1)}); ` +
          `server CPU ${cpuMs} ms; server RSS ${m.base} → peak ${m.peak} MB; load1 ${load1()}`,
      );
    }
    const { cursor } = await pullAll(session, 5000);

    const live = (table: string) =>
      knex(table).where('organization_id', DEMO_IDS.demoOrganization).whereNull('deleted_at');
    const clientIds = ((await live('clients').orderBy('id').limit(300).pluck('id')) as string[]).map(String);
    const followUpIds = (
      (await live('follow_ups').where('completed', false).orderBy('id').limit(100).pluck('id')) as string[]
    ).map(String);
    const batch = marathon(clientIds, followUpIds);
    const device = randomUUID();
    const seqBefore = await headSeq(knex, DEMO_IDS.demoOrganization);
    const pushed = await pushChunks(session, device, batch);
    console.log(
      `push of ${MARATHON} mutations (5 × 200): ${pushed.ms.toFixed(0)} ms wall, ${pushed.cpu} ms server CPU ` +
        `(${(pushed.ms / MARATHON).toFixed(2)} ms/mutation, ${pushed.rejected} rejected); target < 2000 ms; load1 ${load1()}`,
    );
    const replay = await pushChunks(session, device, batch);
    console.log(
      `replay of the same ${MARATHON}: ${replay.ms.toFixed(0)} ms wall, ${replay.cpu} ms server CPU ` +
        `(${replay.replayed} replayed); target < 500 ms; load1 ${load1()}`,
    );
    const t = performance.now();
    const delta = await pullAll(session, 1000, cursor);
    console.log(
      `delta pull after the push: ${(performance.now() - t).toFixed(0)} ms, ${delta.pages} pages, ${delta.rows} rows; load1 ${load1()}`,
    );
    // The bare SQL baseline: the rows the push wrote, written again with plain batched SQL (bare-sql.ts),
    // after the delta pull (the copies are logged too).
    const written = await writtenRows(knex, DEMO_IDS.demoOrganization, seqBefore, createdIds(batch), device);
    const bareMs = await writeBare(knex, written, { transactions: 5, userId: DEMO_IDS.demoAgent });
    const count = (rows: Map<string, unknown[]>) => [...rows.values()].reduce((n, r) => n + r.length, 0);
    console.log(
      `bare SQL of the push's rows (${count(written.inserted)} inserted, ${count(written.updated)} updated, ` +
        `${written.changes.length} change-log entries, ${written.outcomes.length} outcomes; 5 transactions): ` +
        `${bareMs.toFixed(0)} ms → push / bare SQL = ${(pushed.ms / bareMs).toFixed(1)}×; ` +
        `limit ratio (2000 ms / bare SQL) = ${(2000 / bareMs).toFixed(1)}×; load1 ${load1()}`,
    );

    if (queue > 0) {
      const ids = (await knex('notifications').where('user_id', DEMO_IDS.demoAgent).pluck('id')) as string[];
      const outbox: PushMutation[] = Array.from({ length: queue }, (_, i) => ({
        mutationId: i + 1,
        name: 'markNotificationRead',
        args: { id: ids[i % ids.length] },
      }));
      const drained = await pushChunks(session, randomUUID(), outbox);
      console.log(
        `outbox of ${queue} markNotificationRead in chunks of 200: ${drained.ms.toFixed(0)} ms wall, ${drained.cpu} ms server CPU ` +
          `(${(drained.ms / queue).toFixed(2)} ms/mutation, ${drained.rejected} rejected); load1 ${load1()}`,
      );
    }
  } finally {
    await server?.stop();
    await seeded?.destroy();
    await db.drop();
  }
}

const only = process.argv.includes('--dialect')
  ? process.argv[process.argv.indexOf('--dialect') + 1]
  : undefined;
for (const dialect of ['sqlite', 'pg'] as const) if (!only || only === dialect) await bench(dialect);

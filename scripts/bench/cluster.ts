// Benchmark: the cluster (scripts/cluster.ts: N server processes on one PostgreSQL behind HAProxy) with
// autocannon THROUGH THE PROXY at 1, 2 and 4 processes — reads (the delta pull at head, what every live
// poke triggers) and writes (POST /api/clients) — then, at 2 processes: the time from a write on one
// device to another device holding the change (p50, p95) with live pokes, the same without (the 30 s
// poll), the live streams held per process and the memory of 1,000 idle streams.
// Run: `pnpm bench:cluster [--seconds 8] [--processes 1,2,4] [--streams 1000]`.
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startCluster, type Cluster } from '../cluster';
import { benchDatabase, loginOverHttp, type BenchLogin } from './setup';

const arg = (name: string, fallback: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1]! : fallback;
const seconds = Number(arg('--seconds', '8'));
const counts = arg('--processes', '1,2,4').split(',').map(Number);
const STREAMS = Number(arg('--streams', '1000'));
const parts = arg('--parts', 'throughput,convergence,streams').split(',');
const PORT = 3280;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Pull = { cursor: string; hasMore: boolean; changes: { table: string; id: string }[] };
async function pull(url: string, login: BenchLogin, cursor?: string): Promise<Pull> {
  const q = cursor ? `?cursor=${encodeURIComponent(cursor)}&limit=1000` : '?limit=1000';
  const res = await fetch(`${url}/api/sync/pull${q}`, { headers: { cookie: login.session } });
  if (res.status !== 200) throw new Error(`pull answered ${res.status}`);
  return (await res.json()) as Pull;
}
async function head(url: string, login: BenchLogin): Promise<string> {
  let page = await pull(url, login);
  while (page.hasMore) page = await pull(url, login, page.cursor);
  return page.cursor;
}

async function fire(title: string, opts: autocannon.Options) {
  const r = await autocannon({ connections: 20, duration: seconds, ...opts });
  const failed = r.non2xx + r.errors + r.timeouts;
  console.log(
    `  ${title.padEnd(30)} ${r.requests.average.toFixed(0).padStart(5)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   (${failed} failed)   load ${load()}`,
  );
}

async function withCluster<T>(processes: number, fn: (c: Cluster) => Promise<T>): Promise<T> {
  const db = await benchDatabase('pg', 'casa_bench_cluster');
  if (db.config.client !== 'pg') throw new Error('pg only');
  const cluster = await startCluster({
    processes,
    port: PORT,
    databaseUrl: db.config.connectionString,
    stdio: 'ignore',
    env: { LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' },
  });
  try {
    return await fn(cluster);
  } finally {
    await cluster.stop();
    await db.drop();
  }
}

async function throughput(cluster: Cluster) {
  const admin = await loginOverHttp(cluster.url, 'admin@demo.pt', 'Demo1234!');
  const cursor = await head(cluster.url, admin);
  await fire('read: delta pull at head', {
    url: `${cluster.url}/api/sync/pull?cursor=${encodeURIComponent(cursor)}`,
    headers: { cookie: admin.session },
  });
  await fire('write: POST /api/clients', {
    url: `${cluster.url}/api/clients`,
    method: 'POST',
    headers: { ...admin.headers, cookie: admin.session },
    body: JSON.stringify({ name: 'Cliente Carga', type: 'Vendedor' }),
  });
}

/** From a write by the admin to the agent's device holding the row: through the proxy, with pokes. */
async function convergence(cluster: Cluster) {
  const admin = await loginOverHttp(cluster.url, 'admin@demo.pt', 'Demo1234!');
  const agent = await loginOverHttp(cluster.url, 'agente@demo.pt', 'Demo1234!');
  let cursor = await head(cluster.url, agent);
  const abort = new AbortController();
  const res = await fetch(`${cluster.url}/api/sync/live`, {
    headers: { cookie: agent.session, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const reader = res.body!.getReader();
  const pokes: Array<() => void> = [];
  void (async () => {
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      if (decoder.decode(value).includes('data: poke')) pokes.splice(0).forEach((w) => w());
    }
  })();
  const samples: number[] = [];
  const pullTimes: number[] = [];
  for (let i = 0; i < 30; i++) {
    const poked = new Promise<void>((resolve) => pokes.push(resolve));
    const t0 = performance.now();
    const created = await fetch(`${cluster.url}/api/clients`, {
      method: 'POST',
      headers: { ...admin.headers, cookie: admin.session },
      body: JSON.stringify({ name: `Convergência ${i}`, type: 'Vendedor' }),
    });
    const { id } = (await created.json()) as { id: string };
    await poked;
    for (;;) {
      const p0 = performance.now();
      const page = await pull(cluster.url, agent, cursor);
      pullTimes.push(performance.now() - p0);
      cursor = page.cursor;
      if (page.changes.some((c) => c.id === id)) break;
    }
    samples.push(performance.now() - t0);
    await sleep(200);
  }
  abort.abort();
  const pull50 = percentile(pullTimes, 50);
  console.log(
    `  write → other device holds it, live pokes: p50 ${percentile(samples, 50).toFixed(0)} ms, p95 ${percentile(samples, 95).toFixed(0)} ms (30 writes)   load ${load()}`,
  );
  // Without pokes the device learns at its next 30 s poll, uniformly 0–30 s after the write: computed
  // from the poll period and the measured pull (waiting for it 30 times would take 15 minutes).
  console.log(
    `  write → other device holds it, 30 s poll only: p50 ≈ ${(15_000 + pull50).toFixed(0)} ms, p95 ≈ ${(28_500 + pull50).toFixed(0)} ms (poll period + measured pull p50 ${pull50.toFixed(0)} ms)`,
  );
}

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

async function idleStreams(cluster: Cluster) {
  const agent = await loginOverHttp(cluster.url, 'agente@demo.pt', 'Demo1234!');
  await sleep(5000); // a fresh cluster, settled: the RSS before is not inflated by garbage of earlier runs
  const before = cluster.pids().map(rssKb);
  const aborts: AbortController[] = [];
  const open = async (i: number) => {
    const abort = new AbortController();
    aborts.push(abort);
    const res = await fetch(`${cluster.url}/api/sync/live`, {
      headers: { cookie: agent.session, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (res.status !== 200) throw new Error(`stream ${i} answered ${res.status}`);
    void res.body
      ?.getReader()
      .read()
      .catch(() => undefined);
  };
  const t0 = performance.now();
  for (let i = 0; i < STREAMS; i += 25) {
    await Promise.all(Array.from({ length: Math.min(25, STREAMS - i) }, (_, j) => open(i + j)));
  }
  const opening = performance.now() - t0;
  await sleep(5000);
  const after = cluster.pids().map(rssKb);
  const csv = await (await fetch(`${cluster.statsUrl};csv`)).text();
  const held = csv
    .split('\n')
    .filter((l) => l.startsWith('servers,p'))
    .map((l) => `${l.split(',')[1]} ${l.split(',')[4]}`);
  const delta = after.reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0);
  console.log(
    `  ${STREAMS} idle live streams through the proxy (opened in ${(opening / 1000).toFixed(1)} s, 25 at a time): held per process ${held.join(', ')}`,
  );
  console.log(
    `  RSS per process before ${before.map((k) => `${(k / 1024).toFixed(0)} MB`).join(', ')}, after ${after.map((k) => `${(k / 1024).toFixed(0)} MB`).join(', ')}: +${(delta / 1024).toFixed(1)} MB for ${STREAMS} streams (${((delta / 1024) * (1000 / STREAMS)).toFixed(1)} MB per 1,000)`,
  );
  aborts.forEach((a) => a.abort());
}

async function main() {
  console.log(
    `Cluster benchmark (HAProxy, PostgreSQL), ${seconds} s per autocannon run, 20 connections; load ${load()}`,
  );
  for (const n of parts.includes('throughput') ? counts : []) {
    console.log(`\n${n} process${n > 1 ? 'es' : ''}:`);
    await withCluster(n, throughput);
  }
  if (parts.includes('convergence')) {
    console.log('\n2 processes: convergence');
    await withCluster(2, convergence);
  }
  if (parts.includes('streams')) {
    console.log('\n2 processes: idle live streams');
    await withCluster(2, idleStreams);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

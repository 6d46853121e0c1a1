// Benchmark of the exports with the largest data the bounds allow (issue 17): the demo organization plus
// `--clients` clients of the demo agent whose customFields sit at the bounds (depth 5, 200 keys, 16 KiB;
// `sync-server/test/largest-data.ts`), inserted directly. The server runs in its own process (`server.ts`).
// For each export (the user's data, the CSV, the unpaged client list): time, bytes, the server's RSS before
// and at its peak, and the latency of `/api/health` requested one after another (10 ms apart) from this
// process meanwhile (p50 and max), with the 1-minute load average (the machine is shared).
// Run: `pnpm exec tsx scripts/bench/export.ts [--clients 10000] [--dialect sqlite|pg]`.
import { loadavg } from 'node:os';
import { DEMO_IDS, DEMO_PASSWORD } from '../../sync-server/src/db/seed/seed';
import { insertLargestClients } from '../../sync-server/test/largest-data';
import { startServer } from './server';
import { benchDatabase, loginOverHttp, seedBenchData, type Dialect } from './setup';

const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1];
const clients = process.argv.includes('--clients') ? Number(arg('--clients')) : 10_000;
const dialects: Dialect[] = process.argv.includes('--dialect')
  ? [arg('--dialect') as Dialect]
  : ['sqlite', 'pg'];
const EXPORTS = ['/api/user/export', '/api/export/clients', '/api/clients'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

for (const dialect of dialects) {
  const db = await benchDatabase(dialect, 'casa_bench_export');
  try {
    const knex = await seedBenchData(db.config, 0);
    const t = performance.now();
    await insertLargestClients(knex, {
      organizationId: DEMO_IDS.demoOrganization,
      agentId: DEMO_IDS.demoAgent,
      count: clients,
    });
    if (dialect === 'pg') await knex.raw('VACUUM ANALYZE');
    await knex.destroy();
    console.log(
      `\n${dialect}: ${clients} clients at the customFields bounds inserted in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const server = await startServer(db.config, db.webDist);
    try {
      const { session } = await loginOverHttp(server.url, 'agente@demo.pt', DEMO_PASSWORD);
      console.log('export                 MB     time s  RSS base  RSS peak  health p50  health max  load1');
      for (const path of EXPORTS) {
        await server.idle();
        let bytes = 0;
        let done = false;
        const latencies: number[] = [];
        const probe = (async () => {
          while (!done) {
            const started = performance.now();
            await (await fetch(`${server.url}/api/health`)).arrayBuffer();
            latencies.push(performance.now() - started);
            await sleep(10);
          }
        })();
        const m = await server.measure(async () => {
          const res = await fetch(`${server.url}${path}`, { headers: { cookie: session } });
          if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
          for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
          done = true;
        });
        await probe;
        console.log(
          [
            path.padEnd(20),
            (bytes / 1e6).toFixed(0).padStart(6),
            (Number(m.ms) / 1000).toFixed(1).padStart(9),
            `${m.base} MB`.padStart(9),
            `${m.peak} MB`.padStart(9),
            `${pct(latencies, 0.5).toFixed(0)} ms`.padStart(11),
            `${Math.max(...latencies).toFixed(0)} ms`.padStart(11),
            loadavg()[0]!.toFixed(1).padStart(6),
          ].join(' '),
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}

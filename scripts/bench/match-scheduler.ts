// The property-match scheduler at 50,000 clients: the demo organization plus `--extra` clients, one
// property_match_jobs row for a demo property for sale, then one scheduler tick in this process (no HTTP),
// as `main.ts` runs it. The server's event loop is the one running the tick, so the figure that matters
// is the longest stretch the tick keeps it busy: the maximum event-loop delay (perf_hooks
// monitorEventLoopDelay, 1 ms resolution) during the tick, and during `readBuyers` alone (the organization's
// buyers read and prepared). The clients are made two days old, out of the new-client step's lookback, so the
// tick is the steady state of a large organization. With the 1-minute load average (the machine is shared).
// Run: `pnpm exec tsx scripts/bench/match-scheduler.ts [--extra 50000] [--dialect sqlite|pg] [--runs 3]`.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEMO_IDS } from '../../sync-server/src/db/seed/seed';
import { readBuyers } from '../../sync-server/src/features/property-matches/property-matches.service';
import { runSchedulerTick } from '../../sync-server/src/features/scheduler/scheduler.service';
import { benchDatabase, demoAgentCtx, seedBenchData, type Dialect } from './setup';

const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1];
const extra = process.argv.includes('--extra') ? Number(arg('--extra')) : 50_000;
const runs = process.argv.includes('--runs') ? Number(arg('--runs')) : 3;
const dialects: Dialect[] = process.argv.includes('--dialect')
  ? [arg('--dialect') as Dialect]
  : ['sqlite', 'pg'];
const organizationId = DEMO_IDS.demoOrganization;

type Watched = { ms: number; maxDelayMs: number; cpuMs: number; maxCpuMs: number };

/**
 * Runs `fn` and answers its wall time, the longest event-loop delay meanwhile, its CPU time and the CPU
 * time of its longest synchronous stretch (ms). On the shared machine another process can take the core in
 * the middle of a stretch, so the delay grows with the load; the stretch's CPU time does not. The stretch
 * is measured by a timer that re-arms itself every millisecond: the process's CPU time between two of its
 * runs is what ran in between (GC included).
 */
async function watched(fn: () => Promise<unknown>): Promise<Watched> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  // One turn first, for the histogram's timer to run (no reset(): after it the next block went unseen).
  await new Promise((resolve) => setTimeout(resolve, 5));
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let maxCpuMs = 0;
  let last = cpu();
  let probing = true;
  const probe = () => {
    const now = cpu();
    maxCpuMs = Math.max(maxCpuMs, now - last);
    last = now;
    if (probing) setTimeout(probe, 1);
  };
  setTimeout(probe, 1);
  const cpuStart = cpu();
  const started = performance.now();
  await fn();
  const ms = performance.now() - started;
  const cpuMs = cpu() - cpuStart;
  // One more turn, so a block at the very end is sampled too.
  await new Promise((resolve) => setTimeout(resolve, 5));
  probing = false;
  h.disable();
  return { ms, maxDelayMs: h.max / 1e6, cpuMs, maxCpuMs };
}

for (const dialect of dialects) {
  const db = await benchDatabase(dialect, 'casa_bench_match_scheduler');
  try {
    const knex = await seedBenchData(db.config, extra);
    // Clients created two days ago: 50,000 clients created within the scheduler's 24-hour lookback (an
    // import) also make the new-client step read them all, in one statement, every tick (see README).
    const aged = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
    await knex('clients').where({ organization_id: organizationId }).update({ created_at: aged });
    const buyers = (await knex('clients')
      .where({ organization_id: organizationId })
      .whereNull('deleted_at')
      .whereIn('type', ['Comprador', 'Investidor'])
      .count({ n: '*' })
      .first()) as { n: unknown };
    const property = (await knex('properties')
      .where({ organization_id: organizationId, business: 'Venda' })
      .whereNull('deleted_at')
      .whereNotNull('price_cents')
      .first('id')) as { id: string };
    console.log(`\n${dialect}: ${Number(buyers.n)} buyers in the demo organization (+${extra} clients)`);
    console.log(
      'run  |  readBuyers: ms  CPU ms  max delay  max stretch CPU  |  tick: ms  CPU ms  max delay  max stretch CPU  |  matches  load1',
    );
    for (let run = 1; run <= runs; run++) {
      // Each run tells the same property again: forget who was told.
      await knex('property_match_notified').where('property_id', property.id).delete();
      await knex('property_match_jobs').insert({
        id: randomUUID(),
        organization_id: organizationId,
        property_id: property.id,
        reason: 'created',
        created_at: new Date(Date.now() - 1000).toISOString(),
      });
      const read = await watched(() => readBuyers(knex, organizationId));
      const tick = await watched(() => runSchedulerTick({ knex, log: demoAgentCtx(knex).log }));
      const told = (await knex('property_match_notified')
        .where('property_id', property.id)
        .count({ n: '*' })
        .first()) as { n: unknown };
      const cells = (w: Watched) =>
        [w.ms, w.cpuMs, w.maxDelayMs, w.maxCpuMs].map((v, i) => v.toFixed(0).padStart([5, 7, 10, 16][i]!));
      console.log(
        [
          String(run).padEnd(4),
          '|           ',
          ...cells(read),
          '  |     ',
          ...cells(tick),
          '  |',
          String(Number(told.n)).padStart(8),
          loadavg()[0]!.toFixed(1).padStart(6),
        ].join(' '),
      );
    }
    await knex.destroy();
  } finally {
    await db.drop();
  }
}

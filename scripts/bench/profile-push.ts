// Where the time of a sync push goes (issue 19, "Server writes"): the marathon day (marathon.ts) pushed
// in process through the push domain function (no HTTP), in chunks of 200, on the demo organization plus
// `--extra` clients. Prints the statements per mutation by kind (knex `query` events: SAVEPOINT/RELEASE,
// reads, writes, change-log appends) and the time per chunk. Run:
// `pnpm exec tsx scripts/bench/profile-push.ts [--dialect sqlite|pg] [--extra 2000] [--sql]`
// (`--sql` lists the statements of one mutation of each kind; `node --cpu-prof --import tsx …` for a profile).
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { SYNC_PUSH_MAX_MUTATIONS, type PushMutation } from '../../shared-schema/src/index';
import { DEMO_IDS } from '../../sync-server/src/db/seed/seed';
import { push } from '../../sync-server/src/features/sync/sync-push';
import { MUTATORS } from '../../sync-server/src/features/sync/sync-mutations';
import { marathon } from './marathon';
import { benchDatabase, demoAgentCtx, seedBenchData } from './setup';

const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1];
const dialect = process.argv.includes('--dialect') ? (arg('--dialect') as 'sqlite' | 'pg') : 'sqlite';
const extra = process.argv.includes('--extra') ? Number(arg('--extra')) : 2_000;
const listSql = process.argv.includes('--sql');

const db = await benchDatabase(dialect, 'casa_profile_push');
const knex = await seedBenchData(db.config, extra);
try {
  const ctx = demoAgentCtx(knex);
  const live = (table: string) =>
    knex(table).where('organization_id', DEMO_IDS.demoOrganization).whereNull('deleted_at');
  const clientIds = ((await live('clients').orderBy('id').limit(300).pluck('id')) as string[]).map(String);
  const followUpIds = (
    (await live('follow_ups').where('completed', false).orderBy('id').limit(100).pluck('id')) as string[]
  ).map(String);
  const batch = marathon(clientIds, followUpIds);

  // Statements per mutation kind: attributed to the domain function last called (MUTATORS wrapped), so a
  // mutation's share of the push's own statements (savepoint, advance, recorded outcome) lands on the
  // previous one; the total per mutation is exact.
  let current = 'push';
  for (const name of Object.keys(MUTATORS) as Array<keyof typeof MUTATORS>) {
    const original = MUTATORS[name];
    MUTATORS[name] = (c, a) => {
      current = name;
      return original(c, a);
    };
  }
  const statements = new Map<string, Map<string, number>>();
  const samples = new Map<string, string[]>();
  const kindOf = (sql: string) =>
    (/^\s*(\w+)(?:\s+(?:into|from)?\s*["`]?(\w+))?/i.exec(sql)?.slice(1, 3).join(' ') ?? sql).toLowerCase();
  knex.on('query', (q: { sql: string }) => {
    const byKind = statements.get(current) ?? new Map<string, number>();
    statements.set(current, byKind);
    const kind = kindOf(
      q.sql
        .replace(/^\s*update\s+["`]?(\w+)["`]?.*/is, 'update $1')
        .replace(/^\s*(savepoint|release savepoint|rollback to savepoint)\s+\w+/i, '$1'),
    );
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    if (listSql && (samples.get(current)?.length ?? 0) < 40) {
      samples.set(current, [...(samples.get(current) ?? []), q.sql.slice(0, 160)]);
    }
  });
  const counts = new Map<string, number>();
  const tagged: PushMutation[] = batch;
  for (const m of tagged) counts.set(m.name, (counts.get(m.name) ?? 0) + 1);

  const device = randomUUID();
  console.log(
    `${dialect}, ${extra} extra clients, ${batch.length} mutations in chunks of ${SYNC_PUSH_MAX_MUTATIONS}; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const times: number[] = [];
  for (let i = 0; i < tagged.length; i += SYNC_PUSH_MAX_MUTATIONS) {
    const chunk = tagged.slice(i, i + SYNC_PUSH_MAX_MUTATIONS);
    const t = performance.now();
    const res = await push({ ...ctx, now: new Date().toISOString() }, { clientId: device, mutations: chunk });
    times.push(performance.now() - t);
    current = 'push';
    const rejected = res.results.filter((r) => r.status === 'rejected');
    if (rejected.length) console.log('rejected:', JSON.stringify(rejected.slice(0, 3)));
  }
  console.log(
    `chunks: ${times.map((t) => t.toFixed(0)).join(', ')} ms; total ${times.reduce((a, b) => a + b, 0).toFixed(0)} ms`,
  );
  let total = 0;
  for (const [name, byKind] of statements) {
    const n = name === 'push' ? 1 : counts.get(name)!;
    const sum = [...byKind.values()].reduce((a, b) => a + b, 0);
    total += sum;
    const detail = [...byKind.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${(v / n).toFixed(2)}`)
      .join(', ');
    console.log(`${name} (×${n}): ${(sum / n).toFixed(2)} statements each — ${detail}`);
  }
  console.log(`all: ${total} statements, ${(total / batch.length).toFixed(2)} per mutation`);
  if (listSql) for (const [name, sql] of samples) console.log(`\n${name}:\n  ${sql.join('\n  ')}`);
} finally {
  await knex.destroy();
  await db.drop();
}

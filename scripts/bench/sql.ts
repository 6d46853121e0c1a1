// Bench helper: captures the SQL a domain call runs (knex 'query' events) and replays it through knex.raw,
// so a route's HTTP latency can be compared with the bare cost of its queries.
import { randomUUID } from 'node:crypto';
import type { createKnex } from '../../sync-server/src/db/knex';

type Knex = ReturnType<typeof createKnex>;
type RawBindings = Parameters<Knex['raw']>[1];

/** `seq` is the change_seq an `UPDATE organizations … RETURNING change_seq` answered during the capture. */
export type CapturedQuery = { sql: string; bindings: unknown[]; seq?: number };

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const WRITE = /^\s*(insert|update|delete)\b/i;
const CHANGE_SEQ = /returning\s+["`]?change_seq/i;
const INSERT_CHANGES = /^\s*insert\s+into\s+["`]?sync_changes/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Runs `fn` once and answers the statements it sent (transaction control statements left out). */
export async function captureQueries(knex: Knex, fn: () => Promise<unknown>): Promise<CapturedQuery[]> {
  const out: CapturedQuery[] = [];
  const listener = (q: { sql: string; bindings?: unknown[] }) => {
    if (!CONTROL.test(q.sql)) out.push({ sql: q.sql, bindings: [...(q.bindings ?? [])] });
  };
  const response = (rows: unknown, q: { sql: string }) => {
    const first = (Array.isArray(rows) ? rows[0] : undefined) as { change_seq?: unknown } | undefined;
    const last = out[out.length - 1];
    if (CHANGE_SEQ.test(q.sql) && last?.sql === q.sql && first) last.seq = Number(first.change_seq);
  };
  knex.on('query', listener);
  knex.on('query-response', response);
  try {
    await fn();
  } finally {
    knex.removeListener('query', listener);
    knex.removeListener('query-response', response);
  }
  return out;
}

/**
 * Replays captured statements through knex.raw (pg's `$n` placeholders turned back into `?`), writes in one
 * transaction. UUID bindings not in `keep` (ids the call generated: the new row, the change-log entry) get
 * a fresh value per replay, consistently across the statements, so inserts never collide; the change-log
 * seqs are shifted by what the replayed `UPDATE organizations … RETURNING change_seq` answered.
 */
export async function replayQueries(knex: Knex, queries: CapturedQuery[], keep: ReadonlySet<string>) {
  const fresh = new Map<string, string>();
  const bind = (v: unknown) => {
    if (typeof v !== 'string' || !UUID.test(v) || keep.has(v)) return v;
    let id = fresh.get(v);
    if (!id) fresh.set(v, (id = randomUUID()));
    return id;
  };
  const run = async (db: Pick<Knex, 'raw'>) => {
    let seq: { old: number; delta: number } | undefined;
    for (const q of queries) {
      let bindings = q.bindings.map(bind);
      if (seq && INSERT_CHANGES.test(q.sql)) {
        const { old, delta } = seq;
        bindings = bindings.map((v) =>
          Number.isInteger(v) && (v as number) <= old && (v as number) > old - 1000
            ? (v as number) + delta
            : v,
        );
      }
      const res = (await db.raw(q.sql.replace(/\$\d+/g, '?'), bindings as RawBindings)) as unknown;
      if (q.seq !== undefined) {
        const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Array<{
          change_seq: unknown;
        }>;
        seq = { old: q.seq, delta: Number(rows[0]!.change_seq) - q.seq };
      }
    }
  };
  if (queries.some((q) => WRITE.test(q.sql))) await knex.transaction(run);
  else await run(knex);
}

/** Mean time in ms of `fn`: at least `min` runs, then more until `budgetMs` is spent (at most `max`). */
export async function meanTime(fn: () => Promise<unknown>, budgetMs = 1500, min = 3, max = 200) {
  await fn(); // warm up (statement cache, pages)
  let runs = 0;
  const t = performance.now();
  while (runs < min || (runs < max && performance.now() - t < budgetMs)) {
    await fn();
    runs++;
  }
  return (performance.now() - t) / runs;
}

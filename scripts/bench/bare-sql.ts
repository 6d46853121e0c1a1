// Bench helper (issue 19, "Server writes"): the bare SQL baseline of a write benchmark — the same rows the
// server wrote, written again in the same run with plain batched SQL (multi-row INSERTs of copies with
// fresh ids, one UPDATE per updated row, the change log's seq allocation and multi-row insert, the device's
// advance and recorded outcomes), so the server's time can be read as a ratio of what the database alone
// needs on this machine at this moment (the machine is shared: absolute times move with its load).
import { randomUUID } from 'node:crypto';
import type { createKnex } from '../../sync-server/src/db/knex';

type Knex = ReturnType<typeof createKnex>;
type Row = Record<string, unknown>;

/** Rows per multi-row INSERT (SQLite's compound SELECT limit is 500; bound values stay well under 32766). */
const ROWS_PER_INSERT = 200;

export type WrittenRows = {
  organizationId: string;
  /** table → rows the server inserted (copied with fresh ids). */
  inserted: Map<string, Row[]>;
  /** table → rows the server updated (written again with their current values, one UPDATE each). */
  updated: Map<string, Row[]>;
  /** Change-log entries the server appended (as many are appended again, with fresh seqs). */
  changes: Row[];
  /** Recorded outcomes of a push (copied under a bare device of the same user), if any. */
  outcomes: Row[];
};

/** The rows a server write left behind, by table: `ids` of rows it created, everything else it logged was updated. */
export async function writtenRows(
  knex: Knex,
  organizationId: string,
  seqAfter: number,
  newIds: ReadonlySet<string>,
  clientId?: string,
): Promise<WrittenRows> {
  const changes = (await knex('sync_changes')
    .where('organization_id', organizationId)
    .where('seq', '>', seqAfter)
    .orderBy('seq')) as Row[];
  const idsByTable = new Map<string, Set<string>>();
  for (const change of changes) {
    const ids = idsByTable.get(String(change.table_name)) ?? new Set<string>();
    idsByTable.set(String(change.table_name), ids);
    ids.add(String(change.row_id));
  }
  const inserted = new Map<string, Row[]>();
  const updated = new Map<string, Row[]>();
  for (const [table, ids] of idsByTable) {
    const rows = (await knex(table).whereIn('id', [...ids])) as Row[];
    for (const row of rows) {
      const into = newIds.has(String(row.id)) ? inserted : updated;
      into.set(table, [...(into.get(table) ?? []), row]);
    }
  }
  const outcomes = clientId
    ? ((await knex('sync_mutation_results').where('client_id', clientId)) as Row[])
    : [];
  return { organizationId, inserted, updated, changes, outcomes };
}

/** The organization's change_seq now (the log's head). */
export async function headSeq(knex: Knex, organizationId: string): Promise<number> {
  const row = (await knex('organizations').where('id', organizationId).first('change_seq')) as Row;
  return Number(row.change_seq);
}

const pg = (knex: Knex) => knex.client.config.client === 'pg';

/** A row as an INSERT/UPDATE binding: JSON columns come back from Postgres as objects and arrays. */
function bindable(knex: Knex, row: Row): Row {
  if (!pg(knex)) return row;
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v,
    ]),
  );
}

function slices<T>(list: readonly T[], parts: number): T[][] {
  const size = Math.ceil(list.length / parts);
  return Array.from({ length: parts }, (_, i) => list.slice(i * size, (i + 1) * size));
}

/**
 * Writes `written` again with plain batched SQL in `transactions` transactions (the push's chunks), each
 * a fair share of every table; answers the wall time in ms. Copies get fresh ids (and the change log
 * fresh seqs), so they are real rows of the organization; updated rows keep their values.
 */
export async function writeBare(
  knex: Knex,
  written: WrittenRows,
  { transactions, userId }: { transactions: number; userId: string },
): Promise<number> {
  const device = randomUUID();
  if (written.outcomes.length > 0) {
    await knex('sync_clients').insert({
      client_id: device,
      user_id: userId,
      organization_id: written.organizationId,
      last_mutation_id: 0,
    });
  }
  const insertedParts = [...written.inserted].map(
    ([table, rows]) => [table, slices(rows, transactions)] as const,
  );
  const updatedParts = [...written.updated].map(
    ([table, rows]) => [table, slices(rows, transactions)] as const,
  );
  const changeParts = slices(written.changes, transactions);
  const outcomeParts = slices(written.outcomes, transactions);
  const t = performance.now();
  for (let part = 0; part < transactions; part++) {
    await knex.transaction(async (trx) => {
      if (outcomeParts[part]!.length > 0) {
        await trx('sync_clients')
          .where('client_id', device)
          .update({ last_mutation_id: Number(outcomeParts[part]!.at(-1)!.mutation_id) });
      }
      for (const [table, parts] of insertedParts) {
        const rows = parts[part]!.map((row) => bindable(knex, { ...row, id: randomUUID() }));
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
          await trx(table).insert(rows.slice(i, i + ROWS_PER_INSERT));
        }
      }
      for (const [table, parts] of updatedParts) {
        for (const { id, ...rest } of parts[part]!) {
          await trx(table)
            .where('id', id as string)
            .update(bindable(knex, rest));
        }
      }
      const changes = changeParts[part]!;
      if (changes.length > 0) {
        const [head] = (await trx('organizations')
          .where('id', written.organizationId)
          .increment('change_seq', changes.length)
          .returning('change_seq')) as Array<{ change_seq: number | string }>;
        const first = Number(head!.change_seq) - changes.length + 1;
        const rows = changes.map((change, i) => ({ ...change, seq: first + i }));
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
          await trx('sync_changes').insert(rows.slice(i, i + ROWS_PER_INSERT));
        }
      }
      const outcomes = outcomeParts[part]!.map((row) => bindable(knex, { ...row, client_id: device }));
      for (let i = 0; i < outcomes.length; i += ROWS_PER_INSERT) {
        await trx('sync_mutation_results').insert(outcomes.slice(i, i + ROWS_PER_INSERT));
      }
    });
  }
  return performance.now() - t;
}

/** Every id a batch of mutations creates (the mutation's `id` and a nested `followUp.id`/`nextFollowUp.id`). */
export function createdIds(mutations: ReadonlyArray<{ name: string; args: unknown }>): Set<string> {
  const ids = new Set<string>();
  const creates = /^(create|add|log)/;
  for (const { name, args } of mutations) {
    const a = (args ?? {}) as Row;
    if (creates.test(name) && typeof a.id === 'string') ids.add(a.id);
    for (const key of ['followUp', 'nextFollowUp']) {
      const nested = a[key] as Row | undefined;
      if (nested && typeof nested.id === 'string') ids.add(nested.id);
    }
  }
  return ids;
}

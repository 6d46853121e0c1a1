import type { Knex } from 'knex';
import { dialectOf } from './knex';

/**
 * Rows a transaction read ahead, by id, for the reads its writers will make one by one (issue 19: a sync
 * push group reads the rows its mutations name in one query per table instead of one per mutation,
 * docs/sync.md "A push group"). `find` of the organization scope through the mutation store answers from
 * here when the row (or its absence) was read ahead in the same transaction.
 *
 * A row read ahead never hides a change:
 * - another transaction: on Postgres the rows are read `FOR UPDATE`, locked until the commit, so nobody
 *   changes them meanwhile (SQLite has one writer: the transaction excludes every other);
 * - this transaction: every write of a replicated row appends the change log (change-log.ts), which
 *   forgets that row here (`forgetPrefetched`), so the next read goes to the database again;
 * - an absent row that appears meanwhile can only be inserted with the same id, which the scope's insert
 *   refuses (409), and the push reruns that group without reading ahead.
 */
type Trx = Knex.Transaction & { parentTransaction?: Trx };

const rowsOf = new WeakMap<Trx, Map<string, Record<string, unknown> | null>>();

const keyOf = (table: string, id: string) => `${table}/${id}`;

function rootOf(trx: Trx): Trx {
  let root = trx;
  while (root.parentTransaction) root = root.parentTransaction;
  return root;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every uuid-shaped string in `value` (arguments of mutations: ids, clientId, followUp.id, …), a few levels deep. */
export function uuidsIn(value: unknown, into = new Set<string>(), depth = 0): Set<string> {
  if (typeof value === 'string') {
    // Lower case only: the key must be the exact string a later read looks up, and Postgres answers uuids in lower case.
    if (UUID.test(value) && value === value.toLowerCase()) into.add(value);
  } else if (depth < 3 && value && typeof value === 'object') {
    for (const item of Array.isArray(value) ? value : Object.values(value)) uuidsIn(item, into, depth + 1);
  }
  return into;
}

/** Ids per query: well under SQLite's and Postgres' bound-variable limits. */
const IDS_PER_QUERY = 500;

/**
 * Reads the organization's live rows of `tables` whose id is one of `ids` (locked on Postgres), and
 * remembers each id's row, or its absence, for `prefetchedRow` in this transaction (the outermost one).
 */
export async function prefetchRows(
  trx: Knex.Transaction,
  organizationId: string,
  tables: readonly string[],
  ids: readonly string[],
): Promise<void> {
  const root = rootOf(trx as Trx);
  const rows = rowsOf.get(root) ?? new Map<string, Record<string, unknown> | null>();
  rowsOf.set(root, rows);
  if (ids.length === 0) return;
  const sorted = [...ids].sort();
  const lock = dialectOf(trx) === 'pg';
  for (const table of tables) {
    for (let i = 0; i < sorted.length; i += IDS_PER_QUERY) {
      const chunk = sorted.slice(i, i + IDS_PER_QUERY);
      // In id order: two groups locking overlapping rows take them in the same order (no deadlock between them).
      const query = trx(table)
        .where(`${table}.organization_id`, organizationId)
        .whereNull(`${table}.deleted_at`)
        .whereIn(`${table}.id`, chunk)
        .orderBy(`${table}.id`);
      const found = (await (lock ? query.forUpdate() : query)) as Array<Record<string, unknown>>;
      for (const id of chunk) rows.set(keyOf(table, id), null);
      for (const row of found) rows.set(keyOf(table, String(row.id)), row);
    }
  }
}

/** The row read ahead in this transaction: the row, null (read ahead: absent), undefined (not read ahead). */
export function prefetchedRow(
  db: Knex | Knex.Transaction,
  table: string,
  id: string,
): Record<string, unknown> | null | undefined {
  if ((db as Knex.Transaction).isTransaction !== true) return undefined;
  return rowsOf.get(rootOf(db as Trx))?.get(keyOf(table, id));
}

/** A row of `table` was written in `trx`: its next read goes to the database (change-log.ts calls this). */
export function forgetPrefetched(trx: Knex.Transaction, table: string, ids: readonly string[]): void {
  const rows = rowsOf.get(rootOf(trx as Trx));
  if (!rows) return;
  for (const id of ids) rows.delete(keyOf(table, id));
}

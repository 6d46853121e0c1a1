import { clientSearchText, propertySearchText, type SyncTable } from '@casa/shared-schema';
import type { MutationStore, Row } from '@casa/shared-schema/mutators';
import { camelToSnake, toDbRow } from '../../db/rows';
import { SOFT_DELETABLE_TABLES, type OrganizationScope, type SoftDeletableTable } from '../../db/scope';
import { SYNC_TABLE_OF, wireRow } from './sync-tables';

type DbRow = Record<string, unknown>;

/** The device's collection → its database table (SYNC_TABLE_OF read backwards, organization tables only). */
const TABLE_OF = new Map<SyncTable, SoftDeletableTable>(
  Object.entries(SYNC_TABLE_OF)
    .filter(([table]) => (SOFT_DELETABLE_TABLES as readonly string[]).includes(table))
    .map(([table, sync]) => [sync, table as SoftDeletableTable]),
);

function tableOf(table: SyncTable): SoftDeletableTable {
  const name = TABLE_OF.get(table);
  // The account tables (users, settings, preferences) keep their server functions (sync-mutations.ts).
  if (!name) throw new Error(`the mutation store serves organization tables only, not ${table}`);
  return name;
}

/**
 * Server-only columns derived from the row a mutator wrote, written with it: the clients' search text
 * (features/search/search-text.ts). Nothing else is computed here.
 */
const SERVER_COLUMNS: Partial<Record<SoftDeletableTable, (row: Row) => DbRow>> = {
  clients: (row) => ({ search_text: clientSearchText(row as never, (row.tags as string[] | null) ?? []) }),
  properties: (row) => ({ search_text: propertySearchText(row as never) }),
};

/** Columns the scope sets itself (or never changes): not part of an update's changed columns. */
const UNCHANGEABLE = new Set(['id', 'organizationId', 'createdAt', 'updatedAt', 'deletedAt']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export type ScopeStore = MutationStore & {
  /** The database row last read or written under this key, for the server's answer (toClient, …). */
  dbRow(table: SyncTable, id: string): DbRow;
  /** Rows inserted by this mutation (a create that found its row answers false). */
  inserted(table: SyncTable, id: string): boolean;
};

/**
 * The shared mutators' row store over the organization scope (db/scope.ts), inside the caller's
 * transaction: reads are the scope's live rows in wire shape; `put` inserts a new row or updates only the
 * columns that changed (so the scope appends the change log); `remove` is a soft delete. Every row read
 * is remembered, so the usual "get, then put" costs no second read.
 */
export function scopeStore(scope: OrganizationScope, now: string): ScopeStore {
  const known = new Map<string, { wire: Row; db: DbRow } | null>();
  const inserted = new Set<string>();
  const keyOf = (table: SyncTable, id: string) => `${table}/${id}`;

  function remember(table: SyncTable, db: DbRow): Row {
    const wire = wireRow(tableOf(table), db) as Row;
    known.set(keyOf(table, wire.id), { wire, db });
    return wire;
  }

  async function lookup(table: SyncTable, id: string) {
    const key = keyOf(table, id);
    if (known.has(key)) return known.get(key) ?? undefined;
    if (!UUID.test(id)) return undefined;
    const db = await scope.find(tableOf(table), id);
    if (!db) {
      known.set(key, null);
      return undefined;
    }
    remember(table, db);
    return known.get(key) ?? undefined;
  }

  const readMany = (table: SyncTable, rows: DbRow[]) => rows.map((db) => remember(table, db));

  return {
    async get(table, id) {
      // Members are read-only here: a mutator may check one (a property's agent), never write one.
      if (table === 'users') {
        const member = UUID.test(id) ? await scope.member(id) : undefined;
        return member ? (wireRow('users', member) as Row) : undefined;
      }
      return (await lookup(table, id))?.wire;
    },

    async where(table, field, value) {
      const name = tableOf(table);
      return readMany(
        table,
        (await scope.table(name).where(`${name}.${camelToSnake(field)}`, value)) as DbRow[],
      );
    },

    async all(table) {
      return readMany(table, (await scope.table(tableOf(table))) as DbRow[]);
    },

    async put(table, row) {
      const name = tableOf(table);
      const extra = SERVER_COLUMNS[name]?.(row) ?? {};
      const current = await lookup(table, row.id);
      if (!current) {
        const db = await scope.insert(name, { ...toDbRow(name, row), ...extra }, now);
        inserted.add(keyOf(table, row.id));
        remember(table, db);
        return;
      }
      const changed = Object.fromEntries(
        Object.entries(row).filter(([k, v]) => !UNCHANGEABLE.has(k) && !same(v, current.wire[k])),
      );
      remember(table, await scope.update(name, row.id, { ...toDbRow(name, changed), ...extra }, now));
    },

    async remove(table, id) {
      await scope.softDelete(tableOf(table), id, now);
      known.set(keyOf(table, id), null);
    },

    async removeWhere(table, field, value) {
      const name = tableOf(table);
      const ids = await scope.softDeleteWhere(name, { [camelToSnake(field)]: value }, now);
      for (const id of ids) known.set(keyOf(table, id), null);
    },

    dbRow(table, id) {
      const db = known.get(keyOf(table, id))?.db;
      if (!db) throw new Error(`the mutator neither read nor wrote ${table}/${id}`);
      return db;
    },

    inserted(table, id) {
      return inserted.has(keyOf(table, id));
    },
  };
}

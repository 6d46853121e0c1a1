import type { Knex } from 'knex';
import {
  clientSearchText,
  propertySearchText,
  REPLICATED_TABLES,
  SYNC_TABLE_OF,
  type SyncTable,
} from '@casa/shared-schema';
import type { MutationStore, Row } from '@casa/shared-schema/mutators';
import { prefetchedRow } from '../../db/prefetched-rows';
import { camelToSnake, toDbRow } from '../../db/rows';
import {
  forOrganization,
  SOFT_DELETABLE_TABLES,
  type OrganizationScope,
  type SoftDeletableTable,
} from '../../db/scope';
import { lastContacts } from '../campaigns/campaigns.domain';
import { ownRowsSource, type Source, type StoreAuth } from './own-rows';
import { wireRow } from './sync-tables';

type DbRow = Record<string, unknown>;

/** The device's collection → its database table (SYNC_TABLE_OF read backwards, organization tables only). */
const TABLE_OF = new Map<SyncTable, SoftDeletableTable>(
  Object.entries(SYNC_TABLE_OF)
    .filter(([table]) => (SOFT_DELETABLE_TABLES as readonly string[]).includes(table))
    .map(([table, sync]) => [sync, table as SoftDeletableTable]),
);

/**
 * Server-only columns derived from the row a mutator wrote, written with it: the clients' search text
 * (features/search/search-text.service.ts). Nothing else is computed here.
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

/** An organization table through the organization scope (db/scope.ts), which appends the change log. */
function organizationSource(
  db: Knex | Knex.Transaction,
  scope: () => OrganizationScope,
  name: SoftDeletableTable,
  now: string,
): Source {
  return {
    // A push group read its mutations' rows ahead (db/prefetched-rows.ts): the same row, or its absence.
    find: async (id) => {
      const ahead = prefetchedRow(db, name, id);
      return ahead === undefined ? scope().find(name, id) : ahead ? { ...ahead } : undefined;
    },
    list: async (field, value) =>
      (await (field
        ? scope()
            .table(name)
            .where(`${name}.${camelToSnake(field)}`, value)
        : scope().table(name))) as DbRow[],
    wire: (db) => wireRow(name, db) as Row,
    insert: (row, extra) => scope().insert(name, { ...toDbRow(name, row), ...extra }, now),
    update: (id, changed, _row, extra) =>
      scope().update(name, id, { ...toDbRow(name, changed), ...extra }, now),
    softDelete: (id) => scope().softDelete(name, id, now),
    softDeleteWhere: (field, value) => scope().softDeleteWhere(name, { [camelToSnake(field)]: value }, now),
  };
}

/**
 * The shared mutators' row store (docs/sync.md "Mutations"), inside the caller's transaction: the
 * organization's tables through its scope (db/scope.ts: reads are its live rows in wire shape, `put`
 * inserts a new row or updates only the columns that changed so the scope appends the change log,
 * `remove` is a soft delete), and the signed-in user's OWN rows of the user-scoped tables (notifications,
 * settings, preferences, the users row: own-rows.ts), never another user's. The organization scope is
 * taken at the first organization row: a super admin (no organization) may still mark their
 * notifications read or save their settings, and is refused (403) only where an organization row is
 * read, after the mutator's own checks. Every row read is remembered, so "get, then put" reads once.
 */
export function scopeStore(db: Knex | Knex.Transaction, auth: StoreAuth, now: string): ScopeStore {
  let scope: OrganizationScope | undefined;
  const organization = () => (scope ??= forOrganization(db, auth));
  const sources = new Map<SyncTable, Source>();
  function sourceOf(table: SyncTable): Source {
    let source = sources.get(table);
    if (!source) {
      source = ownRowsSource(table, db, auth, now);
      if (!source) {
        const name = TABLE_OF.get(table);
        if (!name) throw new Error(`the mutation store does not serve ${table}`);
        source = organizationSource(db, organization, name, now);
      }
      sources.set(table, source);
    }
    return source;
  }
  const extraOf = (table: SyncTable, row: Row) => {
    const name = TABLE_OF.get(table);
    return (name && SERVER_COLUMNS[name]?.(row)) ?? {};
  };

  const known = new Map<string, { wire: Row; db: DbRow } | null>();
  const inserted = new Set<string>();
  const keyOf = (table: SyncTable, id: string) => `${table}/${id}`;

  function remember(table: SyncTable, db: DbRow): Row {
    const wire = sourceOf(table).wire(db);
    known.set(keyOf(table, wire.id), { wire, db });
    return wire;
  }

  async function lookup(table: SyncTable, id: string) {
    const key = keyOf(table, id);
    if (known.has(key)) return known.get(key) ?? undefined;
    if (!UUID.test(id)) return undefined;
    const db = await sourceOf(table).find(id);
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
      // Another member is read-only here: a mutator may check one (a property's agent), never write one;
      // the user's own row is theirs (own-rows.ts).
      if (table === 'users' && id !== auth.userId) {
        const member = UUID.test(id) ? await organization().member(id) : undefined;
        return member ? (wireRow('users', member) as Row) : undefined;
      }
      return (await lookup(table, id))?.wire;
    },

    async where(table, field, value) {
      return readMany(table, await sourceOf(table).list(field, value));
    },

    async all(table) {
      return readMany(table, await sourceOf(table).list());
    },

    async put(table, row) {
      const source = sourceOf(table);
      const extra = extraOf(table, row);
      const current = await lookup(table, row.id);
      if (!current) {
        const db = await source.insert(row, extra);
        inserted.add(keyOf(table, row.id));
        remember(table, db);
        return;
      }
      const changed = Object.fromEntries(
        Object.entries(row).filter(([k, v]) => !UNCHANGEABLE.has(k) && !same(v, current.wire[k])),
      );
      remember(table, await source.update(row.id, changed, row, extra));
    },

    async insertMany(table, rows) {
      const name = TABLE_OF.get(table);
      if (!name || REPLICATED_TABLES[table].scope !== 'organization')
        throw new Error(`insertMany serves organization tables, not ${table}`);
      const stored = await organization().insertMany(
        name,
        rows.map((row) => ({ ...toDbRow(name, row), ...extraOf(table, row) })),
        now,
      );
      for (const db of stored) {
        const wire = remember(table, db);
        inserted.add(keyOf(table, wire.id));
      }
    },

    async lastContacts() {
      return lastContacts(organization());
    },

    async remove(table, id) {
      await sourceOf(table).softDelete(id);
      known.set(keyOf(table, id), null);
    },

    async removeWhere(table, field, value) {
      const ids = await sourceOf(table).softDeleteWhere(field, value);
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

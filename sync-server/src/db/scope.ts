import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { errorMessages } from '@casa/shared-schema';
import { conflict, forbidden, notFound } from '../lib/errors';
import { appendChanges, changeUserId, type Change } from './change-log';
import { SYNCABLE_TABLES } from './tables';
import { isTransaction } from './transaction';

/** Replicated tables carry deleted_at (soft delete, turned into tombstones by sync). */
export const SOFT_DELETABLE_TABLES = SYNCABLE_TABLES;

/** Organization tables without soft delete. */
export const HARD_TABLES = [
  'push_devices',
  'subscriptions',
  'registration_settings',
  'property_photo_files',
  'property_match_jobs',
  'property_match_notified',
  'property_sheet_links',
] as const;

/** Hard tables of server bookkeeping, written with `append` (no id or timestamps of their own to fill). */
export const BOOKKEEPING_TABLES = ['property_match_jobs', 'property_match_notified'] as const;

export type SoftDeletableTable = (typeof SOFT_DELETABLE_TABLES)[number];
export type OrganizationTable = SoftDeletableTable | (typeof HARD_TABLES)[number];
type Row = Record<string, unknown>;

/** A `where` for softDeleteWhere: column → value, or a callback adding clauses to the scoped query. */
export type ScopeWhere = Row | ((query: Knex.QueryBuilder) => void);

const softDeletable = new Set<string>(SOFT_DELETABLE_TABLES);
const PROTECTED_COLUMNS = ['id', 'organization_id', 'created_at', 'deleted_at'];

/**
 * Multi-row INSERT limits: bound values well under SQLite's 32766 (Postgres: 65535), and at most 500 rows
 * because knex writes a SQLite multi-row insert as a compound SELECT (SQLITE_MAX_COMPOUND_SELECT = 500).
 */
const MAX_BOUND_VALUES = 10_000;
const MAX_ROWS_PER_INSERT = 500;

export type ScopeAuth = { organizationId: string | null };

function withoutProtected(patch: Row): Row {
  return Object.fromEntries(Object.entries(patch).filter(([k]) => !PROTECTED_COLUMNS.includes(k)));
}

function requireTransaction(db: Knex | Knex.Transaction, method: string): void {
  if (!isTransaction(db)) {
    throw new Error(`forOrganization().${method}() writes only inside a transaction: use inTransaction()`);
  }
}

/**
 * The only accessor for organization tables. The organization comes from the session's auth, never
 * from the request: reads are filtered by it (and by `deleted_at is null` where rows are soft-deleted),
 * inserts set it, and updates or deletes of another organization's id behave as not found (404).
 *
 * Write methods run only when `db` is a transaction (see transaction.ts) and, on replicated tables,
 * append every written row to the sync change log (change-log.ts) in that same transaction.
 */
export function forOrganization(db: Knex | Knex.Transaction, auth: ScopeAuth) {
  const organizationId = auth.organizationId;
  if (!organizationId) throw forbidden(errorMessages.organizationRequired);

  function table(name: OrganizationTable): Knex.QueryBuilder {
    const query = db(name).where(`${name}.organization_id`, organizationId);
    return softDeletable.has(name) ? query.whereNull(`${name}.deleted_at`) : query;
  }

  async function find(name: OrganizationTable, id: string): Promise<Row | undefined> {
    return (await table(name).where(`${name}.id`, id).first()) as Row | undefined;
  }

  /** Appends one change per row when `name` is replicated; hard tables are not logged. */
  async function log(name: OrganizationTable, rows: readonly Row[], op: Change['op'], now: string) {
    if (!softDeletable.has(name)) return;
    const changes = rows.map((row) => ({
      table: name as SoftDeletableTable,
      rowId: row.id as string,
      op,
      userId: changeUserId(name, row),
    }));
    await appendChanges(db, organizationId!, changes, now);
  }

  function prepare(name: OrganizationTable, row: Row, now: string): Row {
    const full: Row = {
      id: randomUUID(),
      created_at: now,
      updated_at: now,
      ...row,
      organization_id: organizationId,
    };
    if (!softDeletable.has(name)) delete full.deleted_at;
    if (name === 'registration_settings') delete full.created_at; // the only table without it
    return full;
  }

  /**
   * A client-generated id already taken (by another organization's row, or a deleted one) answers 409
   * instead of a driver error; checked first so a Postgres transaction is not aborted by the violation.
   */
  async function refuseTakenIds(name: OrganizationTable, given: readonly Row[]): Promise<void> {
    const ids = given.map((row) => row.id).filter((id): id is string => typeof id === 'string');
    if (ids.length === 0) return;
    if (await db(name).whereIn('id', ids).first('id')) throw conflict(errorMessages.conflict);
  }

  async function insertChunk(name: OrganizationTable, rows: Row[], now: string): Promise<Row[]> {
    const inserted = (await db(name).insert(rows).returning('*')) as Row[];
    const result = inserted.length === rows.length ? inserted : rows;
    await log(name, result, 'upsert', now);
    return result;
  }

  return {
    organizationId,
    table,
    find,

    /** A member of the organization (a users row), for checks such as a responsible agent; read-only. */
    async member(id: string): Promise<Row | undefined> {
      return (await db('users').where({ id, organization_id: organizationId }).first()) as Row | undefined;
    },

    /** The emails of these members (a CSV's agent column); an id of another organization is not found. */
    async memberEmails(ids: Iterable<string | null | undefined>): Promise<Map<string, string>> {
      const wanted = [...new Set([...ids].filter((id): id is string => !!id))];
      if (wanted.length === 0) return new Map();
      const rows = (await db('users')
        .whereIn('id', wanted)
        .where('organization_id', organizationId)
        .select('id', 'email')) as Array<{ id: string; email: string }>;
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    async get(name: OrganizationTable, id: string): Promise<Row> {
      const row = await find(name, id);
      if (!row) throw notFound();
      return row;
    },

    async insert(name: OrganizationTable, row: Row, now = new Date().toISOString()): Promise<Row> {
      requireTransaction(db, 'insert');
      // A taken id (refuseTakenIds' case) inserts nothing here instead of raising a key violation, so
      // one statement both checks and inserts (issue 19: a sync push inserts a row per mutation).
      const [inserted] = (await db(name)
        .insert(prepare(name, row, now))
        .onConflict('id')
        .ignore()
        .returning('*')) as Row[];
      if (!inserted) throw conflict(errorMessages.conflict);
      await log(name, [inserted], 'upsert', now);
      return inserted;
    },

    /**
     * Bulk insert (CSV import): multi-row INSERTs chunked under the bound-variable limit, one change-log
     * append per chunk. Give every row the same columns. Returns the inserted rows, in order.
     */
    async insertMany(name: OrganizationTable, rows: readonly Row[], now = new Date().toISOString()) {
      requireTransaction(db, 'insertMany');
      const prepared = rows.map((row) => prepare(name, row, now));
      const columns = new Set(prepared.flatMap((row) => Object.keys(row))).size;
      const chunk = Math.max(
        1,
        Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_BOUND_VALUES / Math.max(1, columns))),
      );
      const out: Row[] = [];
      for (let i = 0; i < prepared.length; i += chunk) {
        await refuseTakenIds(name, rows.slice(i, i + chunk));
        out.push(...(await insertChunk(name, prepared.slice(i, i + chunk), now)));
      }
      return out;
    },

    /**
     * Rows of a server bookkeeping table (property_match_jobs, property_match_notified): written as given
     * with this organization's id, no generated id or timestamps, no change log; chunked like insertMany.
     */
    async append(name: (typeof BOOKKEEPING_TABLES)[number], rows: readonly Row[]): Promise<void> {
      requireTransaction(db, 'append');
      const own = rows.map((row) => ({ ...row, organization_id: organizationId }));
      for (let i = 0; i < own.length; i += MAX_ROWS_PER_INSERT) {
        await db(name).insert(own.slice(i, i + MAX_ROWS_PER_INSERT));
      }
    },

    async update(
      name: OrganizationTable,
      id: string,
      patch: Row,
      now = new Date().toISOString(),
    ): Promise<Row> {
      requireTransaction(db, 'update');
      const [updated] = (await table(name)
        .where(`${name}.id`, id)
        .update({ ...withoutProtected(patch), updated_at: now })
        .returning('*')) as Row[];
      if (!updated) throw notFound();
      await log(name, [updated], 'upsert', now);
      return updated;
    },

    async softDelete(name: SoftDeletableTable, id: string, now = new Date().toISOString()): Promise<void> {
      requireTransaction(db, 'softDelete');
      const deleted = (await table(name)
        .where(`${name}.id`, id)
        .update({ deleted_at: now, updated_at: now })
        .returning(name === 'notifications' ? ['id', 'user_id'] : ['id'])) as Row[];
      if (deleted.length === 0) throw notFound();
      await log(name, deleted, 'delete', now);
    },

    /** Soft-deletes every live row of the organization matching `where`; returns their ids (maybe none). */
    async softDeleteWhere(
      name: SoftDeletableTable,
      where: ScopeWhere,
      now = new Date().toISOString(),
    ): Promise<string[]> {
      requireTransaction(db, 'softDeleteWhere');
      const query = table(name);
      if (typeof where === 'function') query.where(where);
      else query.where(where);
      const deleted = (await query
        .update({ deleted_at: now, updated_at: now })
        .returning(name === 'notifications' ? ['id', 'user_id'] : ['id'])) as Row[];
      await log(name, deleted, 'delete', now);
      return deleted.map((row) => row.id as string);
    },
  };
}

export type OrganizationScope = ReturnType<typeof forOrganization>;

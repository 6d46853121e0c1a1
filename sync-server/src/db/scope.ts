import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { errorMessages } from '@casa/shared-schema';
import { forbidden, notFound } from '../http/errors';
import { SYNCABLE_TABLES } from './tables';

/** Replicated tables carry deleted_at (soft delete, turned into tombstones by sync). */
export const SOFT_DELETABLE_TABLES = SYNCABLE_TABLES;

/** Organization tables without soft delete. */
export const HARD_TABLES = ['push_devices', 'subscriptions', 'registration_settings'] as const;

export type OrganizationTable = (typeof SOFT_DELETABLE_TABLES)[number] | (typeof HARD_TABLES)[number];
type Row = Record<string, unknown>;

const softDeletable = new Set<string>(SOFT_DELETABLE_TABLES);
const PROTECTED_COLUMNS = ['id', 'organization_id', 'created_at', 'deleted_at'];

export type ScopeAuth = { organizationId: string | null };

function withoutProtected(patch: Row): Row {
  return Object.fromEntries(Object.entries(patch).filter(([k]) => !PROTECTED_COLUMNS.includes(k)));
}

/**
 * The only accessor for organization tables. The organization comes from the session's auth, never
 * from the request: reads are filtered by it (and by `deleted_at is null` where rows are soft-deleted),
 * inserts set it, and updates or deletes of another organization's id behave as not found (404).
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

  return {
    organizationId,
    table,
    find,

    async get(name: OrganizationTable, id: string): Promise<Row> {
      const row = await find(name, id);
      if (!row) throw notFound();
      return row;
    },

    async insert(name: OrganizationTable, row: Row, now = new Date().toISOString()): Promise<Row> {
      const full: Row = {
        id: randomUUID(),
        created_at: now,
        updated_at: now,
        ...row,
        organization_id: organizationId,
      };
      if (!softDeletable.has(name)) delete full.deleted_at;
      if (name === 'registration_settings') delete full.created_at; // the only table without it
      const [inserted] = (await db(name).insert(full).returning('*')) as Row[];
      return inserted ?? full;
    },

    async update(
      name: OrganizationTable,
      id: string,
      patch: Row,
      now = new Date().toISOString(),
    ): Promise<Row> {
      const [updated] = (await table(name)
        .where(`${name}.id`, id)
        .update({ ...withoutProtected(patch), updated_at: now })
        .returning('*')) as Row[];
      if (!updated) throw notFound();
      return updated;
    },

    async softDelete(
      name: (typeof SOFT_DELETABLE_TABLES)[number],
      id: string,
      now = new Date().toISOString(),
    ) {
      const count = await table(name).where(`${name}.id`, id).update({ deleted_at: now, updated_at: now });
      if (!count) throw notFound();
    },
  };
}

export type OrganizationScope = ReturnType<typeof forOrganization>;

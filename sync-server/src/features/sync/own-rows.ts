import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { REPLICATED_TABLES, errorMessages, type SyncTable } from '@casa/shared-schema';
import type { Row } from '@casa/shared-schema/mutators';
import { recordAccountChange, type AccountTable } from '../../db/change-log';
import { camelToSnake, toDbRow } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { emailInUse } from '../../http/errors';
import { isUniqueViolation } from '../accounts/user.views';
import { readNotificationPreferences } from '../notifications/notifications.domain';
import { readSettings } from '../user-settings/user-settings.domain';
import { wireRow } from './sync-tables';

type DbRow = Record<string, unknown>;
export type StoreAuth = { userId: string; organizationId: string | null };

/**
 * How the mutation store reads and writes one table: `find` and `list` answer live database rows,
 * `wire` turns one into the row the mutators see, `update` writes the changed columns and answers the
 * stored row. Organization tables go through the organization scope (mutation-store.ts); the sources
 * below serve the signed-in user's OWN rows only.
 */
export type Source = {
  find(id: string): Promise<DbRow | undefined>;
  list(field?: string, value?: string): Promise<DbRow[]>;
  wire(db: DbRow): Row;
  insert(row: Row, extra: DbRow): Promise<DbRow>;
  update(id: string, changed: DbRow, row: Row, extra: DbRow): Promise<DbRow>;
  softDelete(id: string): Promise<void>;
  softDeleteWhere(field: string, value: string): Promise<string[]>;
};

/** Programming errors: the account mutations never create or delete these rows. */
const unsupported = (table: SyncTable, what: string) => () =>
  Promise.reject(new Error(`the mutation store does not ${what} ${table} rows`));

const onlyMine = (auth: StoreAuth, id: string) => id === auth.userId;

/**
 * The user's notifications: through the organization scope for a member (the change log's entry goes to
 * that user alone); a super admin's live outside any organization (organization_id NULL, no change log).
 */
function notifications(db: Knex | Knex.Transaction, auth: StoreAuth, now: string): Source {
  const base = () =>
    (auth.organizationId
      ? forOrganization(db, auth).table('notifications')
      : db('notifications').whereNull('notifications.organization_id').whereNull('notifications.deleted_at')
    ).where('notifications.user_id', auth.userId);
  return {
    find: async (id) => (await base().where('notifications.id', id).first()) as DbRow | undefined,
    list: async (field, value) =>
      (await (field ? base().where(`notifications.${camelToSnake(field)}`, value) : base())) as DbRow[],
    wire: (row) => wireRow('notifications', row) as Row,
    insert: unsupported('notifications', 'create'),
    async update(id, changed) {
      const patch = toDbRow('notifications', changed);
      if (auth.organizationId) return forOrganization(db, auth).update('notifications', id, patch, now);
      await base()
        .where('notifications.id', id)
        .update({ ...patch, updated_at: now });
      return (await db('notifications').where('id', id).first()) as DbRow;
    },
    softDelete: unsupported('notifications', 'delete'),
    softDeleteWhere: unsupported('notifications', 'delete'),
  };
}

/** The user's own row of `users` (never another member's): a new email already in use is a 409. */
function ownUser(db: Knex | Knex.Transaction, auth: StoreAuth, now: string): Source {
  const read = async () => (await db('users').where('id', auth.userId).first()) as DbRow | undefined;
  return {
    find: async (id) => (onlyMine(auth, id) ? read() : undefined),
    async list(field, value) {
      const row = await read();
      if (!row) return [];
      return !field || wireRow('users', row)[field] === value ? [row] : [];
    },
    wire: (row) => wireRow('users', row) as Row,
    insert: unsupported('users', 'create'),
    async update(_id, changed) {
      try {
        await db('users')
          .where('id', auth.userId)
          .update({ ...toDbRow('users', changed), updated_at: now });
      } catch (err) {
        if (isUniqueViolation(err)) throw emailInUse(errorMessages.emailInUse);
        throw err;
      }
      await recordAccountChange(db, { table: 'users', ...auth }, now);
      return (await read())!;
    },
    softDelete: unsupported('users', 'delete'),
    softDeleteWhere: unsupported('users', 'delete'),
  };
}

/**
 * The user's settings or notification preferences (one row per user, id = the user's id, the defaults
 * while none is stored; sync-tables.ts ownAccountRow): a write replaces the stored object and is logged
 * for that user's devices.
 */
function ownAccountRow(
  db: Knex | Knex.Transaction,
  auth: StoreAuth,
  now: string,
  table: 'userSettings' | 'notificationPreferences',
): Source {
  const read = async (): Promise<DbRow> => ({
    id: auth.userId,
    ...(table === 'userSettings'
      ? await readSettings(db as Knex, auth.userId)
      : await readNotificationPreferences(db, auth.userId)),
  });
  const name = REPLICATED_TABLES[table].table as AccountTable;
  async function write(row: Row): Promise<DbRow> {
    const { id: _id, ...data } = row;
    // Settings are one JSON column; the preferences' wire keys are already their column names.
    const columns = table === 'userSettings' ? { settings: JSON.stringify(data) } : data;
    await db(name)
      .insert({ id: randomUUID(), user_id: auth.userId, ...columns, updated_at: now })
      .onConflict('user_id')
      .merge({ ...columns, updated_at: now });
    await recordAccountChange(db, { table: name, ...auth }, now);
    return read();
  }
  return {
    find: async (id) => (onlyMine(auth, id) ? read() : undefined),
    list: async (field, value) => {
      const row = await read();
      return !field || row[field] === value ? [row] : [];
    },
    wire: (row) => row as Row,
    insert: (row) => write(row),
    update: (_id, _changed, row) => write(row),
    softDelete: unsupported(table, 'delete'),
    softDeleteWhere: unsupported(table, 'delete'),
  };
}

/** The source of a table whose rows are the user's own (undefined: an organization table). */
export function ownRowsSource(
  table: SyncTable,
  db: Knex | Knex.Transaction,
  auth: StoreAuth,
  now: string,
): Source | undefined {
  switch (REPLICATED_TABLES[table].scope) {
    case 'user':
      return notifications(db, auth, now);
    case 'members':
      return ownUser(db, auth, now);
    case 'self':
      return ownAccountRow(db, auth, now, table as 'userSettings' | 'notificationPreferences');
    default:
      return undefined;
  }
}

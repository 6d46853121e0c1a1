import type { Knex } from 'knex';
import {
  REPLICATED_TABLES,
  SYNC_TABLE_OF,
  SYNC_TABLES,
  wireKeysOf,
  type ReplicatedDbTable,
} from '@casa/shared-schema';
import { camelToSnake, fromDbRow } from '../../db/rows';
import { toClient } from '../clients/clients.policy';
import { readNotificationPreferences } from '../notifications/notifications.domain';
import { readSettings } from '../user-settings/user-settings.domain';

type Row = Record<string, unknown>;

/** Tables read row by row (organization rows and members); the 'self' rows are read by ownAccountRow. */
export type RowTable = ReplicatedDbTable<'organization' | 'user' | 'members'>;
export type OwnTable = ReplicatedDbTable<'self'>;

export { SYNC_TABLE_OF };

/** The wire keys of each table's rows: the registry's row schema (shared-schema sync/replicated-tables.ts). */
const WIRE_KEYS = Object.fromEntries(
  SYNC_TABLES.map((name) => [REPLICATED_TABLES[name].table, wireKeysOf(name)]),
) as Record<ReplicatedDbTable, string[]>;

/** Columns read for each table (never server-only ones such as search_text or password_hash). */
export const SELECT_COLUMNS = Object.fromEntries(
  Object.entries(WIRE_KEYS).map(([table, keys]) => [table, keys.map((k) => `${table}.${camelToSnake(k)}`)]),
) as Record<RowTable, string[]>;

/** A row of an organization table (or a member) in its wire shape. */
export function wireRow(table: RowTable, row: Row): Row {
  if (table === 'clients') return toClient(row);
  const all = fromDbRow<Row>(table, row);
  return Object.fromEntries(WIRE_KEYS[table].filter((k) => k in all).map((k) => [k, all[k]]));
}

/** The signed-in user's own rows, id = the user's id (defaults when nothing is stored yet). */
export async function ownAccountRow(db: Knex, table: OwnTable, userId: string): Promise<Row> {
  const data =
    table === 'user_settings'
      ? await readSettings(db, userId)
      : await readNotificationPreferences(db, userId);
  return { id: userId, ...data };
}

import type { Knex } from 'knex';
import {
  campaignClientSchema,
  campaignSchema,
  clientSchema,
  clientTagSchema,
  coldCallSchema,
  followUpSchema,
  interactionSchema,
  notificationSchema,
  syncUserSchema,
  tagSchema,
  type SyncTable,
} from '@casa/shared-schema';
import type { LoggedTable } from '../../db/change-log';
import { camelToSnake, fromDbRow } from '../../db/rows';
import type { SoftDeletableTable } from '../../db/scope';
import { toClient } from '../clients/clients.policy';
import { readNotificationPreferences } from '../notifications/notifications.domain';
import { readSettings } from '../user-settings/user-settings.domain';

type Row = Record<string, unknown>;

/** Database table → the device's collection (contract SYNC_TABLES). */
export const SYNC_TABLE_OF: Record<LoggedTable, SyncTable> = {
  clients: 'clients',
  tags: 'tags',
  client_tags: 'clientTags',
  follow_ups: 'followUps',
  client_interactions: 'interactions',
  cold_call_campaigns: 'campaigns',
  campaign_clients: 'campaignClients',
  cold_calls: 'coldCalls',
  notifications: 'notifications',
  users: 'users',
  user_settings: 'userSettings',
  notification_preferences: 'notificationPreferences',
};

const keysOf = (schema: { shape: object }) => Object.keys(schema.shape);

/** The wire keys of each organization table's rows: the REST entity (minus computed fields). */
const WIRE_KEYS: Record<SoftDeletableTable, string[]> = {
  clients: keysOf(clientSchema),
  tags: keysOf(tagSchema),
  client_tags: keysOf(clientTagSchema),
  follow_ups: keysOf(followUpSchema),
  client_interactions: keysOf(interactionSchema),
  cold_call_campaigns: keysOf(campaignSchema).filter((k) => k !== 'totalClients' && k !== 'totalCalls'),
  campaign_clients: keysOf(campaignClientSchema),
  cold_calls: keysOf(coldCallSchema),
  notifications: keysOf(notificationSchema),
};

/** Columns read for each table (never server-only ones such as search_text or password_hash). */
export const SELECT_COLUMNS: Record<SoftDeletableTable | 'users', string[]> = {
  ...(Object.fromEntries(
    Object.entries(WIRE_KEYS).map(([table, keys]) => [table, keys.map((k) => `${table}.${camelToSnake(k)}`)]),
  ) as Record<SoftDeletableTable, string[]>),
  users: keysOf(syncUserSchema).map((k) => `users.${camelToSnake(k)}`),
};

/** A row of an organization table in its wire shape. */
export function wireRow(table: SoftDeletableTable | 'users', row: Row): Row {
  if (table === 'clients') return toClient(row);
  const all = fromDbRow<Row>(table, row);
  const keys = table === 'users' ? keysOf(syncUserSchema) : WIRE_KEYS[table];
  return Object.fromEntries(keys.filter((k) => k in all).map((k) => [k, all[k]]));
}

/** The signed-in user's own rows, id = the user's id (defaults when nothing is stored yet). */
export async function ownAccountRow(
  db: Knex,
  table: 'user_settings' | 'notification_preferences',
  userId: string,
): Promise<Row> {
  const data =
    table === 'user_settings'
      ? await readSettings(db, userId)
      : await readNotificationPreferences(db, userId);
  return { id: userId, ...data };
}

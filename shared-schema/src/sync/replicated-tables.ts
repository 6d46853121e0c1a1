import type { z } from 'zod';
import { campaignSchema } from '../entities/campaign';
import { campaignClientSchema } from '../entities/campaign-client';
import { clientSchema } from '../entities/client';
import { clientTagSchema } from '../entities/client-tag';
import { coldCallSchema } from '../entities/cold-call';
import { followUpSchema } from '../entities/follow-up';
import { interactionSchema } from '../entities/interaction';
import { notificationSchema } from '../entities/notification';
import { propertySchema } from '../entities/property';
import { notificationPreferencesSchema } from '../entities/notification-preferences';
import { propertyPhotoSchema } from '../entities/property-photo';
import { tagSchema } from '../entities/tag';
import { userSchema } from '../entities/user';
import { userSettingsSchema } from '../entities/user-settings';
import { uuidSchema } from '../primitives';

/**
 * THE list of replicated collections (docs/sync.md "Collections"). The contract's `SYNC_TABLES`, the
 * server's sync tables (db/tables.ts, the change log, the pull's snapshot order and wire rows), the
 * device's Dexie stores (web/src/data/db.ts) and the schema-drift test are all derived from it: a new
 * replicated entity is one entry here (plus its migration and, where it has one, its mutations).
 */

/**
 * An organization member as every device (every role) sees it: the agency's directory (phone and bio
 * included, docs/decisions.md) and the signed-in user's own profile, editable offline; never login times.
 */
export const syncUserSchema = userSchema.pick({
  id: true,
  organizationId: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
  bio: true,
  profileImageUrl: true,
  role: true,
  status: true,
  createdAt: true,
  updatedAt: true,
});
export type SyncUser = z.infer<typeof syncUserSchema>;
/** The signed-in user's settings (GET /api/user/settings) with id = the user's id. */
export const syncUserSettingsSchema = userSettingsSchema.extend({ id: uuidSchema });
export type SyncUserSettings = z.infer<typeof syncUserSettingsSchema>;
/** The signed-in user's preferences (GET /api/notifications/preferences, snake_case keys) with id = the user's id. */
export const syncNotificationPreferencesSchema = notificationPreferencesSchema.extend({ id: uuidSchema });
export type SyncNotificationPreferences = z.infer<typeof syncNotificationPreferencesSchema>;

/**
 * Whose rows a device pulls, and how the server stores them:
 * - `organization`: an organization table (organization_id, deleted_at tombstones); every member pulls it;
 * - `user`: an organization table whose rows belong to one member (`user_id`): only that member pulls them;
 * - `members`: the organization's users, read-only on the device (an account table, no tombstones);
 * - `self`: the signed-in user's own row of an account table, id = the user's id (defaults when none is stored).
 */
export type ReplicationScope = 'organization' | 'user' | 'members' | 'self';

export type ReplicatedTableSpec = {
  /** The server's database table. */
  readonly table: string;
  readonly scope: ReplicationScope;
  /** The row as it travels and as the device stores it: the REST entity minus computed fields. */
  readonly row: z.ZodObject;
  /** Dexie indexes of the device's table (primary key first): every list, filter and sort of the screens. */
  readonly indexes: string;
};

/**
 * Keyed by the device's collection name. The key order is the snapshot order of a first pull (its
 * index is part of the pull cursor: append new collections at the end, never reorder).
 * Booleans are not IndexedDB keys, so `completed`/`read` are filtered over the date indexes.
 */
export const REPLICATED_TABLES = {
  users: { table: 'users', scope: 'members', row: syncUserSchema, indexes: 'id, email' },
  userSettings: { table: 'user_settings', scope: 'self', row: syncUserSettingsSchema, indexes: 'id' },
  notificationPreferences: {
    table: 'notification_preferences',
    scope: 'self',
    row: syncNotificationPreferencesSchema,
    indexes: 'id',
  },
  tags: { table: 'tags', scope: 'organization', row: tagSchema, indexes: 'id, name' },
  clients: {
    table: 'clients',
    scope: 'organization',
    row: clientSchema,
    indexes: 'id, type, name, rating, agentId, updatedAt, [type+name], createdAt',
  },
  clientTags: {
    table: 'client_tags',
    scope: 'organization',
    row: clientTagSchema,
    indexes: 'id, clientId, tagId',
  },
  followUps: {
    table: 'follow_ups',
    scope: 'organization',
    row: followUpSchema,
    indexes: 'id, clientId, scheduledDate, completedAt, [clientId+scheduledDate], propertyId',
  },
  interactions: {
    table: 'client_interactions',
    scope: 'organization',
    row: interactionSchema,
    indexes: 'id, clientId, createdAt, [clientId+createdAt]',
  },
  campaigns: {
    table: 'cold_call_campaigns',
    scope: 'organization',
    // totalClients and totalCalls are computed: the device counts them from campaignClients and coldCalls.
    row: campaignSchema.omit({ totalClients: true, totalCalls: true }),
    indexes: 'id, createdAt, status',
  },
  campaignClients: {
    table: 'campaign_clients',
    scope: 'organization',
    row: campaignClientSchema,
    indexes: 'id, campaignId, clientId, [campaignId+clientId]',
  },
  coldCalls: {
    table: 'cold_calls',
    scope: 'organization',
    row: coldCallSchema,
    indexes: 'id, calledAt, campaignId, clientId, [campaignId+calledAt]',
  },
  notifications: { table: 'notifications', scope: 'user', row: notificationSchema, indexes: 'id, createdAt' },
  properties: {
    table: 'properties',
    scope: 'organization',
    row: propertySchema,
    indexes: 'id, reference, status, concelho, ownerClientId, agentId, createdAt, [status+createdAt]',
  },
  // Metadata only (no bytes): the device fetches thumbnails by URL and the service worker keeps them offline.
  propertyPhotos: {
    table: 'property_photos',
    scope: 'organization',
    row: propertyPhotoSchema,
    indexes: 'id, propertyId, [propertyId+position]',
  },
} as const satisfies Record<string, ReplicatedTableSpec>;

type Registry = typeof REPLICATED_TABLES;

/** A replicated collection, named as the device's Dexie table is. */
export type SyncTable = keyof Registry;
/** The row type of a collection (what the device stores and a pull's `put` carries). */
export type ReplicatedRow<T extends SyncTable> = z.infer<Registry[T]['row']>;
/** The database tables of the collections of the given scopes. */
export type ReplicatedDbTable<S extends ReplicationScope = ReplicationScope> = {
  [K in SyncTable]: Registry[K]['scope'] extends S ? Registry[K]['table'] : never;
}[SyncTable];

/** Every collection, in snapshot order. */
export const SYNC_TABLES = Object.keys(REPLICATED_TABLES) as [SyncTable, ...SyncTable[]];

/** The database tables of the given scopes, in snapshot order. */
export function replicatedDbTables<S extends ReplicationScope>(...scopes: S[]): ReplicatedDbTable<S>[] {
  return SYNC_TABLES.map((name) => REPLICATED_TABLES[name])
    .filter((spec) => (scopes as ReplicationScope[]).includes(spec.scope))
    .map((spec) => spec.table as ReplicatedDbTable<S>);
}

/** Database table → the device's collection. */
export const SYNC_TABLE_OF = Object.fromEntries(
  SYNC_TABLES.map((name) => [REPLICATED_TABLES[name].table, name]),
) as Record<ReplicatedDbTable, SyncTable>;

/** The registry entry of a database table (undefined: not replicated). */
export function replicatedSpecOf(table: string): (ReplicatedTableSpec & { name: SyncTable }) | undefined {
  const name = (SYNC_TABLE_OF as Record<string, SyncTable | undefined>)[table];
  return name ? { ...REPLICATED_TABLES[name], name } : undefined;
}

/** The wire keys of a collection's rows. */
export function wireKeysOf(name: SyncTable): string[] {
  return Object.keys(REPLICATED_TABLES[name].row.shape);
}

/** Dexie `stores()` entries of the replicated collections. */
export function replicatedDexieStores(): Record<SyncTable, string> {
  return Object.fromEntries(SYNC_TABLES.map((name) => [name, REPLICATED_TABLES[name].indexes])) as Record<
    SyncTable,
    string
  >;
}

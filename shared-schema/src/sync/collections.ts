/**
 * THE list of replicated collections (docs/sync.md "Collections"), without their row schemas: names,
 * database tables, scopes and the device's Dexie indexes. Plain data, no zod (`@casa/shared-schema/values`):
 * the device's replica opens and its pull applies from here on a signed-in start that evaluates no schema
 * (issue 19). The rows live beside it in replicated-tables.ts (`REPLICATED_ROWS`, typed by these keys), and
 * `REPLICATED_TABLES` there joins both for the server. A new replicated entity is one entry here and one
 * there (plus its migration and, where it has one, its mutations).
 */

/**
 * Whose rows a device pulls, and how the server stores them:
 * - `organization`: an organization table (organization_id, deleted_at tombstones); every member pulls it;
 * - `user`: an organization table whose rows belong to one member (`user_id`): only that member pulls them;
 * - `members`: the organization's users, read-only on the device (an account table, no tombstones);
 * - `self`: the signed-in user's own row of an account table, id = the user's id (defaults when none is stored).
 */
export type ReplicationScope = 'organization' | 'user' | 'members' | 'self';

export type ReplicatedCollectionSpec = {
  /** The server's database table. */
  readonly table: string;
  readonly scope: ReplicationScope;
  /** Dexie indexes of the device's table (primary key first): every list, filter and sort of the screens. */
  readonly indexes: string;
};

/**
 * Keyed by the device's collection name. The key order is the snapshot order of a first pull (its
 * index is part of the pull cursor: append new collections at the end, never reorder).
 * Booleans are not IndexedDB keys, so `completed`/`read` are filtered over the date indexes.
 */
export const REPLICATED_COLLECTIONS = {
  users: { table: 'users', scope: 'members', indexes: 'id, email' },
  userSettings: { table: 'user_settings', scope: 'self', indexes: 'id' },
  notificationPreferences: { table: 'notification_preferences', scope: 'self', indexes: 'id' },
  tags: { table: 'tags', scope: 'organization', indexes: 'id, name' },
  clients: {
    table: 'clients',
    scope: 'organization',
    indexes: 'id, type, name, rating, agentId, updatedAt, [type+name], createdAt',
  },
  clientTags: { table: 'client_tags', scope: 'organization', indexes: 'id, clientId, tagId' },
  followUps: {
    table: 'follow_ups',
    scope: 'organization',
    indexes: 'id, clientId, scheduledDate, completedAt, [clientId+scheduledDate], propertyId',
  },
  interactions: {
    table: 'client_interactions',
    scope: 'organization',
    indexes: 'id, clientId, createdAt, [clientId+createdAt]',
  },
  campaigns: { table: 'cold_call_campaigns', scope: 'organization', indexes: 'id, createdAt, status' },
  campaignClients: {
    table: 'campaign_clients',
    scope: 'organization',
    indexes: 'id, campaignId, clientId, [campaignId+clientId]',
  },
  coldCalls: {
    table: 'cold_calls',
    scope: 'organization',
    indexes: 'id, calledAt, campaignId, clientId, [campaignId+calledAt]',
  },
  notifications: { table: 'notifications', scope: 'user', indexes: 'id, createdAt' },
  properties: {
    table: 'properties',
    scope: 'organization',
    indexes: 'id, reference, status, concelho, ownerClientId, agentId, createdAt, [status+createdAt]',
  },
  // Metadata only (no bytes): the device fetches thumbnails by URL and the service worker keeps them offline.
  propertyPhotos: {
    table: 'property_photos',
    scope: 'organization',
    indexes: 'id, propertyId, [propertyId+position]',
  },
} as const satisfies Record<string, ReplicatedCollectionSpec>;

type Collections = typeof REPLICATED_COLLECTIONS;

/** A replicated collection, named as the device's Dexie table is. */
export type SyncTable = keyof Collections;
/** The database tables of the collections of the given scopes. */
export type ReplicatedDbTable<S extends ReplicationScope = ReplicationScope> = {
  [K in SyncTable]: Collections[K]['scope'] extends S ? Collections[K]['table'] : never;
}[SyncTable];

/** Every collection, in snapshot order. */
export const SYNC_TABLES = Object.keys(REPLICATED_COLLECTIONS) as [SyncTable, ...SyncTable[]];

/** The database tables of the given scopes, in snapshot order. */
export function replicatedDbTables<S extends ReplicationScope>(...scopes: S[]): ReplicatedDbTable<S>[] {
  return SYNC_TABLES.map((name) => REPLICATED_COLLECTIONS[name])
    .filter((spec) => (scopes as ReplicationScope[]).includes(spec.scope))
    .map((spec) => spec.table as ReplicatedDbTable<S>);
}

/** Database table → the device's collection. */
export const SYNC_TABLE_OF = Object.fromEntries(
  SYNC_TABLES.map((name) => [REPLICATED_COLLECTIONS[name].table, name]),
) as Record<ReplicatedDbTable, SyncTable>;

/** Dexie `stores()` entries of the replicated collections. */
export function replicatedDexieStores(): Record<SyncTable, string> {
  return Object.fromEntries(
    SYNC_TABLES.map((name) => [name, REPLICATED_COLLECTIONS[name].indexes]),
  ) as Record<SyncTable, string>;
}

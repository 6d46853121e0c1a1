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
import {
  REPLICATED_COLLECTIONS,
  SYNC_TABLE_OF,
  SYNC_TABLES,
  type ReplicatedCollectionSpec,
  type SyncTable,
} from './collections';

export * from './collections';

/**
 * The rows of the replicated collections (docs/sync.md "Collections"): what travels in a pull and what the
 * device stores. The collections themselves (tables, scopes, Dexie indexes, snapshot order) are plain data
 * in collections.ts, so the device's start reads them without zod; `REPLICATED_TABLES` joins both for the
 * contract's consumers (the server's sync tables, the change log, the wire rows and the schema-drift test).
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

/** The row of each collection: the REST entity minus computed fields. */
export const REPLICATED_ROWS = {
  users: syncUserSchema,
  userSettings: syncUserSettingsSchema,
  notificationPreferences: syncNotificationPreferencesSchema,
  tags: tagSchema,
  clients: clientSchema,
  clientTags: clientTagSchema,
  followUps: followUpSchema,
  interactions: interactionSchema,
  // totalClients and totalCalls are computed: the device counts them from campaignClients and coldCalls.
  campaigns: campaignSchema.omit({ totalClients: true, totalCalls: true }),
  campaignClients: campaignClientSchema,
  coldCalls: coldCallSchema,
  notifications: notificationSchema,
  properties: propertySchema,
  propertyPhotos: propertyPhotoSchema,
} as const satisfies Record<SyncTable, z.ZodObject>;

type Rows = typeof REPLICATED_ROWS;

export type ReplicatedTableSpec = ReplicatedCollectionSpec & {
  /** The row as it travels and as the device stores it: the REST entity minus computed fields. */
  readonly row: z.ZodObject;
};

/** A collection's registry entry: its table, scope and indexes with its row. */
type Registry = { readonly [K in SyncTable]: (typeof REPLICATED_COLLECTIONS)[K] & { readonly row: Rows[K] } };

/** Keyed by the device's collection name, in snapshot order (collections.ts). */
export const REPLICATED_TABLES = Object.fromEntries(
  SYNC_TABLES.map((name) => [name, { ...REPLICATED_COLLECTIONS[name], row: REPLICATED_ROWS[name] }]),
) as Registry;

/** The row type of a collection (what the device stores and a pull's `put` carries). */
export type ReplicatedRow<T extends SyncTable> = z.infer<Rows[T]>;

/** The registry entry of a database table (undefined: not replicated). */
export function replicatedSpecOf(table: string): (ReplicatedTableSpec & { name: SyncTable }) | undefined {
  const name = (SYNC_TABLE_OF as Record<string, SyncTable | undefined>)[table];
  return name ? { ...REPLICATED_TABLES[name], name } : undefined;
}

/** The wire keys of a collection's rows. */
export function wireKeysOf(name: SyncTable): string[] {
  return Object.keys(REPLICATED_ROWS[name].shape);
}

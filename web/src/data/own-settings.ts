import { useLiveQuery } from 'dexie-react-hooks';
import type { NotificationPreferences, UserSettings } from '@casa/shared-schema';
import { useSchemaIndex, type SchemaIndex } from './lazy-schemas';
import { useSyncClient } from './sync-provider';
import { useReplicaSettled } from './sync-state';

/**
 * The signed-in user's own rows of the replica (id = the user's id), live: a change made on this device
 * (offline too) or pulled from another shows at once. `undefined` while the replica opens, or while its
 * first sync may still bring the row; then the stored row, or the defaults when there is none (only
 * before a first sync, offline: `defaults: false` answers undefined then, to keep the device's own copy).
 * Written through the mutators (`updateSettings`, `updateNotificationPreferences`), never directly.
 * Read by the shared schemas, which load after the first render (the theme's first paint reads the
 * device's copy, app/use-user-theme.ts): `undefined` until then too.
 */
function useOwnRow<T>(
  read: (db: NonNullable<ReturnType<typeof useSyncClient>>['db'], userId: string) => Promise<unknown>,
  parse: (schemas: SchemaIndex, row: unknown) => T,
  userId: string,
  defaults: boolean,
): T | undefined {
  const schemas = useSchemaIndex();
  const sync = useSyncClient();
  const settled = useReplicaSettled(sync);
  const row = useLiveQuery(
    async () => (sync ? ((await read(sync.db, userId)) ?? null) : undefined),
    [sync, userId],
  );
  if (!schemas || row === undefined || (row === null && (!settled || !defaults))) return undefined;
  return parse(schemas, row ?? {});
}

/** The row as the schema reads it, or the schema's defaults when it does not read. */
const parseLenient = <T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false }; parse(v: unknown): T },
  row: unknown,
): T => {
  const parsed = schema.safeParse(row);
  return parsed.success ? parsed.data : schema.parse({});
};

export const useOwnSettings = (userId: string, { defaults = true } = {}): UserSettings | undefined =>
  useOwnRow(
    (db, id) => db.userSettings.get(id),
    (schemas, row) => parseLenient(schemas.userSettingsSchema, row),
    userId,
    defaults,
  );

export const useOwnNotificationPreferences = (userId: string): NotificationPreferences | undefined =>
  useOwnRow(
    (db, id) => db.notificationPreferences.get(id),
    (schemas, row) => parseLenient(schemas.notificationPreferencesSchema, row),
    userId,
    true,
  );

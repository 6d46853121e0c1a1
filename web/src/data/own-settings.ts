import { useLiveQuery } from './live-query';
import type { NotificationPreferences, UserSettings } from '@casa/shared-schema';
import { storedAppearance } from '@casa/shared-schema/values';
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
  read: ReadOwnRow,
  parse: (schemas: SchemaIndex, row: unknown) => T,
  userId: string,
  defaults: boolean,
): T | undefined {
  const schemas = useSchemaIndex();
  const row = useStoredOwnRow(read, userId, defaults);
  if (!schemas || row === undefined) return undefined;
  return parse(schemas, row ?? {});
}

type ReadOwnRow = (
  db: NonNullable<ReturnType<typeof useSyncClient>>['db'],
  userId: string,
) => Promise<unknown>;

/** The stored row; null: none, and the defaults apply; undefined: not known yet (see useOwnRow). */
function useStoredOwnRow(read: ReadOwnRow, userId: string, defaults: boolean): unknown {
  const sync = useSyncClient();
  const settled = useReplicaSettled(sync);
  const row = useLiveQuery(
    async () => (sync ? ((await read(sync.db, userId)) ?? null) : undefined),
    [sync, userId],
  );
  if (row === undefined || (row === null && (!settled || !defaults))) return undefined;
  return row;
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

/**
 * The stored theme and density (undefined: no stored row yet), read without the schemas: the frame applies
 * them on a start that loads no zod (issue 19), as the settings' schema would read them.
 */
export const useOwnAppearance = (userId: string): ReturnType<typeof storedAppearance> | undefined => {
  const row = useStoredOwnRow((db, id) => db.userSettings.get(id), userId, false);
  return row === undefined ? undefined : storedAppearance(row);
};

export const useOwnNotificationPreferences = (userId: string): NotificationPreferences | undefined =>
  useOwnRow(
    (db, id) => db.notificationPreferences.get(id),
    (schemas, row) => parseLenient(schemas.notificationPreferencesSchema, row),
    userId,
    true,
  );

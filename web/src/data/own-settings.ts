import { useLiveQuery } from 'dexie-react-hooks';
import {
  notificationPreferencesSchema,
  userSettingsSchema,
  type NotificationPreferences,
  type UserSettings,
} from '@casa/shared-schema';
import { useSyncClient } from './sync-provider';
import { useReplicaSettled } from './sync-state';

/**
 * The signed-in user's own rows of the replica (id = the user's id), live: a change made on this device
 * (offline too) or pulled from another shows at once. `undefined` while the replica opens, or while its
 * first sync may still bring the row; then the stored row, or the defaults when there is none (only
 * before a first sync, offline: `defaults: false` answers undefined then, to keep the device's own copy).
 * Written through the mutators (`updateSettings`, `updateNotificationPreferences`), never directly.
 */
function useOwnRow<T>(
  read: (db: NonNullable<ReturnType<typeof useSyncClient>>['db'], userId: string) => Promise<unknown>,
  parse: (row: unknown) => T,
  userId: string,
  defaults: boolean,
): T | undefined {
  const sync = useSyncClient();
  const settled = useReplicaSettled(sync);
  const row = useLiveQuery(
    async () => (sync ? ((await read(sync.db, userId)) ?? null) : undefined),
    [sync, userId],
  );
  if (row === undefined || (row === null && (!settled || !defaults))) return undefined;
  return parse(row ?? {});
}

const parseLenient =
  <T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, fallback: T) =>
  (row: unknown): T => {
    const parsed = schema.safeParse(row);
    return parsed.success ? parsed.data : fallback;
  };

export const useOwnSettings = (userId: string, { defaults = true } = {}): UserSettings | undefined =>
  useOwnRow(
    (db, id) => db.userSettings.get(id),
    parseLenient(userSettingsSchema, userSettingsSchema.parse({})),
    userId,
    defaults,
  );

export const useOwnNotificationPreferences = (userId: string): NotificationPreferences | undefined =>
  useOwnRow(
    (db, id) => db.notificationPreferences.get(id),
    parseLenient(notificationPreferencesSchema, notificationPreferencesSchema.parse({})),
    userId,
    true,
  );

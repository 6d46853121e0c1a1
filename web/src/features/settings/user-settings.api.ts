import type { UserSettings, UserSettingsUpdate } from '@casa/shared-schema';
import { loadSchemaIndex } from '../../data/lazy-schemas';
import { api, type ApiClient } from '../../lib/api';

/** docs/product.md#accounts: user settings are cached for 5 minutes. */
export const USER_SETTINGS_CACHE_MS = 5 * 60_000;

type Clock = () => number;

export function createUserSettingsCache(client: () => ApiClient = () => api, now: Clock = Date.now) {
  let cached: { value: UserSettings; at: number } | null = null;
  let inFlight: Promise<UserSettings> | null = null;

  async function load(): Promise<UserSettings> {
    if (cached && now() - cached.at < USER_SETTINGS_CACHE_MS) return cached.value;
    inFlight ??= Promise.all([client().get<unknown>('/api/user/settings'), loadSchemaIndex()])
      .then(([raw, { userSettingsSchema }]) => {
        const value = userSettingsSchema.parse(raw ?? {});
        cached = { value, at: now() };
        return value;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  /** PUT /api/user/settings with a subset; the cache holds the merged result. */
  async function save(patch: UserSettingsUpdate): Promise<UserSettings> {
    const raw = await client().put<unknown>('/api/user/settings', patch);
    // The schema index loads here, not with the frame's theme toggle that imports this module.
    const { mergeUserSettings, userSettingsSchema } = await loadSchemaIndex();
    const answered = userSettingsSchema.safeParse(raw);
    const base = cached?.value ?? userSettingsSchema.parse({});
    const value = answered.success ? answered.data : mergeUserSettings(base, patch);
    cached = { value, at: now() };
    return value;
  }

  return {
    load,
    save,
    peek: (): UserSettings | null => cached?.value ?? null,
    forget: () => {
      cached = null;
    },
  };
}

export const userSettings = createUserSettingsCache();

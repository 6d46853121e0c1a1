import { z } from 'zod';
import { languageSchema, themeSchema } from '../enums';
import { boundedJson, FLAT_JSON_LIMITS } from '../primitives';
import { APPEARANCE_DEFAULTS } from './user-settings-rules';

const notificationsShape = {
  email: z.boolean().default(true),
  push: z.boolean().default(true),
  reports: z.boolean().default(false),
  followups: z.boolean().default(true),
};
const appearanceShape = {
  theme: themeSchema.default(APPEARANCE_DEFAULTS.theme),
  language: languageSchema.default(APPEARANCE_DEFAULTS.language),
  compactMode: z.boolean().default(APPEARANCE_DEFAULTS.compactMode),
};
const privacyShape = {
  profileVisible: z.boolean().default(true),
  dataSharing: z.boolean().default(false),
};

/** GET /api/user/settings. Missing parts take the docs/product.md#accounts defaults (prefault parses {}). */
export const userSettingsSchema = z.object({
  notifications: z.object(notificationsShape).prefault({}),
  appearance: z.object(appearanceShape).prefault({}),
  privacy: z.object(privacyShape).prefault({}),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const DEFAULT_USER_SETTINGS: UserSettings = userSettingsSchema.parse({});

const partialOf = <T extends Record<string, z.ZodDefault<z.ZodType>>>(shape: T) =>
  z.object(
    Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, s.removeDefault().optional()])) as {
      [K in keyof T]: z.ZodOptional<ReturnType<T[K]['removeDefault']>>;
    },
  );

/**
 * PUT /api/user/settings: any subset, e.g. {appearance: {theme: 'dark'}}. Strict: a body of unknown keys
 * only is refused rather than saved as an empty change.
 */
export const userSettingsUpdateSchema = z.strictObject({
  notifications: boundedJson(partialOf(notificationsShape).optional(), FLAT_JSON_LIMITS),
  appearance: boundedJson(partialOf(appearanceShape).optional(), FLAT_JSON_LIMITS),
  privacy: boundedJson(partialOf(privacyShape).optional(), FLAT_JSON_LIMITS),
});
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdateSchema>;

export function mergeUserSettings(current: UserSettings, patch: UserSettingsUpdate): UserSettings {
  return {
    notifications: { ...current.notifications, ...stripUndefined(patch.notifications) },
    appearance: { ...current.appearance, ...stripUndefined(patch.appearance) },
    privacy: { ...current.privacy, ...stripUndefined(patch.privacy) },
  };
}

function stripUndefined<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

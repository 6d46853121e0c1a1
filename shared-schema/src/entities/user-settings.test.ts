import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storedAppearance } from './user-settings-rules';
import {
  DEFAULT_USER_SETTINGS,
  mergeUserSettings,
  userSettingsSchema,
  userSettingsUpdateSchema,
} from './user-settings';

describe('userSettingsSchema', () => {
  it('has the defaults of docs/product.md#accounts', () => {
    expect(DEFAULT_USER_SETTINGS).toEqual({
      notifications: { email: true, push: true, reports: false, followups: true },
      appearance: { theme: 'system', language: 'pt', compactMode: false },
      privacy: { profileVisible: true, dataSharing: false },
    });
  });

  it('fills nested defaults around stored values', () => {
    const s = userSettingsSchema.parse({ appearance: { theme: 'dark' } });
    expect(s.appearance).toEqual({ theme: 'dark', language: 'pt', compactMode: false });
    expect(s.privacy.profileVisible).toBe(true);
  });

  it('rejects unknown themes and languages', () => {
    expect(userSettingsSchema.safeParse({ appearance: { theme: 'blue' } }).success).toBe(false);
    expect(userSettingsSchema.safeParse({ appearance: { language: 'fr' } }).success).toBe(false);
  });
});

describe('userSettingsUpdateSchema', () => {
  it('is deep-partial and adds no defaults', () => {
    expect(userSettingsUpdateSchema.parse({ appearance: { theme: 'dark' } })).toEqual({
      appearance: { theme: 'dark' },
    });
    expect(userSettingsUpdateSchema.parse({})).toEqual({});
  });

  it('merges into the current settings', () => {
    const merged = mergeUserSettings(DEFAULT_USER_SETTINGS, {
      notifications: { reports: true },
      appearance: { theme: 'light' },
    });
    expect(merged.notifications).toEqual({ email: true, push: true, reports: true, followups: true });
    expect(merged.appearance.theme).toBe('light');
    expect(merged.privacy).toEqual(DEFAULT_USER_SETTINGS.privacy);
  });
});

describe('storedAppearance, the zod-free read of the theme at start-up', () => {
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const appearance = fc.record(
    {
      theme: maybe(fc.oneof(fc.constantFrom('light', 'dark', 'system'), fc.string(), fc.integer())),
      compactMode: maybe(fc.oneof(fc.boolean(), fc.string())),
      language: maybe(fc.constantFrom('pt', 'en', 'es')),
    },
    { requiredKeys: [] },
  );
  const row = fc.oneof(
    fc.record({ appearance: fc.oneof(appearance, fc.constant(null), fc.string()) }, { requiredKeys: [] }),
    fc.constant(null),
  );

  it('reads what the schema reads from a row it accepts, and the default of each field that is not valid', () => {
    fc.assert(
      fc.property(row, (stored) => {
        const read = storedAppearance(stored);
        const parsed = userSettingsSchema.safeParse(stored ?? {});
        if (parsed.success) {
          expect(read).toEqual({
            theme: parsed.data.appearance.theme,
            compactMode: parsed.data.appearance.compactMode,
          });
        }
        const raw = (stored?.appearance ?? {}) as { theme?: unknown; compactMode?: unknown };
        const valid = ['light', 'dark', 'system'].includes(raw.theme as string);
        expect(read.theme).toBe(valid ? raw.theme : DEFAULT_USER_SETTINGS.appearance.theme);
        const boolean = typeof raw.compactMode === 'boolean';
        expect(read.compactMode).toBe(
          boolean ? raw.compactMode : DEFAULT_USER_SETTINGS.appearance.compactMode,
        );
      }),
    );
  });
});

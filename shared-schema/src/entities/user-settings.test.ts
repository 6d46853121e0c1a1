import { describe, expect, it } from 'vitest';
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

// A user's appearance settings without zod: the web app's start applies the stored theme before any schema
// loads (issue 19); user-settings.ts builds the settings' schema from the same defaults.
import { THEMES, type Theme } from '../enums/business-values';

/** The appearance a user has before choosing (docs/product.md#accounts). */
export const APPEARANCE_DEFAULTS = { theme: 'system', language: 'pt', compactMode: false } as const;

/**
 * The theme and density a stored settings row holds, read as the schema reads them: a field that is
 * missing or not valid takes its default (`APPEARANCE_DEFAULTS`).
 */
export function storedAppearance(row: unknown): { theme: Theme; compactMode: boolean } {
  const appearance = (row as { appearance?: unknown } | null)?.appearance;
  const { theme, compactMode } = (
    typeof appearance === 'object' && appearance !== null ? appearance : {}
  ) as { theme?: unknown; compactMode?: unknown };
  return {
    theme: (THEMES as readonly unknown[]).includes(theme) ? (theme as Theme) : APPEARANCE_DEFAULTS.theme,
    compactMode: typeof compactMode === 'boolean' ? compactMode : APPEARANCE_DEFAULTS.compactMode,
  };
}

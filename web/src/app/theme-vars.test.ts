import { describe, expect, it } from 'vitest';
import { makeTheme } from './theme';
import { themeVarsCss } from './theme-vars';

describe('the theme variables shipped as CSS', () => {
  // The file is derived from theme.ts: after a change of the theme, `vitest -u` writes it again.
  it("theme-vars.generated.css is the default theme's variables", async () => {
    await expect(themeVarsCss(makeTheme())).toMatchFileSnapshot('./theme-vars.generated.css');
  });

  it('writes every variable of both palettes, the dark one under its class with its colour scheme', () => {
    const css = themeVarsCss(makeTheme());
    expect(css).toContain(':root, .light{');
    expect(css).toMatch(/\n\.dark\{color-scheme:dark;/);
    expect(css).toContain('--mui-palette-primary-main:#1d4e89');
    expect(css).toContain('--mui-palette-primary-main:#7fb0ec');
    expect(css).toContain('--mui-spacing:8px');
  });

  it('compact mode changes the spacing and line heights only, which the provider still writes', () => {
    const plain = themeVarsCss(makeTheme()).split(/[;{}\n]/);
    const compact = new Set(themeVarsCss(makeTheme({ compact: true })).split(/[;{}\n]/));
    const changed = plain.filter((declaration) => !compact.has(declaration)).map((d) => d.split(':')[0]);
    expect(changed.sort()).toEqual([
      '--mui-font-body1',
      '--mui-font-body2',
      '--mui-font-caption',
      '--mui-font-h6',
      '--mui-font-subtitle1',
      '--mui-spacing',
    ]);
  });
});

import type { makeTheme } from './theme';
import themeVars from './theme-vars.generated.css?raw';

type Sheet = Record<string, Record<string, unknown>>;

const kebab = (property: string) =>
  property.startsWith('--') ? property : property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The CSS of the theme's variables (`theme.generateStyleSheets()`: `:root`, the light and the dark palette),
 * as MUI's provider would insert it through emotion. theme-vars.test.ts derives theme-vars.generated.css
 * from theme.ts with it, so the file never drifts from the theme.
 */
export function themeVarsCss(theme: ReturnType<typeof makeTheme>): string {
  const sheets = (theme as unknown as { generateStyleSheets(): Sheet[] }).generateStyleSheets();
  const rules = sheets.flatMap((sheet) =>
    Object.entries(sheet).map(([selector, body]) => {
      const declarations = Object.entries(body).map(([property, value]) => {
        if (typeof value !== 'string' && typeof value !== 'number') {
          throw new Error(`theme-vars.ts: ${selector} ${property} is not a plain value`);
        }
        return `${kebab(property)}:${value}`;
      });
      return `${selector}{${declarations.join(';')}}`;
    }),
  );
  return `${rules.join('\n')}\n`;
}

let installed = false;

/**
 * Puts the theme's variables in the page once, before emotion's styles: MUI's provider no longer builds
 * them at start (`disableStyleSheetGeneration`), which cost a reload ~50 ms of emotion and stylis at 4× CPU
 * (issue 19). The compact density's variables still come from the provider, after these, so they win.
 */
export function installThemeVars(doc: Document = document): void {
  if (installed) return;
  installed = true;
  const style = doc.createElement('style');
  style.dataset.casaThemeVars = '';
  style.textContent = themeVars;
  doc.head.prepend(style);
}

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FullScreenSpinner } from '../ui/full-screen-spinner';
import { makeTheme } from './theme';

/**
 * index.html's loading screen (issue 19, docs/decisions.md) is painted before any script runs, so it can only
 * repeat by hand what FullScreenSpinner and the theme say: these checks keep the copies equal.
 */
const html = readFileSync(resolve(__dirname, '../../index.html'), 'utf8');
const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
const darkStyle = style.slice(style.indexOf('prefers-color-scheme: dark'));
/** What #root holds in the HTML (the test project has no DOM: the markup is plain enough for patterns). */
const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1] ?? '';
const textOf = (markup: string) =>
  markup
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('index.html loading screen', () => {
  it('is the only thing in #root, a status saying what FullScreenSpinner says', () => {
    expect(root.trim()).toMatch(
      /^<div class="casa-loading" data-static-loading role="status" aria-live="polite">[\s\S]*<\/div>$/,
    );
    expect(textOf(root)).toBe(textOf(renderToStaticMarkup(<FullScreenSpinner />)));
    expect(textOf(root)).toBe('Carregando Casa CRM...');
  });

  it('needs no inline script (the CSP allows scripts from the origin only)', () => {
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((tag) => !/\ssrc=/.test(tag))).toEqual([]);
  });

  it('is visible from the first paint: no opacity to fade in from', () => {
    // Chromium does not count content revealed by an opacity animation as the first contentful paint (a page
    // whose loading screen faded in from opacity 0 reported none until React's render).
    expect(style).not.toMatch(/opacity/);
    expect(style.match(/animation:[^;]*/g)).toEqual([
      'animation: casa-loading-spin 1.4s linear infinite',
      'animation: none',
    ]);
  });

  it("uses the theme's light and dark backgrounds and primary colours", () => {
    type Scheme = { palette: { background: { default: string }; primary: { main: string } } };
    // createTheme keeps the schemes it was given (cssVariables), which the Theme type does not name.
    const { light, dark } = (makeTheme() as unknown as { colorSchemes: Record<'light' | 'dark', Scheme> })
      .colorSchemes;
    const lightStyle = style.slice(0, style.indexOf('prefers-color-scheme: dark'));
    expect(lightStyle).toContain(`background: ${light.palette.background.default};`);
    expect(lightStyle).toContain(`border-top-color: ${light.palette.primary.main};`);
    expect(darkStyle).toContain(`background: ${dark.palette.background.default};`);
    expect(darkStyle).toContain(`border-top-color: ${dark.palette.primary.main};`);
  });
});

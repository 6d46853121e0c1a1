import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Stack, ThemeProvider } from '@mui/material';
import { makeTheme } from './theme';

/** The rules a Stack of the app's theme writes (server rendering: emotion writes them inline, tagged). */
function stackCss(node: React.ReactNode, compact = false): string {
  const html = renderToString(<ThemeProvider theme={makeTheme({ compact })}>{node}</ThemeProvider>);
  return [...html.matchAll(/<style data-emotion="[^"]*MuiStack-root">([^<]*)<\/style>/g)]
    .map((m) => m[1])
    .join('\n');
}

describe("the theme's Stack", () => {
  // A rule `X > :not(style) ~ :not(style)` anywhere in the page made Chromium restyle every descendant of
  // any parent that gained a child: each step of the follow-ups list restyled all its cards (issue 19,
  // docs/decisions.md stop 38). A flex gap spaces the same without a sibling selector.
  it.each([false, true])(
    'spaces its children with a flex gap, never a sibling rule (compact %s)',
    (compact) => {
      const css = stackCss(
        <Stack spacing={1.5} direction={{ xs: 'column', sm: 'row' }}>
          <span>a</span>
          <span>b</span>
        </Stack>,
        compact,
      );
      expect(css).toContain('gap:calc(1.5 * var(--mui-spacing))');
      expect(css).not.toContain('~');
      expect(css).not.toContain(':not(style)');
    },
  );
});

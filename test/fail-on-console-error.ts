import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/*
 * Any console.error fails the test: an unexpected error log usually hides a bug.
 * A test that expects one replaces the implementation and may assert on it:
 *   vi.mocked(console.error).mockImplementation(() => {});
 *   …
 *   expect(console.error).toHaveBeenCalledWith(expect.stringContaining('…'));
 * Code must not rely on process.env.TZ: this file deliberately leaves the time zone alone.
 */
let consoleError: MockInstance<typeof console.error>;
let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
  });
});

afterEach(() => {
  const calls = unexpected;
  unexpected = [];
  consoleError.mockRestore();
  if (calls.length > 0) {
    const shown = calls.map((args) => args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '));
    throw new Error(
      `console.error was called ${calls.length} time(s) during the test:\n${shown.join('\n')}\n` +
        'If this is expected, call vi.mocked(console.error).mockImplementation(() => {}) in the test.',
    );
  }
});

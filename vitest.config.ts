import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every project fails a test that logs console.error (test/fail-on-console-error.ts); the path is relative
// to each project's root.
const FAIL_ON_CONSOLE_ERROR = '../test/fail-on-console-error.ts';

// One Vitest run covers every package; the server suite runs twice, once per database dialect.
export default defineConfig({
  test: {
    // Vitest's default leaves a core to its main process (1 worker on a 2-core machine); that process mostly
    // waits, and the server files wait on their databases: every core runs test files.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared-schema',
          root: './shared-schema',
          include: ['src/**/*.test.ts'],
          setupFiles: [FAIL_ON_CONSOLE_ERROR],
        },
      },
      {
        test: {
          name: 'server-sqlite',
          root: './sync-server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          setupFiles: [FAIL_ON_CONSOLE_ERROR],
          env: { TEST_DB: 'sqlite' },
        },
      },
      {
        test: {
          name: 'server-pg',
          root: './sync-server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          setupFiles: [FAIL_ON_CONSOLE_ERROR],
          env: { TEST_DB: 'pg' },
        },
      },
      {
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: [FAIL_ON_CONSOLE_ERROR],
        },
      },
    ],
  },
});

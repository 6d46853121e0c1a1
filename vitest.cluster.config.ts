import { defineConfig } from 'vitest/config';

// `pnpm test:cluster`: two server processes behind HAProxy on one PostgreSQL (sync-server/test/cluster).
// Separate from `npm test`: it boots real processes and a proxy, which takes 20–60 s on a loaded machine.
export default defineConfig({
  test: {
    name: 'cluster',
    root: './sync-server',
    include: ['test/cluster/*.cluster-test.ts'],
    testTimeout: 30_000,
    fileParallelism: false,
  },
});

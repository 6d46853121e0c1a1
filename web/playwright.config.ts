import { defineConfig, devices } from '@playwright/test';

// The project's test runner (scripts/run.mjs) builds the web, seeds a fresh database and starts the server,
// then sets E2E_BASE_URL. Without it, this config starts the same setup itself on port 3100.
const externalServer = Boolean(process.env.E2E_BASE_URL);
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:3100';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: true,
  forbidOnly: true,
  // Two workers share one seeded organization and a 2-core machine: a journey that lost a race with another
  // test file's writes gets one more run; one that fails twice fails the suite (see docs/decisions.md).
  retries: 1,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'pt-PT',
    timezoneId: 'Europe/Lisbon',
    // Recording a trace (DOM snapshots and a screencast of every action) doubles the CPU a test costs on
    // this 2-core machine: only the retry of a failed test records one. The first failure keeps its
    // screenshot and error context.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The service worker would answer navigations from its cache; only the PWA tests let it run.
    serviceWorkers: 'block',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /maintenance\.spec\.ts/,
    },
    // Maintenance mode locks every other user out: it runs alone, after everything else.
    {
      name: 'maintenance',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /maintenance\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
  webServer: externalServer
    ? undefined
    : {
        command:
          'rm -f /tmp/casa-e2e.sqlite* && pnpm --filter @casa/web build && pnpm --filter @casa/sync-server db:seed && pnpm --filter @casa/sync-server serve',
        cwd: '..',
        url: `${baseURL}/api/health`,
        reuseExistingServer: true,
        timeout: 180_000,
        env: {
          PORT: '3100',
          SQLITE_FILE: '/tmp/casa-e2e.sqlite',
          WEB_DIST: 'web/dist',
          NODE_ENV: 'production',
          SESSION_SECRET: 'e2e-local-secret-e2e-local-secret-0000',
          LOG_LEVEL: 'warn',
        },
      },
});

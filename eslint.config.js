import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries (docs/boundaries.md). A feature reaches another feature only through its public files:
// the role files below, or a shared module listed in SHARED (known reach-ins, to be given a role name).
const PUBLIC_ROLES = ['domain', 'policy', 'service', 'views', 'api', 'queries', 'actions', 'logic', 'texts'];
const SHARED = {
  server: [
    'accounts/user-views',
    'accounts/password-columns',
    'accounts/user-insert',
    'accounts/login-throttle',
    'organization/user-rules',
    'search/search-text',
    'signup/signup-token',
    'system/maintenance-gate',
    'system/daily-backup',
    'push/vapid',
    'scheduler/scheduler',
  ],
  web: [
    'auth/server-message',
    'auth/use-permissions',
    'auth/session-context',
    'auth/user-display',
    'auth/use-replica-logout',
    'signup/use-online',
    'signup/subscribe-dialog',
    'signup/signup-texts',
    'notifications/push-registration',
    'notifications/push-browser',
    'notifications/push-availability',
    'maintenance/maintenance-store',
    'maintenance/maintenance-banner',
    'landing/pricing',
    'client-picker/client-picker',
    'system-settings/use-system-settings',
    'system-settings/system-status-tab',
    'system-settings/system-maintenance-tab',
    'profile/read-only-when',
    'cold-calls/marathon-dialog',
    'cold-calls/marathon-call',
  ],
};
const alt = (items) => items.map((i) => i.replaceAll('.', '\\.')).join('|');
/** `up` is the `../` prefix that leaves the importing feature; tests may also use `*.fixtures`/`*-fixtures`. */
const featureRule = (up, shared, tests) => {
  const publicFile = tests
    ? `\\.(?:${PUBLIC_ROLES.join('|')})|[.-]fixtures`
    : `\\.(?:${PUBLIC_ROLES.join('|')})`;
  const regex = `^${up}(?!(?:${alt(shared)})$)[a-z0-9-]+/(?:[a-z0-9-]+/)*(?![^/]*(?:${publicFile})$)[^/]+$`;
  const message = "Another feature's internals: import its public files (docs/boundaries.md).";
  return ['error', { patterns: [{ regex, message }] }];
};
const TESTS = ['**/*.test.{ts,tsx}', '**/*.fixtures.ts', '**/*-fixtures.ts'];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits hides its rejection (docs/boundaries.md).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // React accepts a promise-returning handler (onClick={async () => …}) and ignores the promise.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Excluded from sync-server/tsconfig.json (needs DOM types): its own project.
    files: [
      'sync-server/src/features/sync/sync.client.test.ts',
      'sync-server/src/features/sync/sync.equivalence.*.ts',
    ],
    languageOptions: {
      parserOptions: { projectService: false, project: './sync-server/tsconfig.client-test.json' },
    },
  },
  {
    // lib/ and db/ sit under the features and the HTTP layer. db/ may name the domain context's type.
    files: ['sync-server/src/{lib,db}/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)http/(context|types)$',
              allowTypeImports: true,
              message: 'lib/ and db/ do not depend on http/ (docs/boundaries.md).',
            },
            {
              regex: '(^|/)(features/|http/(?!(context|types)$))',
              message: 'lib/ and db/ do not depend on features/ or http/ (docs/boundaries.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sync-server/src/features/*/*.ts'],
    ignores: TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': featureRule('\\.\\./', SHARED.server, false) },
  },
  {
    files: TESTS.map((t) => `sync-server/src/features/*/${t.slice(3)}`),
    rules: { '@typescript-eslint/no-restricted-imports': featureRule('\\.\\./', SHARED.server, true) },
  },
  {
    files: ['web/src/features/*/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': featureRule('\\.\\./', SHARED.web, false) },
  },
  {
    files: ['web/src/features/*/*/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': featureRule('\\.\\./\\.\\./', SHARED.web, false) },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**', '**/*.config.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
);

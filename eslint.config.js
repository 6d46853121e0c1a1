import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries (docs/boundaries.md). A feature reaches another feature only through its public files:
// the role files below, or a shared component listed in SHARED.
const PUBLIC_ROLES = ['domain', 'policy', 'service', 'views', 'api', 'queries', 'actions', 'logic', 'texts'];
const SHARED = {
  server: [],
  // Components other features place (no role name fits a component): each says why it is shared.
  web: [
    'signup/subscribe-dialog', // the landing page opens the sign-up dialog
    'maintenance/maintenance-banner', // the login page shows it
    'client-picker/client-picker', // follow-ups and campaigns pick a client with it
    'system-settings/system-status-tab', // the SaaS admin's Sistema tab reuses the two tabs
    'system-settings/system-maintenance-tab',
    'profile/read-only-when', // the settings' profile tab, offline
    'cold-calls/marathon-dialog', // the dashboard starts a marathon
    'property-sheets/share-sheet-button', // the property detail page places it
    'properties/owner-properties-section', // the client detail lists a seller's properties
    'visits/schedule-visit-dialog', // a property's buyers and visits schedule a visit
    'visits/property-visits', // the property screen shows its visits
    'properties/matching-properties-section', // a buyer's detail lists the properties that match
    'visits/client-visits', // the client detail lists the buyer's visits
    'visits/visit-card-details', // the follow-up card shows a visit's property and feedback
    'visits/visit-feedback-fields', // the completion dialog of a Visita takes its feedback
  ],
};
const alt = (items) => items.map((i) => i.replaceAll('.', '\\.')).join('|');
/** `up` is the `../` prefix that leaves the importing feature; tests may also use `*.fixtures`/`*-fixtures`. */
const featureRule = (up, shared, tests) => {
  const publicFile = tests
    ? `\\.(?:${PUBLIC_ROLES.join('|')})|[.-]fixtures`
    : `\\.(?:${PUBLIC_ROLES.join('|')})`;
  const allowed = shared.length ? `(?!(?:${alt(shared)})$)` : '';
  const regex = `^${up}${allowed}[a-z0-9-]+/(?:[a-z0-9-]+/)*(?![^/]*(?:${publicFile})$)[^/]+$`;
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
    // lib/ and db/ sit under the features and the HTTP layer (the domain context's types are in lib/).
    files: ['sync-server/src/{lib,db}/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(features|http)/',
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
    // Replica answers are React state (web/src/data/live-query.ts); dexie-react-hooks' own hooks keep them in
    // a ref that any render may read (docs/decisions.md). The tests import them only to show the difference.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='dexie-react-hooks']",
          message:
            'Read the replica through data/live-query.ts (useLiveQuery, useAnswers) or data/use-live-answer.ts.',
        },
      ],
    },
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

import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Import boundaries (docs/decisions/0010-web-building-blocks.md):
 * - web/ never imports server/;
 * - common/ does no I/O: it imports neither web/ nor server/, no Node built-ins and no I/O package;
 * - a feature (web/features/<name>/) imports another feature only through its public entry,
 *   '../<name>' (its index.ts), never the files behind it; the route tables (web/app/router.tsx and
 *   web/app/admin-routes.tsx) alone may load screen modules directly, with import(), so that each
 *   screen stays its own chunk;
 * - web/lib and web/components sit below the features and the app shell and import neither;
 *   features do not import the app shell (web/app).
 * - server/: a feature (server/features/<name>/) imports another only through '../<name>' (its
 *   index.ts); the layers below the features (db, http, events, policy, shared, auth, email,
 *   storage) never import a feature. Tests and test helpers may reach into a feature's files.
 * ESLint's no-restricted-imports does not look at import(): no-restricted-syntax covers those.
 * A file gets a rule's options from the last block that sets it, so each block below lists every
 * restriction its files need (only the feature-depth guard is meant to be overridden).
 */
const up = (levels) => `(?:\\.\\./){${levels}}`;
const FEATURE_ENTRY = "Import another feature through its public entry, '../<feature>' (its index.ts), not the files behind it.";
const NO_SERVER = { regex: '^(?:\\.\\./)*server(?:/|$)', message: 'web/ never imports server/ code: what both sides need lives in common/.' };
/** From a web/ file outside web/features: any path through features/<name>/… */
const DEEP_FEATURE = { regex: '(?:^|/)features/[^/]+/', message: FEATURE_ENTRY };
/** From a file `depth` folders below its feature's root: up out of the feature, then into another's files. */
const otherFeatureFiles = (depth) => [
  { regex: `^${up(depth + 1)}[^./][^/]*/`, message: FEATURE_ENTRY },
  { regex: `^${up(depth + 2)}features/[^/]+/`, message: FEATURE_ENTRY },
  { regex: `^${up(depth + 2)}app(?:/|$)`, message: 'Features do not import the app shell (web/app): shared pieces live in web/components and web/lib.' },
];
const BELOW_FEATURES = {
  regex: '^(?:\\.\\./)+(?:features|app)(?:/|$)',
  message: 'web/lib and web/components are shared building blocks: they import neither features nor the app shell.',
};
/** The same restrictions for import(), which no-restricted-imports does not check. */
const dynamicImports = (patterns) =>
  patterns.map(({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`, message }));
const restrict = (patterns, { dynamic = true, staticOnly = [] } = {}) => ({
  'no-restricted-imports': ['error', { patterns: [...patterns, ...staticOnly] }],
  ...(dynamic ? { 'no-restricted-syntax': ['error', ...dynamicImports(patterns)] } : {}),
});
const MAX_FEATURE_DEPTH = 4;
/** Every call a feature makes goes through a route contract (docs/decisions/0037-typed-route-contracts.md). */
const NO_API_FETCH = {
  regex: '(?:^|/)lib/api$',
  importNames: ['apiFetch'],
  message: 'Call the API through its route contract: callRoute (lib/call-route.ts) or a query built from the contract.',
};

const SERVER_TEST_FILES = ['server/**/*.test.ts', 'server/test/**/*.ts', 'server/features/*/test-support*.ts'];
const SERVER_FEATURE_ENTRY = "Import another server feature through its public entry, '../<feature>' (its index.ts), not the files behind it.";
const SERVER_BELOW_FEATURES = 'The shared server layers (db, http, events, policy, shared, auth, email, storage) sit below the features and never import them.';

const COMMON_NO_IO = 'common/ is pure code shared by web/ and server/: it does no I/O and imports neither side.';
const IO_PACKAGES = [
  'pg', 'pg/*', 'better-sqlite3', 'kysely', 'kysely/*', 'nodemailer', 'nodemailer/*', 'sharp', 'hono', 'hono/*', '@hono/*',
  'better-auth', 'better-auth/*', 'pino', 'pino/*', 'aws4fetch', '@node-rs/*', 'smtp-server', 'mailparser',
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'e2e/screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The server logs through pino; console is for the boot-time config error only.
    files: ['server/**/*.ts'],
    ignores: ['server/main.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // The app shell and web/main.tsx: features through their public entries.
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/features/**', 'web/lib/**', 'web/components/**', 'web/app/router.tsx', 'web/app/admin-routes.tsx'],
    rules: restrict([NO_SERVER, DEEP_FEATURE]),
  },
  {
    // Lazy routes import screen modules directly (one chunk per screen); static imports still go through public entries.
    files: ['web/app/router.tsx', 'web/app/admin-routes.tsx'],
    rules: restrict([NO_SERVER, DEEP_FEATURE], { dynamic: false }),
  },
  {
    files: ['web/lib/**/*.{ts,tsx}', 'web/components/**/*.{ts,tsx}'],
    rules: restrict([NO_SERVER, BELOW_FEATURES]),
  },
  {
    // The blocks below look MAX_FEATURE_DEPTH folders deep; a deeper file would escape them.
    files: ['web/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Program', message: `Keep feature folders at most ${MAX_FEATURE_DEPTH} folders deep (the import-boundary rules look no deeper).` },
      ],
    },
  },
  // web/features/<name>/ at each folder depth: files directly in it, one folder down, and so on.
  ...Array.from({ length: MAX_FEATURE_DEPTH + 1 }, (_, depth) => ({
    files: [`web/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: restrict([NO_SERVER, ...otherFeatureFiles(depth)], { staticOnly: [NO_API_FETCH] }),
  })),
  {
    // A form checks its fields with useSchemaForm (web/lib/forms/use-schema-form.ts): its values,
    // refusal, marked fields and pending state, as every other form has them. The files let off
    // check what is not a form: a link's token, or the profile's fields as they are typed.
    files: ['web/features/**/*.tsx', 'web/app/**/*.tsx'],
    ignores: [
      'web/features/auth/ResetPasswordScreen.tsx',
      'web/features/auth/EmailLinkScreen.tsx',
      'web/features/notifications/UnsubscribeScreen.tsx',
      'web/features/profile/ProfileInfo.tsx',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'safeParse', message: 'Check a form with useSchemaForm (web/lib/forms/use-schema-form.ts) rather than its own safeParse and error state.' },
      ],
    },
  },
  {
    files: ['server/features/*/*.ts'],
    ignores: SERVER_TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./[^./][^/]*/', message: SERVER_FEATURE_ENTRY },
            { regex: '(?:^|/)http/validate$', importNames: ['readJson'], message: 'Declare the route in its contract (common/<feature>/contract.ts) and register it with contractRoutes: it reads and checks the body.' },
          ],
        },
      ],
    },
  },
  {
    // Services decide, queries read and write: a feature's SQL lives in its queries.ts, or in
    // queries/ when one file would be too long (docs/development.md, "Adding a feature").
    files: ['server/features/**/*.ts'],
    ignores: [...SERVER_TEST_FILES, 'server/features/*/queries.ts', 'server/features/*/queries/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|replaceInto|mergeInto)$/]',
          "TaggedTemplateExpression[tag.name='sql']",
          "MemberExpression[object.name='sql']",
        ].map((selector) => ({ selector, message: "SQL lives in the feature's queries.ts (or queries/): name the query there and call it." })),
      ],
    },
  },
  {
    files: ['server/{db,http,events,policy,shared,auth,email,storage}/**/*.ts'],
    ignores: SERVER_TEST_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(?:^|/)features(?:/|$)', message: SERVER_BELOW_FEATURES }] }] },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: COMMON_NO_IO })),
          patterns: [
            { regex: '^node:', message: COMMON_NO_IO },
            { regex: '^(?:\\.\\./)*(?:web|server)(?:/|$)', message: COMMON_NO_IO },
            { group: IO_PACKAGES, message: COMMON_NO_IO },
          ],
        },
      ],
      // import() loads common/'s own modules only.
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/^[^.]/]', message: COMMON_NO_IO },
        ...dynamicImports([{ regex: '^(?:\\.\\./)+(?:web|server)(?:/|$)', message: COMMON_NO_IO }]),
      ],
    },
  },
  {
    // Tests may stub the network; the shared code itself never touches it, the disk, storage or the page.
    files: ['common/**/*.ts'],
    ignores: ['common/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'localStorage', 'sessionStorage', 'indexedDB', 'document', 'window', 'process', 'require'].map(
          (name) => ({ name, message: COMMON_NO_IO }),
        ),
      ],
    },
  },
  {
    // e2e/support/test.ts closes the contexts a test opens itself; Playwright's own test leaves them open for the run.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', message: "Import test, expect and the types from './support/test', which closes the browser contexts a test opens." }] },
      ],
    },
  },
);

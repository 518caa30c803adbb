// Lint: TypeScript strict rules plus the import boundaries of guides/architecture.md.
// Layers point one way: app → features → shell → (ui, machines, api, i18n); features never import each
// other nor the app (what they need from the running app is in src/shell); machines never import React;
// the server shares only src/api (contracts, permissions) and src/i18n.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

const boundarySettings = {
  'boundaries/include': ['src/**/*', 'server/**/*'],
  'boundaries/elements': [
    { type: 'app', pattern: 'src/app' },
    { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
    { type: 'shell', pattern: 'src/shell' },
    { type: 'ui', pattern: 'src/ui' },
    { type: 'machines', pattern: 'src/machines' },
    { type: 'api', pattern: 'src/api' },
    { type: 'i18n', pattern: 'src/i18n' },
    { type: 'entry', pattern: 'src/*.{ts,tsx}', partialMatch: false },
    { type: 'server', pattern: 'server' },
  ],
  'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
};

/** The drizzle calls that reach the database (a query builder's first call, a transaction, raw SQL). */
const RAW_DB_CALLS = '/^(select|selectDistinct|selectDistinctOn|insert|update|delete|execute|transaction|query|\\$count|with)$/';

/**
 * Server code that legitimately runs outside one company's scope, so may use the database directly.
 * Anything else reaches company-owned tables through the company scope (the rule below).
 */
const RAW_DATABASE_ALLOWED = [
  // Sign-in, refresh-token families, throttling and the session cache: no company is known yet, and a
  // session is looked up by its token across companies.
  'server/src/routes/session/**',
  'server/src/services/session/**',
  // The signed-in user's own row and own logins (an admin has no company).
  'server/src/routes/my-account/**',
  'server/src/services/users/user-sessions.ts',
  // A photo by its unguessable key, for an <img> that sends no token.
  'server/src/services/users/user-avatars.ts',
  // Liveness: `select 1` touches no table (/health and the CTI API's dbCon).
  'server/src/routes/health/**',
  'server/src/routes/cti/cti-api.routes.ts',
  // Telephony: PBX events name an extension, not a request's company; the company is found from the
  // event and every row is stamped with it. The stale-call sweep is the process's housekeeping over all
  // companies. The company's own row (cti_server) and its PBX directory are read by company id.
  'server/src/services/call-log/**',
  // The queue log's writer: one INSERT carries the rows of every company whose PBX events arrived
  // together, each row stamped with its company (docs/queues.md).
  'server/src/services/queues/queue-log-recorder.ts',
  // The statistics roll lists the companies, then rolls each through its own company scope.
  'server/src/services/queues/statistics-roll-job.ts',
  'server/src/services/telephony/**',
  'server/src/routes/calls/recording-files.ts',
  // Automatic callbacks: every process's runner claims the due tries of all companies (one atomic
  // UPDATE … FOR UPDATE SKIP LOCKED) and reads how their calls went in the call log; each try is then
  // handled in its company's scope.
  'server/src/services/callbacks/**',
  // The screen-pop lookup: one prepared statement for every company, the company id bound per batch
  // (docs/benchmarks.md); a CompanyScope cannot prepare it once.
  'server/src/routes/members/phone-lookup.ts',
  // Import jobs are recovered across companies by the process that owns them (restarts).
  'server/src/services/import/import-job-store.ts',
  // The platform administrator's /admin/ring-group: every company's ring groups with their company's
  // name (admin only, read-only).
  'server/src/routes/admin/admin-ring-groups.routes.ts',
  // Announcements: the platform's have no company and are read by many companies; every query there is
  // narrowed by the one rule of who reads and writes what (announcement-access.ts). The slogan is the
  // caller's own company's row.
  'server/src/services/announcements/**',
  // Auto-call runs: the runner's leases are claimed across companies (one process dials any company's
  // campaign); every query on one run or its numbers names the run's company_id (docs/auto-call.md).
  'server/src/services/auto-call/run-store.ts',
  // The platform administrator's management (admin only): company API keys, every company's managers and
  // users, the audit log, and login-as (a login of any company's user with its audit entry, one
  // transaction).
  'server/src/routes/admin/management-*.ts',
  'server/src/services/admin/**',
  'server/src/services/users/login-as.ts',
  // The platform's servers (admin only): tables of no company, through PlatformScope (docs/servers.md).
  'server/src/routes/admin/admin-servers.routes.ts',
  // Their health checks: the built-in database's `select 1` touches no table.
  'server/src/services/platform/**',
  // The job scheduler's claims (no company) and the daily report, which lists the companies with a
  // recipient and then reads each through its own company scope (docs/jobs.md, docs/daily-report.md).
  'server/src/services/jobs/**',
  'server/src/services/reports/**',
  // The platform administrator's companies (admin only; docs/admin-companies.md): every company's row,
  // a new company with its first manager in one transaction, and the data destroy, which empties every
  // table with a company_id of one company in batches, in the background.
  'server/src/routes/admin-companies/**',
  // Not in the rule's folders: server/src/db (the company scope itself, migrations, seed, settings
  // locks) and server/src/plugins (authentication reads the session before any company is known).
];

/**
 * Services that still import routes. services/import is being changed by another task; its two
 * imports of routes/members/member-settings-check.ts and routes/consultations/consultation-settings-load.ts
 * (re-exports of services/members and services/consultations) move to the new paths there, then this
 * entry and those two files go.
 */
const SERVICES_IMPORTING_ROUTES = ['server/src/services/import/**'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: boundarySettings,
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'disallow',
          policies: [
            allow('entry', ['app', 'i18n', 'ui', 'api']),
            allow('app', ['app', 'feature', 'shell', 'ui', 'machines', 'api', 'i18n']),
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.captured.feature }}' } } } },
            },
            allow('feature', ['shell', 'ui', 'machines', 'api', 'i18n']),
            allow('shell', ['shell', 'ui', 'machines', 'api', 'i18n']),
            allow('ui', ['ui', 'api', 'i18n']),
            allow('machines', ['machines', 'api']),
            allow('api', ['api']),
            allow('i18n', ['i18n', 'api']),
            // The server hosts the auto-call run statechart (src/machines/auto-call-run, docs/auto-call.md).
            allow('server', ['server', 'api', 'i18n', 'machines']),
          ],
        },
      ],
    },
  },
  {
    // Tests may borrow other layers' fakes (a feature's test uses another feature's fake API), so the
    // layer table above skips them; but only the app's own tests reach the app. A feature or the shell
    // is tested through src/shell and its harnesses; a test that needs the router, the layouts or the
    // pop-up host is an app test (src/app/integration).
    files: ['src/**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: boundarySettings,
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'allow',
          policies: [{ from: { element: { type: '!app' } }, disallow: { to: { element: { type: 'app' } } } }],
        },
      ],
    },
  },
  {
    // vi.mock of an app module is an import by other means.
    files: ['src/{features,shell,ui,machines,api,i18n}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/] > Literal[value=/(^|\\x2F)app\\x2F/]",
          message: 'Only the app mocks the app: features and the shell are tested through src/shell.',
        },
      ],
    },
  },
  {
    // Layers on the server too: routes call services, never the other way round. What a service shares
    // with routes lives in services (or lib); what it needs of a route's resource, the route passes in.
    files: ['server/src/{services,lib,db}/**/*.ts'],
    ignores: SERVICES_IMPORTING_ROUTES,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/routes/**', '**/routes'], message: 'Services, lib and db never import routes: move the shared part to services or lib, or have the route pass it in.' }] }],
    },
  },
  {
    // Company-owned data only through the company scope (server/src/db/company-scope.ts): routes take
    // `request.companyScope()`, services a `CompanyScope`, whose find/insert/update/delete stamp and
    // check company_id. Raw drizzle calls on the database (`app.db.select(…)`, `db.insert(…)`,
    // `request.server.db.execute(…)`) are refused here; a hand-written query or join goes through the
    // scope's own handle and its condition, `scope.db.select(…).where(scope.where(table, …))`.
    files: ['server/src/{routes,services,resources,realtime,telephony}/**/*.ts'],
    ignores: RAW_DATABASE_ALLOWED,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression[property.name=${RAW_DB_CALLS}][object.type='MemberExpression'][object.property.name='db']:not([object.object.name='scope']):not([object.object.property.name='scope'])`,
          message: 'Company-owned data goes through request.companyScope() / CompanyScope (server/src/db/company-scope.ts); code that runs outside one company belongs on the allow-list in eslint.config.js, with its reason.',
        },
        {
          selector: `MemberExpression[property.name=${RAW_DB_CALLS}][object.type='Identifier'][object.name=/^(db|database)$/]`,
          message: 'Company-owned data goes through request.companyScope() / CompanyScope (server/src/db/company-scope.ts); code that runs outside one company belongs on the allow-list in eslint.config.js, with its reason.',
        },
      ],
    },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', '@xstate/react', '@blueprintjs/*', 'react-router*'], message: 'Machines never import React or UI code.' },
            { group: ['axios'], message: 'Machines reach the network only through provided actors.' },
          ],
        },
      ],
    },
  },
);

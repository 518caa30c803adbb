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
            allow('server', ['server', 'api', 'i18n']),
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

// Lint: TypeScript strict rules plus the import boundaries of guides/architecture.md.
// Layers point one way: app → features → (ui, machines, api, i18n); features never import each other;
// machines never import React; the server shares only src/api (contracts, permissions) and src/i18n.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

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
    settings: {
      'boundaries/include': ['src/**/*', 'server/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'ui', pattern: 'src/ui' },
        { type: 'machines', pattern: 'src/machines' },
        { type: 'api', pattern: 'src/api' },
        { type: 'i18n', pattern: 'src/i18n' },
        { type: 'entry', pattern: 'src/*.{ts,tsx}', partialMatch: false },
        { type: 'server', pattern: 'server' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'disallow',
          policies: [
            allow('entry', ['app', 'i18n', 'ui', 'api']),
            allow('app', ['app', 'feature', 'ui', 'machines', 'api', 'i18n']),
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.captured.feature }}' } } } },
            },
            allow('feature', ['app', 'ui', 'machines', 'api', 'i18n']),
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

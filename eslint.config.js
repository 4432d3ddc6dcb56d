import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/** One zone per layer: its files may not import any layer above it. */
function serverLayerZones() {
  const src = './apps/server/src';
  const layers = [['core'], ['db'], ['identity'], ['http'], ['modules'], ['seed', 'jobs', 'ops', 'console']];
  const top = [`${src}/app.ts`, `${src}/main.ts`, `${src}/shutdown.ts`];
  return layers.map((layer, i) => ({
    target: layer.map((dir) => `${src}/${dir}`),
    from: [
      ...layers
        .slice(i + 1)
        .flat()
        .map((dir) => `${src}/${dir}`),
      ...top,
    ],
    message: `the server's layers point one way: ${layer.join('/')} may not import a layer above it`,
  }));
}

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', '**/test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // No import cycle anywhere: in the server, the contract and the web app.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/contract/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'apps/console/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The server's layers point one way (README, "Layout"): core <- db <- identity <- http <- modules
    // <- seed, jobs, ops <- app.ts, main.ts. Tests may reach across to set things up.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/test-support.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverLayerZones() }] },
  },
  {
    // Small files and functions (DEVELOPERS.md): a longer one says why at its top, in the
    // eslint-disable comment that lets it through.
    files: [
      'apps/*/src/**/*.{ts,tsx}',
      'apps/*/test/**/*.ts',
      'apps/web/e2e/**/*.ts',
      'apps/console/e2e/**/*.ts',
      'packages/*/src/**/*.ts',
    ],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  {
    // A test's describe() is a list of cases, not a function to split.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', '**/e2e/**/*.ts', '**/test-support.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features stand alone: only src/app composes them.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*', '../../*'],
              message: 'A feature imports shared/, the contract and itself; only src/app composes features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/console/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Classic scripts that index.html loads as they are, before the app.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
);

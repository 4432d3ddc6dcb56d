import { readdirSync } from 'node:fs';
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

/**
 * The doors (the console's API and the command line) reach tables only through a module's services;
 * the console's read models across domains (dashboard, reports, audit log) are the named exceptions.
 */
function doorZones() {
  const src = './apps/server/src';
  return [
    {
      target: [`${src}/console/!(dashboard|audit-query|reports-*).ts`, `${src}/console/routes`, `${src}/ops`],
      from: `${src}/db/schema`,
      message:
        "a door (console/, ops/) does not touch tables: call the module's service (modules/<domain>/admin-*.ts); only the console's read models (dashboard, reports-*, audit-query) read tables",
    },
  ];
}

/**
 * The zones of a React app's src (README, "Layout"), by the path an import resolves to whatever its
 * string: each feature imports only itself (one zone per folder of features/ on disk, so a new feature
 * is covered as it is made); features/ does not import app/; shared/ imports neither. Only app/ and the
 * entry (main.tsx) compose features.
 */
function appZones(app) {
  const src = `./apps/${app}/src`;
  const composition = [`${src}/app`, `${src}/main.tsx`];
  const features = readdirSync(new URL(`${src}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message: `features stand alone: ${app}'s ${feature} may not import another feature; only src/app composes them.`,
    })),
    {
      target: `${src}/features`,
      from: composition,
      message: 'a feature may not import src/app or the entry: src/app composes features, not the reverse.',
    },
    {
      target: `${src}/shared`,
      from: [`${src}/features`, ...composition],
      message: 'shared/ is below every feature: it may not import features/, src/app or the entry.',
    },
  ];
}

/** What the member app and the back office share (README, "Layout") sits below them: it imports no app. */
const MOBILE_ZONE = {
  target: './packages/mobile/src',
  from: './apps',
  message: '@app/mobile sits below the apps: it may not import any of them.',
};

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
    // No import cycle anywhere: in the server, the packages and the apps. The rule does not follow
    // type-only imports (`import type`), so a cycle made only of them goes unseen here.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/contract/tsconfig.json',
            'packages/mobile/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'apps/console/tsconfig.json',
            'apps/agent/tsconfig.json',
            'apps/support/tsconfig.json',
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
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...serverLayerZones(), ...doorZones()] }] },
  },
  {
    // Small files (400 lines) and functions (80): a longer one says why at its top, in the eslint-disable
    // comment that lets it through.
    files: [
      'apps/*/src/**/*.{ts,tsx}',
      'apps/*/test/**/*.ts',
      'apps/web/e2e/**/*.ts',
      'apps/console/e2e/**/*.ts',
      'packages/*/src/**/*.{ts,tsx}',
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
    // @app/mobile runs in the member app's, the back office's and the desk page's pages: the same globals and hooks rules.
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'apps/console/src/**/*.{ts,tsx}',
      'apps/agent/src/**/*.{ts,tsx}',
      'apps/support/src/**/*.{ts,tsx}',
      'packages/mobile/src/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features stand alone, shared/ sits below them, only src/app composes them (appZones above);
      // @app/mobile sits below the apps (MOBILE_ZONE).
      // basePath: the zones are paths from this file, wherever eslint is started.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [...appZones('web'), ...appZones('console'), ...appZones('agent'), MOBILE_ZONE],
        },
      ],
    },
  },
  {
    // Classic scripts that index.html loads as they are, before the app.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
);

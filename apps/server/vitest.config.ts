import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Server tests on the embedded database (PGlite): migrated and seeded once per run in the global
 * setup, dumped, and cloned for every test file. vitest.pg.config.ts runs the same files on PostgreSQL.
 */
export const serverTestConfig: ViteUserConfig & { test: NonNullable<ViteUserConfig['test']> } = {
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/setup-pglite.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
};

export default defineConfig(serverTestConfig);

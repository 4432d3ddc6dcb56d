import { defineConfig } from 'vitest/config';

// One run covers every layer: the contract, the server (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) and the web app's rules and screens.
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server',
      ...(process.env.TEST_DATABASE_URL ? ['apps/server/vitest.pg.config.ts'] : []),
      'apps/web',
    ],
  },
});

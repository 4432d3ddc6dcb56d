import { defineConfig } from 'vitest/config';

// One run covers every layer: the contract, the server (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) and the web app's rules and screens.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, a single one on CI's two: the PostgreSQL
    // files spend much of their time waiting on the database, so two in parallel finish the run about
    // a third sooner (518 s -> 348 s measured on CI's machine).
    maxWorkers: 2,
    projects: [
      'packages/contract',
      'apps/server',
      // .ci/run sets SERVER_PG_TESTS=separate and runs the PostgreSQL project on its own, on Node 24.
      ...(process.env.TEST_DATABASE_URL && process.env.SERVER_PG_TESTS !== 'separate'
        ? ['apps/server/vitest.pg.config.ts']
        : []),
      'apps/web',
      'apps/console',
      'apps/agent',
      'apps/support',
    ],
  },
});

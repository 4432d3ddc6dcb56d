import { defineConfig } from 'vitest/config';
import { serverTestConfig } from './vitest.config';

/**
 * The same server tests on PostgreSQL, when TEST_DATABASE_URL is set (e.g.
 * postgres://postgres@127.0.0.1:5432/test): a template database is migrated and seeded once per
 * run, each test file gets `CREATE DATABASE … TEMPLATE …`, dropped afterwards. Without the variable
 * this project has no tests.
 */
const url = process.env.TEST_DATABASE_URL;

export default defineConfig({
  ...serverTestConfig,
  test: {
    ...serverTestConfig.test,
    name: 'server-pg',
    include: url ? serverTestConfig.test.include : [],
    globalSetup: url ? ['test/setup-postgres.ts'] : [],
    passWithNoTests: true,
  },
});

import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The journey of several server processes on one PostgreSQL behind the front (scripts/cluster.mjs):
// e2e-multi/cluster-setup.ts creates a fresh database from TEST_DATABASE_URL, starts the cluster on it
// and, at the end, stops it and drops the database. Without TEST_DATABASE_URL the journey is skipped.
// Set once in the runner process; workers inherit the environment.
process.env.E2E_MULTI_PORT ??= '8281';
const frontPort = Number(process.env.E2E_MULTI_PORT);
process.env.E2E_MULTI_DB ??= `e2e_multi_${Date.now().toString(36)}_${process.pid}`;
process.env.E2E_MULTI_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-multi-data-'));
// The fixtures' `ops` talks to the first process directly: the operator API answers only to a loopback
// peer whose request was not relayed (the front adds X-Forwarded-For).
process.env.E2E_DATA_DIR = process.env.E2E_MULTI_DATA_DIR;
process.env.E2E_PORT = String(frontPort + 1);
// The server's clock reads 10:30 Beijing time of today's Beijing day (as playwright.config.ts).
const BEIJING_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;
const realNow = Date.now();
const beijingDayStart = Math.floor((realNow + BEIJING_MS) / DAY_MS) * DAY_MS - BEIJING_MS;
process.env.E2E_CLOCK_OFFSET_SECONDS ??= String(
  Math.round((beijingDayStart + 10.5 * 3600_000 - realNow) / 1000),
);

export default defineConfig({
  testDir: './e2e-multi',
  globalSetup: './e2e-multi/cluster-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${frontPort}`,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});

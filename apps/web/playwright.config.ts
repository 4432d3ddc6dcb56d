import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Journeys run against our real server on a fresh embedded database, serving the built app.
// Set once in the runner process; workers inherit the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-data-'));
process.env.E2E_PORT ??= '8181';
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// The server's clock reads 10:30 Beijing time of today's Beijing day, inside the red-packet window
// (10:00–12:00), whatever the hour the journeys run at; the Beijing date stays today's.
const BEIJING_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;
const realNow = Date.now();
const beijingDayStart = Math.floor((realNow + BEIJING_MS) / DAY_MS) * DAY_MS - BEIJING_MS;
process.env.E2E_CLOCK_OFFSET_SECONDS ??= String(
  Math.round((beijingDayStart + 10.5 * 3600_000 - realNow) / 1000),
);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // The service worker would fetch ~900 KB of app files in every fresh context and could answer
    // requests a journey routes; install.spec.ts and shell.spec.ts check it in profiles of their own.
    serviceWorkers: 'block',
    baseURL,
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
  webServer: {
    // E2E_SERVER_COMMAND runs a given server instead (e.g. the built one, without rebuilding, with
    // WEB_DIST naming another build of the app: the environment reaches the server).
    command: process.env.E2E_SERVER_COMMAND ?? 'node ../../scripts/start.mjs',
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      // The console's journeys have their own server; this one's console takes any free port.
      CONSOLE_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // The journeys register a member per journey from one address; the limit itself is proven by
      // the server's tests.
      RATE_LIMIT_REGISTER_PER_HOUR: '1000',
      // Short lottery rounds (20 s, betting closes 3 s before the draw) so a journey sees a whole round.
      LOTTERY_PERIOD_SECONDS: '20',
      CLOCK_OFFSET_SECONDS: process.env.E2E_CLOCK_OFFSET_SECONDS,
    },
  },
});

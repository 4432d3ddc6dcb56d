import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../web/e2e/chromium';

// The console's journeys (e2e/fixtures.ts says how to write one): ONE server for the whole run, on a
// fresh embedded database, serving the members' app on E2E_MEMBER_PORT and the console on
// E2E_CONSOLE_PORT. Set once in the runner process; workers inherit the environment.
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
process.env.E2E_CONSOLE_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-console-data-'));
/** Where global setup keeps each operator's signed-in state and TOTP secret. */
process.env.E2E_CONSOLE_STATE_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-console-state-'));
process.env.E2E_MEMBER_PORT ??= '8191';
process.env.E2E_CONSOLE_PORT ??= '8192';
const consoleURL = `http://127.0.0.1:${process.env.E2E_CONSOLE_PORT}`;

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: consoleURL,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    // `npm start`: builds what is stale (members' app, console, server), then serves both listeners.
    // E2E_SERVER_COMMAND (run from the repository root) replaces it while developing, e.g.
    // `npx tsx apps/server/src/main.ts` with CONSOLE_DIST set to a console built elsewhere.
    command: process.env.E2E_SERVER_COMMAND ?? 'node scripts/start.mjs',
    cwd: root,
    url: `${consoleURL}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: process.env.E2E_MEMBER_PORT,
      CONSOLE_HOST: '127.0.0.1',
      CONSOLE_PORT: process.env.E2E_CONSOLE_PORT,
      DATA_DIR: process.env.E2E_CONSOLE_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Journeys register a member each from one address; the limits are proven by the server's tests.
      RATE_LIMIT_REGISTER_PER_HOUR: '1000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      LOTTERY_PERIOD_SECONDS: '20',
    },
  },
});

import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXED_AT, ROUNDS_OPENED_AT } from './e2e-visual/clock';

// Screenshot comparisons of every route (e2e-visual/): our real server on a fresh embedded database,
// its clock stopped at FIXED_AT, so a fresh seed gives the same pictures on every run.
// Regenerate after a deliberate change: npx playwright test -c playwright.visual.config.ts --update-snapshots
process.env.E2E_VISUAL_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-visual-data-'));
process.env.E2E_VISUAL_PORT ??= process.env.E2E_PORT ?? '8182';
const port = Number(process.env.E2E_VISUAL_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e-visual',
  // Its own folder: the journeys' runs empty test-results/ when they start.
  outputDir: './e2e-visual/test-results',
  snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
  fullyParallel: true,
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: {
    timeout: 10_000,
    toHaveScreenshot: {
      maxDiffPixelRatio: 0.002,
      threshold: 0.2,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  globalSetup: './e2e-visual/require-cjk-font.ts',
  use: {
    // The service worker would fetch ~900 KB of app files in every fresh context and could answer
    // requests a journey routes; install.spec.ts and shell.spec.ts check it in profiles of their own.
    serviceWorkers: 'block',
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        // Same text rendering on every machine: no LCD subpixel colours, no hinting differences.
        '--disable-lcd-text',
        '--font-render-hinting=none',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /setup\.ts$/ },
    { name: 'screens', testMatch: /\.spec\.ts$/, testIgnore: /agent\.spec\.ts$/, dependencies: ['setup'] },
    // The agent back office answers its API from fixtures: it needs no member and no setup.
    { name: 'agent', testMatch: /agent\.spec\.ts$/ },
  ],
  webServer: {
    command: 'node e2e-visual/start-server.mjs',
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      CONSOLE_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_VISUAL_DATA_DIR,
      LOG_LEVEL: 'warn',
      CLOCK_FIXED_AT: FIXED_AT,
      E2E_VISUAL_ROUNDS_OPENED_AT: ROUNDS_OPENED_AT,
    },
  },
});

import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The journey of several machines on one PostgreSQL behind nginx (deploy/nginx/betting.conf):
// e2e-multi/cluster-setup.ts creates a fresh database from TEST_DATABASE_URL, starts two "machines"
// (scripts/cluster.mjs: machine 1 with two node:cluster workers, machine 2 with one) and nginx in
// front of them on E2E_MULTI_PORT; at the end it stops them and drops the database. Without
// TEST_DATABASE_URL the journey is skipped. Set once in the runner process; workers inherit it.
process.env.E2E_MULTI_PORT ??= '8281';
const nginxPort = Number(process.env.E2E_MULTI_PORT);
process.env.E2E_MULTI_DB ??= `e2e_multi_${Date.now().toString(36)}_${process.pid}`;
process.env.E2E_MULTI_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-multi-data-'));
// nginx's prefix: its rendered configuration, temporary files, pid and access log.
process.env.E2E_MULTI_NGINX_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-multi-nginx-'));
// Each machine's own address, for members a journey puts on one machine (nginx picks otherwise).
process.env.E2E_MULTI_MACHINE_1 = `http://127.0.0.1:${nginxPort + 1}`;
process.env.E2E_MULTI_MACHINE_2 = `http://127.0.0.1:${nginxPort + 2}`;
// Machine 1's console (worker 1 only), for the support desk's journey.
process.env.E2E_MULTI_CONSOLE = `http://127.0.0.1:${nginxPort + 3}`;
// The fixtures' `ops` talks to machine 1 directly: the operator API answers only to a loopback peer
// whose request was not relayed (nginx adds X-Forwarded-For, and refuses /ops/ anyway).
process.env.E2E_DATA_DIR = process.env.E2E_MULTI_DATA_DIR;
process.env.E2E_PORT = String(nginxPort + 1);
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
    // The service worker would fetch ~900 KB of app files in every fresh context and could answer
    // requests a journey routes; install.spec.ts and shell.spec.ts check it in profiles of their own.
    serviceWorkers: 'block',
    baseURL: `http://127.0.0.1:${nginxPort}`,
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

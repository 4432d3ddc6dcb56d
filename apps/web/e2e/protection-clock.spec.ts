import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, login, registerMember, serverNow } from './fixtures';

/* 责任博彩 across a day (issue 32): a raise of a deposit limit asked for today is confirmed on a
 * server whose clock is 25 hours on (the same data, the server restarted with CLOCK_OFFSET_SECONDS
 * moved, the phone's clock moved with it); the 单次登录时长 set on the way has ended the session by
 * then, and the app says so. This journey runs its own server: the shared one's clock stays put. */

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const PORT = Number(process.env.E2E_PORT ?? '8181') + 7;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = mkdtempSync(join(tmpdir(), 'e2e-clock-'));
const OFFSET_S = Number(process.env.E2E_CLOCK_OFFSET_SECONDS ?? '0');
const DAY_ON_S = 25 * 3600;

let server: ChildProcess | null = null;

async function startServer(offsetSeconds: number): Promise<void> {
  // The built server as is: the shared journeys' server (npm start) built it when stale.
  server = spawn(process.execPath, [join(root, 'apps/server/dist/main.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      CONSOLE_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_REGISTER_PER_HOUR: '1000',
      CLOCK_OFFSET_SECONDS: String(offsetSeconds),
      // The embedded database in DATA_DIR, whatever the runner's environment names.
      DATABASE_URL: '',
    },
  });
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    const up = await fetch(`${BASE}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the journey's server did not start on ${BASE}`);
}

async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await gone;
}

test.use({ baseURL: BASE });
test.describe.configure({ timeout: 180_000 });
test.beforeAll(async () => startServer(OFFSET_S));
test.afterAll(stopServer);

test('a raise asked for today is confirmed 25 hours later; the 1-hour session limit has ended the session by then', async ({
  page,
}) => {
  const member = await registerMember(page);
  await page.goto('/#/login');
  await login(page, member.name, member.password);
  await expect(page).toHaveURL(/#\/$/);
  await page.goto('/#/protection');

  const deposit = page.getByRole('region', { name: '存款限额' });
  await deposit.getByRole('button', { name: '每24小时存款限额' }).click();
  const field = deposit.getByRole('textbox', { name: '每24小时存款限额金额' });
  await field.fill('500');
  await deposit.getByRole('button', { name: '保存' }).click();
  await expect(deposit.getByText('500.00 元')).toBeVisible();
  await deposit.getByRole('button', { name: '每24小时存款限额' }).click();
  await field.fill('800');
  await deposit.getByRole('button', { name: '保存' }).click();
  await expect(deposit.getByText(/调整为 800\.00：.+ 后可确认/)).toBeVisible();
  await expect(deposit.getByRole('button', { name: '确认' })).toBeDisabled();

  const session = page.getByRole('region', { name: '单次登录时长' });
  await session.getByRole('radio', { name: '1小时' }).click();
  await expect(page.getByText('单次登录时长：1小时')).toBeVisible();
  await expect(session.getByRole('radio', { name: '1小时' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: test.info().outputPath('protection-before.png') });

  // A day and an hour on, on the server and on the phone. The app is closed meanwhile (its storage
  // stays), as a phone put away: an app left open would meet the ended session on its own timers
  // before the reopening, and its dialog would go with the page.
  await page.goto('about:blank');
  await stopServer();
  await startServer(OFFSET_S + DAY_ON_S);
  await page.clock.setSystemTime(serverNow() + DAY_ON_S * 1000);
  await page.goto('/#/protection');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('单次登录时长已到')).toBeVisible();
  await expect(dialog.getByText('已达到您设置的单次登录时长，请休息一下再登录')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('session-limit-reached.png') });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/login/);

  await login(page, member.name, member.password);
  await expect(page).not.toHaveURL(/#\/login/);
  await page.goto('/#/protection');
  await expect(deposit.getByText(/调整为 800\.00：请于 .+ 前确认/)).toBeVisible();
  await deposit.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('限额已更新')).toBeVisible();
  await expect(deposit.getByText('800.00 元')).toBeVisible();
  await expect(deposit.getByText(/调整为/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('protection-after.png') });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, login, registerMember, serverNow } from './fixtures';
import { ownServer } from './own-server';

/* 责任博彩 across a day (issue 32): a raise of a deposit limit asked for today is confirmed on a
 * server whose clock is 25 hours on (the same data, the server restarted with CLOCK_OFFSET_SECONDS
 * moved, the phone's clock moved with it); the 单次登录时长 set on the way has ended the session by
 * then, and the app says so. This journey runs its own server: the shared one's clock stays put. */

const PORT = Number(process.env.E2E_PORT ?? '8181') + 7;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = mkdtempSync(join(tmpdir(), 'e2e-clock-'));
const OFFSET_S = Number(process.env.E2E_CLOCK_OFFSET_SECONDS ?? '0');
const DAY_ON_S = 25 * 3600;

const server = ownServer({
  readyUrl: `${BASE}/`,
  env: {
    PORT: String(PORT),
    CONSOLE_PORT: '0',
    DATA_DIR,
    RATE_LIMIT_REGISTER_PER_HOUR: '1000',
  },
});
const startServer = (offsetSeconds: number) => server.start(offsetSeconds);
const stopServer = () => server.stop();

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

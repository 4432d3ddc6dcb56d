import type { Browser, Locator, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { test, expect, newMember, ops } from '../e2e/fixtures';
import { phoneOn } from './phones';

/* The support desk across processes (issue 34): a member on machine 2 (its own process) talks with a
 * 客服 at the console of machine 1 (worker 1 of two): messages both ways and typing marks travel over
 * the bus (PostgreSQL NOTIFY) between the processes, pushed to the two sockets without a reload. */

test.skip(!process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL is not set: several processes need PostgreSQL');

const MACHINE_2 = process.env.E2E_MULTI_MACHINE_2 ?? '';
const CONSOLE = process.env.E2E_MULTI_CONSOLE ?? '';
const SHOTS = '/tmp/shots/multi';

/** The 6-digit code of `secret` at `ms`. */
const totp = (secret: string, ms: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: ms,
  });

async function post(page: Page, path: string, data: object, csrf = '') {
  const r = await page.request.post(path, {
    data,
    headers: { 'x-csrf-token': csrf },
    failOnStatusCode: false,
  });
  const body = (await r.json()) as { code: number; message: string; data: Record<string, unknown> };
  expect(body.code, `${path}: ${body.message}`).toBe(200);
  return body.data;
}

/** A new 客服 (command line), signed in through the console's API in a desktop browser context. */
async function consoleAsNewSupport(browser: Browser): Promise<Page> {
  const name = `kf${Date.now().toString(36)}`.slice(0, 16);
  const out = await ops('operator:create', name, 'support');
  const oneTime = /One-time password: (\S+)/.exec(out)?.[1] ?? '';
  expect(oneTime, out).not.toBe('');
  const context = await browser.newContext({
    baseURL: CONSOLE,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  const first = await post(page, '/api/login', { name, password: oneTime });
  const csrf = String(first.csrf);
  await post(page, '/api/login/password', { password: 'e2e-Passw0rd!' }, csrf);
  const enroll = await page.request.get('/api/login/enroll');
  const secret = ((await enroll.json()) as { data: { secret: string } }).data.secret;
  // The machines' clock runs E2E_CLOCK_OFFSET_SECONDS ahead (playwright.multi.config.ts): so do codes.
  const serverNow = Date.now() + Number(process.env.E2E_CLOCK_OFFSET_SECONDS ?? 0) * 1000;
  await post(page, '/api/login/totp', { code: totp(secret, serverNow) }, csrf);
  await page.goto('/support');
  await expect(page.locator('.console-header')).toContainText(name);
  return page;
}

/**
 * `mark` shows on the other side while `box`'s writer goes on typing. A key a second keeps the mark
 * alive: on a busy machine the typing mark and its "stopped" (3 s after the last key) can cross the
 * two processes together, and a mark shown for a moment is missed.
 */
async function whileTyping(box: Locator, mark: Locator) {
  await expect(async () => {
    await box.press('End');
    await box.pressSequentially('。');
    await expect(mark).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

test('a member on machine 2 and 客服 on machine 1 talk in real time, typing marks included', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const kefu = await consoleAsNewSupport(browser);
  await kefu.getByRole('switch', { name: '在线状态' }).click();
  await expect(kefu.getByText('在线，接收新会话')).toBeVisible();

  const { page: phone } = await phoneOn(browser, MACHINE_2);
  const member = await newMember(phone);
  await phone.goto('/#/kefu');
  const frame = phone.frameLocator('iframe[title="在线客服"]');
  const chat = frame.getByRole('list', { name: '消息' });
  await frame.getByRole('textbox', { name: '消息内容' }).fill('你好，我在二号机器');
  await frame.getByRole('button', { name: '发送', exact: true }).click();
  await expect(frame.getByRole('banner').getByText(/为您服务/)).toBeVisible({ timeout: 15_000 });

  // 客服 (machine 1) has it under 我的; the member's typing reaches it.
  const queue = kefu.getByLabel('会话队列');
  await queue.getByRole('tab', { name: /^我的/ }).click();
  await queue.locator('.support-row').filter({ hasText: member.name }).click();
  await expect(kefu.getByTestId('support-messages').getByText('你好，我在二号机器')).toBeVisible();
  await frame.getByRole('textbox', { name: '消息内容' }).pressSequentially('还有一个问题', { delay: 50 });
  await whileTyping(frame.getByRole('textbox', { name: '消息内容' }), kefu.getByText('会员正在输入…'));
  await frame.getByRole('button', { name: '发送', exact: true }).click();
  await expect(kefu.getByTestId('support-messages').getByText('还有一个问题')).toBeVisible();

  // And back: 客服's typing and answer reach the member on the other machine.
  await kefu
    .getByRole('textbox', { name: '回复内容' })
    .pressSequentially('您好，这里是一号机器', { delay: 50 });
  await whileTyping(kefu.getByRole('textbox', { name: '回复内容' }), frame.getByText('客服正在输入…'));
  await kefu
    .locator('.support-reply')
    .getByRole('button', { name: /发\s?送$/ })
    .click();
  await expect(chat).toContainText('您好，这里是一号机器');
  await phone.screenshot({ path: `${SHOTS}/support-member.png` });
  await kefu.screenshot({ path: `${SHOTS}/support-console.png` });
  await kefu.getByRole('switch', { name: '在线状态' }).click();
  await expect(kefu.getByText('离线，不分配新会话')).toBeVisible();
});

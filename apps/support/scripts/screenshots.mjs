// Screenshots of the desk page at 390×844, for a person to look at (not a test), against a running
// server that serves the build at /support/ (`npm run build`, then `npm start`):
//   node apps/support/scripts/screenshots.mjs <base> [outDir]
// A visitor opens the desk directly; demo001 signs in to the member app and opens /#/kefu (the desk in
// the app's sandboxed frame, through a ticket); a spent ticket and a reload show their messages.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [base = 'http://127.0.0.1:8080', outDir = '/tmp/support-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
});
const page = await context.newPage();
page.on('pageerror', (e) => console.log('page error:', e.message));
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
page.on('requestfailed', (r) => console.log('failed:', r.url(), r.failure()?.errorText));

async function shot(name) {
  await page.waitForTimeout(800);
  const file = join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

/** A 240×160 PNG drawn by the page's canvas, for the image button. */
async function picture() {
  const dataUrl = await page.evaluate(() => {
    const c = globalThis.document.createElement('canvas');
    c.width = 240;
    c.height = 160;
    const g = c.getContext('2d');
    g.fillStyle = '#ffe7ba';
    g.fillRect(0, 0, 240, 160);
    g.fillStyle = '#ad4e00';
    g.font = '20px sans-serif';
    g.fillText('转账凭证 ¥500.00', 30, 85);
    return c.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

async function visitor() {
  await page.goto(`${base}/support/`);
  await page.getByPlaceholder('请输入昵称').waitFor();
  await page.getByRole('button', { name: '开始咨询' }).click();
  await shot('01-visitor-empty-nickname');
  await page.getByPlaceholder('请输入昵称').fill('小明');
  await page.getByRole('button', { name: '开始咨询' }).click();
  await page.getByRole('list', { name: '消息' }).waitFor();
  await shot('02-visitor-desk');
  await page.getByRole('button', { name: '存款未到账' }).click();
  await page.waitForTimeout(1200);
  await page
    .getByLabel('消息内容')
    .fill('我的订单号是 12345，请访问 https://example.com 查看 <b>不是粗体</b>');
  await page.getByRole('button', { name: '发送', exact: true }).click();
  await page.getByLabel('消息内容').fill('马上再发一条');
  await page.getByRole('button', { name: '发送', exact: true }).click();
  await page.getByRole('alert').waitFor();
  await shot('03-visitor-messages-too-fast');
  await page.waitForTimeout(1200);
  const buffer = await picture();
  await page.getByTestId('image-picker').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer });
  await page.waitForTimeout(1500);
  await shot('04-visitor-image');
  await page.getByRole('button', { name: '查看大图' }).first().click();
  await shot('05-image-enlarged');
  await page.getByRole('dialog', { name: '大图' }).click();
  await page.getByRole('button', { name: '历史会话' }).click();
  await shot('06-history');
}

async function refusals() {
  // A new document each time: a change of the hash alone does not start the page again.
  await page.goto('about:blank');
  await page.goto(`${base}/support/#/?t=${'x'.repeat(40)}`);
  await page.getByRole('alert').waitFor();
  await shot('07-ticket-refused');
  await page.goto('about:blank');
  await page.goto(`${base}/support/#/?used=1`);
  await page.getByRole('alert').waitFor();
  await shot('08-reloaded');
}

async function member() {
  await page.goto(`${base}/#/login`);
  await page.getByPlaceholder('请输入用户名').fill('demo001');
  await page
    .getByPlaceholder(/请输入.*密码/)
    .first()
    .fill('demo123');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForTimeout(2500);
  await page.goto(`${base}/#/kefu`);
  const frame = page.frameLocator('iframe[title="在线客服"]');
  await frame.getByRole('list', { name: '消息' }).waitFor({ timeout: 15_000 });
  await shot('09-member-kefu');
  await frame.getByRole('button', { name: '取款进度' }).click();
  await page.waitForTimeout(1500);
  await shot('10-member-kefu-sent');
  console.log('frame src:', await page.locator('iframe[title="在线客服"]').getAttribute('src'));
  console.log('frame sandbox:', await page.locator('iframe[title="在线客服"]').getAttribute('sandbox'));
}

/** Replies of the desk's calls made up in the browser (what a fresh server has none of: a 客服's
 * answers, a close), through the real build and its CORS. */
async function fulfil(path, data) {
  await page.route(`${base}${path}`, (route) =>
    route.fulfill({
      status: 200,
      headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
      body: JSON.stringify({ code: 200, message: 'ok', data }),
    }),
  );
}

async function mocked() {
  const conv = {
    id: 9,
    state: 'open',
    operator: '客服小美',
    created_at: '2026-11-29 22:40:00',
    closed_at: null,
    close_tag: null,
    rating: null,
    left_offline: false,
  };
  const msg = (id, sender, body, at, operator = null) => ({
    id,
    sender,
    kind: 'text',
    body,
    image: null,
    operator,
    created_at: `2026-11-29 ${at}`,
  });
  const messages = [
    msg(1, 'member', '存款未到账', '22:40:00'),
    msg(2, 'system', '客服小美 为您服务', '22:40:05'),
    msg(3, 'operator', '您好，请提供存款订单号和转账凭证，我们马上为您核实。', '22:40:30', '客服小美'),
    msg(4, 'member', '订单号 D202611290001，已上传凭证', '22:41:10'),
    msg(5, 'operator', '已为您加急处理，预计 5 分钟内到账，请留意余额。', '22:42:00', '客服小美'),
    msg(6, 'system', '本次会话已结束，感谢您的咨询', '22:43:00'),
  ];
  let polls = 0;
  await page.route(`${base}/api/support/state`, (route) => {
    polls += 1;
    const data = {
      me: { kind: 'visitor', name: '小明' },
      online: true,
      unread: 0,
      conversation: polls === 1 ? conv : null,
      messages: polls === 1 ? messages : [],
    };
    return route.fulfill({
      status: 200,
      headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
      body: JSON.stringify({ code: 200, message: 'ok', data }),
    });
  });
  await fulfil('/api/support/history', {
    items: [{ ...conv, state: 'closed', closed_at: '2026-11-29 22:43:00', close_tag: '充值' }],
    total: 1,
  });
  await fulfil('/api/support/read', null);
  await page.goto('about:blank');
  await page.goto(`${base}/support/`);
  await page.getByPlaceholder('请输入昵称').fill('小明');
  await page.getByRole('button', { name: '开始咨询' }).click();
  await page.getByText('您好，请提供存款订单号').waitFor();
  await shot('11-operator-replies');
  await page.getByRole('region', { name: '服务评价' }).waitFor({ timeout: 10_000 });
  await page.getByRole('radio', { name: '4星' }).click();
  await page.getByLabel('评价内容').fill('处理很快');
  await page.getByRole('region', { name: '服务评价' }).scrollIntoViewIfNeeded();
  await shot('12-rating');
  await page.unrouteAll();
}

try {
  const steps = process.env.STEPS
    ? process.env.STEPS.split(',')
    : ['visitor', 'refusals', 'member', 'mocked'];
  for (const step of steps) {
    await { visitor, refusals, member, mocked }[step]();
  }
} finally {
  await browser.close();
}

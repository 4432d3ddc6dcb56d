// Screenshots of every screen of the back office at 390×844, for a person to look at (not a test).
//   node apps/agent/scripts/screenshots.mjs real <base> <name> <password> [outDir]
//     against a running server that serves the build at /agent/ (the agent signs in, then comes back
//     through a ticket of the members' app, as from 代理登录).
//   node apps/agent/scripts/screenshots.mjs mock <base> [outDir]
//     the same build, every /api/ call answered by the screenshot suite's fixtures
//     (apps/web/e2e-visual/agent-fixtures.mjs: plans, statements, sub-agents, what a fresh server
//     has none of), the browser's clock at their instant.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { agentReply, FIXTURES_AT, TICKET } from '../../web/e2e-visual/agent-fixtures.mjs';

const [mode = 'mock', base = 'http://127.0.0.1:8791', ...rest] = process.argv.slice(2);
const outDir = (mode === 'real' ? rest[2] : rest[0]) ?? '/tmp/agent-shots';
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

async function shot(name) {
  await page.waitForTimeout(700); // lazy chunks, QR codes, the puller
  const file = join(outDir, `${mode}-${name}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

async function go(hash) {
  await page.goto(`${base}/agent/#${hash}`);
  await page.waitForLoadState('networkidle');
}

async function apiCall(path, body, token) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return res.json();
}

async function realRun([name, password]) {
  await go('/login');
  await shot('01-login');
  await page.getByPlaceholder('请输入会员账号').fill(name);
  await page.getByPlaceholder('请输入登录密码').fill(`${password}x`);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('alert').waitFor();
  await shot('02-login-error');

  // 代理登录 of the members' app: a ticket for the member's session, opened once, then again.
  const member = await apiCall('/api/login_pc', { name, password });
  const res = await fetch(`${base}/api/getAgentLoginUrl`, {
    headers: { Authorization: `Bearer ${member.data.api_token}` },
  });
  const url = new URL((await res.json()).data.url, base).href;
  await page.goto(url);
  await page.getByText('本期预估佣金（元）').waitFor();
  console.log('after the ticket:', page.url());
  await shot('03-ticket-overview');
  await realScreens();
  await page.evaluate(() => localStorage.clear());
  await page.goto(url);
  await page.reload();
  await page.getByRole('alert').waitFor();
  await shot('12-ticket-used');
}

async function realScreens() {
  await go('/members');
  await shot('04-members');
  await go('/invites');
  await shot('05-invites');
  await page.getByRole('button', { name: '新建推广链接' }).click();
  await page.getByRole('radio', { name: '下级代理' }).click();
  await shot('06-invite-create');
  await page.getByRole('button', { name: '创建' }).click();
  await page.getByText('创建成功').waitFor();
  await shot('07-invite-created');
  await page
    .getByRole('button', { name: /放大二维码/ })
    .first()
    .click();
  await shot('08-invite-qr');
  await go('/statements');
  await shot('09-statements');
  await go('/more');
  await shot('10-more');
  await go('/report');
  await shot('11-report');
}

/* Mock ------------------------------------------------------------------------------------------- */

async function mockRun() {
  // The fixtures are dated for this instant (this month's report, last month's statement).
  await page.clock.setFixedTime(new Date(FIXTURES_AT));
  await page.route('**/api/**', (route) => {
    const request = route.request();
    const token = request.headers().authorization?.replace(/^Bearer /, '') ?? null;
    const { status, json } = agentReply(new URL(request.url()).pathname, request.postDataJSON(), token);
    return route.fulfill({ status, json });
  });
  await go(`/ticket?t=${TICKET}`);
  await page.getByText('本期预估佣金（元）').waitFor();
  await shot('01-overview');
  await page.mouse.wheel(0, 600);
  await shot('02-overview-scrolled');
  await go('/members');
  await shot('03-members');
  await page.getByText('2级').click();
  await shot('04-members-level2');
  await go('/statements');
  await shot('05-statements');
  await page.getByRole('link', { name: /账单 2025-12-01/ }).click();
  await shot('06-statement');
  await page.mouse.wheel(0, 800);
  await shot('07-statement-scrolled');
  await go('/invites');
  await shot('08-invites');
  await go('/agents');
  await shot('09-agents');
  await page.getByRole('button', { name: '修改 subagent1 的返佣比例' }).click();
  await page.getByLabel('彩票返佣比例').fill('0.45');
  await page.getByRole('button', { name: '保存' }).click();
  await shot('10-agents-edit-error');
  await page.getByRole('button', { name: '取消' }).click();
  await go('/report');
  await shot('11-report');
  await go('/more');
  await shot('12-more');
  await page.setViewportSize({ width: 1280, height: 800 });
  await go('/');
  await shot('13-desktop-overview');
}

try {
  if (mode === 'real') await realRun(rest);
  else await mockRun();
} finally {
  await browser.close();
}

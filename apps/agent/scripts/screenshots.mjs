// Screenshots of every screen of the back office at 390×844, for a person to look at (not a test).
//   node apps/agent/scripts/screenshots.mjs real <base> <name> <password> [outDir]
//     against a running server that serves the build at /agent/ (the agent signs in, then comes back
//     through a ticket of the members' app, as from 代理登录).
//   node apps/agent/scripts/screenshots.mjs mock <base> [outDir]
//     the same build, every /api/ call answered by fixtures here (plans, statements, sub-agents:
//     what a fresh server has none of).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

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

const envelope = (data) => ({ code: 200, message: '成功', data });

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

const figures = {
  lines: [
    {
      category: 'lottery',
      stake: 1_520_000,
      valid: 1_380_000,
      profit: 312_050,
      rate_bp: 3500,
      commission: 109_217,
      from_sub_agents: 0,
    },
    {
      category: 'realperson',
      stake: 860_000,
      valid: 840_000,
      profit: -42_000,
      rate_bp: 3000,
      commission: -12_600,
      from_sub_agents: 0,
    },
    {
      category: 'electron',
      stake: 420_000,
      valid: 400_000,
      profit: 61_500,
      rate_bp: 3000,
      commission: 18_450,
      from_sub_agents: 0,
    },
  ],
  members: 128,
  active: 37,
  net_loss: 331_550,
  rebates: 11_020,
  bonuses: 25_000,
  red_packets: 3_880,
  fees: 4_410,
  cost_share_bp: 3500,
  costs_borne: 15_224,
  gross: 115_067,
  tier: 2,
  carried_in: -20_000,
  result: 79_843,
  payable: 79_843,
  carry_out: 0,
  largest_member_bp: 1800,
};
const own = { realperson: 30, sport: 40, e_sport: 40, joker: 20, electron: 35, lottery: 40 };
const member = (i) => ({
  id: 100 + i,
  username: `player${String(i).padStart(2, '0')}`,
  realname: ['张**', '李*', '', '王**'][i % 4],
  level: 1,
  agent: i % 5 === 0 ? 'subagent1' : '',
  is_agent: i === 3,
  joined_at: `2026-11-${String(1 + (i % 20)).padStart(2, '0')} 1${i % 10}:20:00`,
  last_login_at: i % 6 === 0 ? null : '2026-11-28 21:05:00',
  deposits: `${(i * 731) % 9000}.00`,
  withdrawals: `${(i * 217) % 3000}.50`,
  valid: `${(i * 1931) % 40000}.00`,
  win_loss: i % 3 === 0 ? `${(i * 97) % 900}.25` : `-${(i * 389) % 2500}.75`,
});
const statement = (id, month, state, payable, paid) => ({
  id,
  period_start: `2026-${month}-01 00:00:00`,
  period_end: `2026-${String(Number(month) + 1).padStart(2, '0')}-01 00:00:00`,
  plan_name: '标准负盈利方案',
  plan_kind: 'net_loss',
  state,
  payable,
  paid_at: paid,
  figures: state === 'nil' ? { ...figures, result: -8_000, payable: 0, carry_out: -8_000 } : figures,
});
const day = (d, k) => ({
  day: `2026-11-${String(d).padStart(2, '0')}`,
  new_members: k % 3,
  deposits: `${k * 300}.00`,
  withdrawals: `${k * 120}.00`,
  lines:
    k === 0
      ? []
      : [
          { category: 'lottery', valid: `${k * 880}.00`, profit: `${k * 61}.50` },
          { category: 'realperson', valid: `${k * 410}.00`, profit: `-${k * 23}.00` },
        ],
});
const MOCK = {
  '/api/login_pc': { api_token: 'mock-token' },
  '/api/agent/ticket': { api_token: 'mock-token' },
  '/api/agent/overview': {
    username: 'agent01',
    status: 'active',
    depth: 1,
    plan: { name: '标准负盈利方案', kind: 'net_loss', period: 'monthly' },
    period: { start: '2026-11-01 00:00:00', end: '2026-12-01 00:00:00' },
    estimate: figures,
    carried: '-200.00',
    paid_total: '12850.00',
    members: 128,
    sub_agents: 3,
    team: 214,
    new_today: 4,
  },
  '/api/agent/downline': {
    data: Array.from({ length: 20 }, (_, i) => member(i + 1)),
    total: 128,
    current_page: 1,
    last_page: 7,
  },
  '/api/agent/statements': {
    data: [
      statement(9, '10', 'draft', '798.43', null),
      statement(8, '09', 'paid', '1260.00', '2026-10-03 11:20:00'),
      statement(7, '08', 'nil', '0.00', null),
    ],
    total: 3,
  },
  '/api/agent/invites': {
    invites: [
      {
        id: 1,
        code: 'QRDWVK77',
        kind: 'member',
        rates: null,
        expires_at: null,
        max_uses: null,
        uses: 86,
        revoked: false,
        url: `${base}/#/reg?invite=QRDWVK77`,
      },
      {
        id: 2,
        code: '2PVV7SJ8',
        kind: 'agent',
        rates: { realperson: 20, sport: 30, e_sport: 30, joker: 10, electron: 25, lottery: 30 },
        expires_at: '2026-12-31 00:00:00',
        max_uses: 5,
        uses: 2,
        revoked: false,
        url: `${base}/#/reg?invite=2PVV7SJ8`,
      },
      {
        id: 3,
        code: '6RR8JCPU',
        kind: 'member',
        rates: null,
        expires_at: null,
        max_uses: 50,
        uses: 50,
        revoked: true,
        url: `${base}/#/reg?invite=6RR8JCPU`,
      },
    ],
    own_rates: own,
    can_invite_agents: true,
  },
  '/api/agent/sub_agents': {
    data: [
      {
        id: 55,
        username: 'subagent1',
        joined_at: '2026-10-05 12:00:00',
        status: 'active',
        rates: { realperson: 20, sport: 30, e_sport: 30, joker: 10, electron: 25, lottery: 30 },
        members: 41,
      },
      {
        id: 56,
        username: 'subagent2',
        joined_at: '2026-10-18 09:30:00',
        status: 'suspended',
        rates: { realperson: 10, sport: 10, e_sport: 10, joker: 10, electron: 10, lottery: 20 },
        members: 7,
      },
    ],
    total: 2,
  },
  '/api/agent/report': { days: Array.from({ length: 28 }, (_, i) => day(i + 1, (i * 7) % 5)) },
  '/api/logoff': null,
};

async function mockRun() {
  await page.route('**/api/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (!(path in MOCK))
      return route.fulfill({ status: 404, json: { code: 404, message: '接口不存在', data: null } });
    return route.fulfill({ json: envelope(MOCK[path]) });
  });
  await go('/ticket?t=abcdefghijklmnopqrstuvwxyz012345');
  await page.getByText('本期预估佣金（元）').waitFor();
  await shot('01-overview');
  await page.mouse.wheel(0, 600);
  await shot('02-overview-scrolled');
  await go('/members');
  await shot('03-members');
  await page.getByText('5级').click();
  await shot('04-members-level5');
  await go('/statements');
  await shot('05-statements');
  await page.getByRole('link', { name: /账单 2026-10-01/ }).click();
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

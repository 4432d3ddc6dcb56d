import { test, expect, type Locator, type Page } from '@playwright/test';
import * as office from '@app/contract/agent-office';
import { logoff } from '@app/contract/auth';
import { login } from '@app/contract/auth-forms';
import type { CallDef } from '@app/contract/define';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT, agentReply, FIXTURES_AT, TICKET, TOKEN } from './agent-fixtures.mjs';
import { FIXED_AT } from './clock';
import { prepareBrowser, settle } from './shared';

/*
 * The agent back office (apps/agent, served by our server at /agent/ from its build) at 390×844,
 * compared with the baselines in e2e-visual/baselines/agent/. Every /api/ call is answered in the page
 * from agent-fixtures.mjs (plans, statements, sub-agents: what a fresh seed has none of), so neither
 * the member setup nor the seed shows here; the browser's clock stands at FIXED_AT as for the others.
 */

/** Where the screen is drawn and settled; `signedIn`: the session is in storage before the page opens. */
interface AgentShot {
  name: string;
  path: string;
  signedIn: boolean;
  /** What to do on the page before the picture, once it opened. */
  act?: (page: Page) => Promise<void>;
  /** Visible once the screen has its data (no skeleton left). */
  ready: (page: Page) => Locator;
  /** The whole page, for screens whose last cards are the point (the settlement, the days). */
  fullPage?: boolean;
}

const list = (label: string) => (page: Page) => page.getByRole('list', { name: label });

/** The QR codes are drawn after the list, one by one (a lazy chunk): every one is an image by then. */
const qrCodesDrawn = async (page: Page, count: number) => {
  await expect(page.locator('img.inv-qr')).toHaveCount(count);
  await expect(page.getByRole('status', { name: '二维码加载中' })).toHaveCount(0);
};

// prettier-ignore
const SHOTS: AgentShot[] = [
  { name: 'login', path: '/login', signedIn: false, ready: (p) => p.getByRole('button', { name: '登录' }) },
  {
    name: 'login_error', path: '/login', signedIn: false,
    act: async (page) => {
      await page.getByPlaceholder('请输入会员账号').fill(AGENT.name);
      await page.getByPlaceholder('请输入登录密码').fill(`${AGENT.password}x`);
      await page.getByRole('button', { name: '登录' }).click();
    },
    ready: (p) => p.getByRole('alert').filter({ hasText: '账号或密码错误' }),
  },
  // A ticket already spent (the fixtures know one other): the way to sign in instead.
  {
    name: 'ticket_used', path: '/ticket?t=Spent_ticket_0123456789abcdef', signedIn: false,
    ready: (p) => p.getByRole('alert').filter({ hasText: '登录链接已失效' }),
  },
  { name: 'overview', path: '/', signedIn: true, ready: (p) => p.getByRole('region', { name: '团队' }) },
  { name: 'members', path: '/members', signedIn: true, ready: list('直属会员') },
  {
    name: 'members_level-2', path: '/members', signedIn: true,
    act: (page) => page.getByRole('tab', { name: '2级' }).click(),
    ready: list('2级会员'),
  },
  { name: 'statements', path: '/statements', signedIn: true, ready: list('佣金账单') },
  {
    name: 'statement', path: '/statement?id=9', signedIn: true, fullPage: true,
    ready: (p) => p.getByRole('region', { name: '结算' }),
  },
  {
    name: 'invites', path: '/invites', signedIn: true,
    act: (page) => qrCodesDrawn(page, 3),
    ready: list('推广链接'),
  },
  {
    name: 'invites_qr', path: '/invites', signedIn: true,
    act: async (page) => {
      await qrCodesDrawn(page, 3);
      await page.getByRole('button', { name: '放大二维码 QRDWVK77' }).click();
      await qrCodesDrawn(page, 4);
    },
    ready: (p) => p.getByRole('img', { name: '推广二维码 QRDWVK77' }).nth(1),
  },
  {
    name: 'invites_new', path: '/invites', signedIn: true,
    act: async (page) => {
      await qrCodesDrawn(page, 3);
      await page.getByRole('button', { name: '新建推广链接' }).click();
      await page.getByRole('radio', { name: '下级代理' }).click();
    },
    ready: (p) => p.getByRole('form', { name: '新建推广链接' }),
  },
  { name: 'agents', path: '/agents', signedIn: true, ready: list('下级代理') },
  {
    name: 'agents_rates', path: '/agents', signedIn: true,
    act: (page) => page.getByRole('button', { name: '修改 subagent1 的返佣比例' }).click(),
    ready: (p) => p.getByRole('form', { name: '修改返佣比例' }),
  },
  { name: 'report', path: '/report', signedIn: true, fullPage: true, ready: list('每日明细') },
  { name: 'more', path: '/more', signedIn: true, ready: (p) => p.getByText('标准负盈利方案 · 负盈利分成') },
];

/** Every /api/ request answered from the fixtures, as the server would (status, envelope). */
async function answerFromFixtures(page: Page): Promise<void> {
  await page.route('**/api/**', (route) => {
    const request = route.request();
    const token = request.headers().authorization?.replace(/^Bearer /, '') ?? null;
    const body = (request.postDataJSON() ?? {}) as Record<string, unknown>;
    const { status, json } = agentReply(new URL(request.url()).pathname, body, token);
    return route.fulfill({ status, json });
  });
}

async function open(page: Page, path: string, signedIn: boolean): Promise<void> {
  // agent_token: where the back office keeps its session (apps/agent src/shared/session/store.ts).
  await prepareBrowser(page, signedIn ? { session: {}, local: { agent_token: TOKEN } } : undefined);
  await answerFromFixtures(page);
  const res = await page.goto(`/agent/#${path}`);
  expect(res?.ok(), 'the server serves the back office at /agent/ (npm run build first)').toBe(true);
}

test.describe('agent back office', () => {
  test('the suite covers every path of apps/agent routes.tsx', () => {
    const source = readFileSync(join(import.meta.dirname, '../../agent/src/app/routes.tsx'), 'utf8');
    const routed = [...source.matchAll(/route\('([^']+)'/g)].map((m) => m[1]).sort();
    expect(routed.length).toBeGreaterThan(8);
    const covered = new Set(SHOTS.map((s) => s.path.replace(/\?.*/, '')));
    expect([...covered].sort()).toEqual(routed);
  });

  test('the fixtures answer every call of the back office as the contract says', () => {
    // The screens would show 数据格式错误 for a reply off the contract: say which one instead.
    expect(FIXTURES_AT).toBe(FIXED_AT);
    const month = { start_date: '2026-01-01', end_date: '2026-01-15' };
    const rates = { realperson: 10, sport: 10, e_sport: 10, joker: 10, electron: 10, lottery: 10 };
    const calls: [CallDef, object][] = [
      [login, { name: AGENT.name, password: AGENT.password }],
      [logoff, {}],
      [office.agentTicket, { ticket: TICKET }],
      [office.agentOverview, {}],
      [office.agentDownline, { level: 1, ...month, page: 1 }],
      [office.agentDownline, { level: 2, q: 'lv2', ...month, page: 1 }],
      [office.agentStatements, { page: 1 }],
      [office.agentInvites, {}],
      [office.agentInviteCreate, { kind: 'agent', days: 30, max_uses: 0, rates }],
      [office.agentInviteRevoke, { id: 2 }],
      [office.agentSubAgents, { page: 1 }],
      [office.agentSubAgentRates, { id: 55, rates }],
      [office.agentTeamReport, month],
    ];
    // Every call agent-office.ts defines (its other exports are messages, limits and item schemas).
    const officePaths = (Object.values(office) as unknown[]).flatMap((v) =>
      typeof v === 'object' && v !== null && 'path' in v && typeof v.path === 'string' ? [v.path] : [],
    );
    expect(new Set(calls.map(([def]) => def.path))).toEqual(
      new Set([login.path, logoff.path, ...officePaths]),
    );
    for (const [def, body] of calls) {
      expect(def.request.safeParse(body).success, `${def.path}: the request`).toBe(true);
      const { status, json } = agentReply(def.path, body as Record<string, unknown>, TOKEN);
      expect(status, def.path).toBe(200);
      const parsed = def.response.safeParse(json.data);
      expect(parsed.error?.issues ?? [], `${def.path}: the reply keeps to the contract`).toEqual([]);
    }
  });

  test('a ticket from the members app opens the overview and leaves the address', async ({ page }) => {
    await open(page, `/ticket?t=${TICKET}`, false);
    await expect(page.getByText('本期预估佣金（元）')).toBeVisible();
    await expect(page).toHaveURL(/\/agent\/#\/$/);
  });

  test('a visitor is sent to the login screen, and back after signing in', async ({ page }) => {
    await open(page, '/members', false);
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fmembers$/);
    await page.getByPlaceholder('请输入会员账号').fill(AGENT.name);
    await page.getByPlaceholder('请输入登录密码').fill(AGENT.password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(list('直属会员')(page)).toBeVisible();
  });

  for (const shot of SHOTS) {
    test(shot.name, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await open(page, shot.path, shot.signedIn);
      await shot.act?.(page);
      await expect(shot.ready(page)).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await settle(page);
      await expect(page).toHaveScreenshot(['agent', `${shot.name}.png`], {
        fullPage: shot.fullPage ?? false,
      });
      expect(errors, 'errors thrown in the page').toEqual([]);
    });
  }
});

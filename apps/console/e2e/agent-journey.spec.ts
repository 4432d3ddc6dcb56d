/* Issue 33, the whole way: a member applies and is approved as an agent, 运营 assigns a plan, the
 * agent opens its back office from the members' app (one-time ticket) and makes an invite link, a
 * member registers through its code, deposits and bets; the day closes (the server restarted on the
 * same data with its clock 25 hours on: a statement needs its period to end), two 财务 pay it through
 * 待复核, and the agent sees the statement paid and the money. This journey runs its own server: the
 * shared one's clock stays put. Screenshots go to /tmp/shots/agents/journey-*.png. */
import {
  type AgentView,
  consoleAgentAssign,
  consoleAgentPlanSave,
  consoleAgents,
} from '@app/contract/console-agents';
import { opsApproveDeposit, opsRecordBet } from '@app/contract/ops-money';
import { opsApproveAgent } from '@app/contract/ops-promo';
import { request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ownServer } from '../../web/e2e/own-server';
import { consoleApi, expect, newUsername, test, totp } from './fixtures';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const MEMBER_PORT = Number(process.env.E2E_MEMBER_PORT ?? '8191') + 10;
const CONSOLE_PORT = MEMBER_PORT + 1;
const MEMBER = `http://127.0.0.1:${MEMBER_PORT}`;
const CONSOLE = `http://127.0.0.1:${CONSOLE_PORT}`;
const DATA_DIR = mkdtempSync(join(tmpdir(), 'e2e-agent-journey-'));
const STATE_DIR = mkdtempSync(join(tmpdir(), 'e2e-agent-journey-state-'));
const DAY_ON_S = 25 * 3600;
const PASSWORD = 'e2e-Passw0rd!';

let offsetS = 0;
const server = ownServer({
  readyUrl: `${CONSOLE}/`,
  env: { PORT: String(MEMBER_PORT), CONSOLE_HOST: '127.0.0.1', CONSOLE_PORT: String(CONSOLE_PORT), DATA_DIR },
});
async function startServer(offsetSeconds: number): Promise<void> {
  offsetS = offsetSeconds;
  await server.start(offsetSeconds);
}
const stopServer = () => server.stop();

/** The operator API of this server (the command line's, over HTTP with DATA_DIR's token). */
async function ops<T>(call: { method: 'GET' | 'POST'; path: string }, input: object): Promise<T> {
  const token = readFileSync(join(DATA_DIR, 'operator-token'), 'utf8').trim();
  const res = await fetch(new URL(call.path, MEMBER), {
    method: call.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { code: number; message: string; data: T };
  if (body.code !== 200) throw new Error(`${call.path}: ${body.message}`);
  return body.data;
}

/** A members' API call on this server. */
async function member<T>(path: string, data: object, token = ''): Promise<T> {
  const res = await fetch(new URL(path, MEMBER), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(data),
  });
  const body = (await res.json()) as { code: number; message: string; data: T };
  if (body.code !== 200) throw new Error(`${path}: ${body.message}`);
  return body.data;
}

async function register(extra: object = {}) {
  const name = newUsername('j');
  const password = 'secret123';
  const data = await member<{ api_token: string }>('/api/register', {
    name,
    password,
    confirmPass: password,
    paypassword: password,
    code: 'ok',
    ...extra,
  });
  return { name, password, token: data.api_token };
}

/**
 * A console page of a new operator of `role`: made with the command line, signed in through the API
 * (password set, TOTP enrolled, its code taken at the server's time), opened at /.
 */
async function operatorPage(browser: Browser, role: string): Promise<Page> {
  const name = newUsername(role.slice(0, 2));
  const made = spawnSync('npm', ['run', '-s', 'ops', '--', 'operator:create', name, role], {
    cwd: root,
    env: { ...process.env, DATA_DIR, PORT: String(MEMBER_PORT) },
    encoding: 'utf8',
  });
  const oneTime = /One-time password: (\S+)/.exec(made.stdout)?.[1];
  if (!oneTime) throw new Error(`operator:create printed no password: ${made.stdout}${made.stderr}`);
  const api = await playwrightRequest.newContext({ baseURL: CONSOLE });
  const post = async (path: string, data: object, csrf: string) => {
    const r = await api.post(path, { data, headers: { 'x-csrf-token': csrf } });
    const body = (await r.json()) as { code: number; message: string; data: Record<string, unknown> };
    expect(body.code, `${path}: ${body.message}`).toBe(200);
    return body.data;
  };
  const first = await post('/api/login', { name, password: oneTime }, '');
  const csrf = String(first.csrf);
  await post('/api/login/password', { password: PASSWORD }, csrf);
  const secret = ((await (await api.get('/api/login/enroll')).json()) as { data: { secret: string } }).data
    .secret;
  await post('/api/login/totp', { code: totp(secret, Date.now() + offsetS * 1000) }, csrf);
  const storageState = join(STATE_DIR, `${name}.json`);
  await api.storageState({ path: storageState });
  await api.dispose();
  const context = await browser.newContext({
    baseURL: CONSOLE,
    storageState,
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  await context.clock.install({ time: Date.now() + offsetS * 1000 });
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: MEMBER,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    serviceWorkers: 'block',
  });
  await context.clock.install({ time: Date.now() + offsetS * 1000 });
  return context.newPage();
}

test.describe.configure({ timeout: 240_000 });
test.beforeAll(async () => startServer(0));
test.afterAll(stopServer);

test('apply, approve, plan, invite, register, deposit, bet; the day closes; two 财务 pay; the agent sees it', async ({
  browser,
}) => {
  // The agent applies and is approved; 运营 makes a turnover plan (真人 0.40 %) and assigns it.
  const agent = await register();
  await member('/api/applyagentdo', { mobile: '13800001234', apply_info: '我有很多朋友' }, agent.token);
  await ops(opsApproveAgent, { username: agent.name });
  const content = await operatorPage(browser, 'content');
  const zero = { realperson: 0, sport: 0, e_sport: 0, joker: 0, electron: 0, lottery: 0 };
  const plan = await consoleApi(content, consoleAgentPlanSave, {
    name: `日结流水${Date.now().toString(36).slice(-4)}`,
    kind: 'turnover',
    period: 'daily',
    active_min_deposit: '0',
    active_min_valid: '0',
    tiers: [],
    deduct_rebates: true,
    deduct_bonuses: true,
    deduct_red_packets: true,
    fee_share: 0,
    turnover_rates: { ...zero, realperson: 40 },
    turnover_multiple: 1,
  });
  expect(plan.status, plan.message).toBe(200);
  const found = await consoleApi(content, consoleAgents, { q: agent.name });
  const view = (found.data as { items: AgentView[] }).items[0];
  expect(view?.username).toBe(agent.name);
  const assigned = await consoleApi(content, consoleAgentAssign, {
    id: view?.id,
    plan_id: (plan.data as { id: number }).id,
  });
  expect(assigned.status).toBe(200);

  // The agent opens its back office from the members' app: the one-time ticket signs it in.
  const office = await phone(browser);
  const asked = await fetch(new URL('/api/getAgentLoginUrl', MEMBER), {
    headers: { authorization: `Bearer ${agent.token}` },
  });
  const { url } = ((await asked.json()) as { data: { url: string } }).data;
  expect(url).toMatch(/^\/agent\/#\/ticket\?t=/);
  await office.goto(url);
  await expect(office.getByText('本期预估佣金（元）')).toBeVisible();
  await expect(office).not.toHaveURL(/t=/);
  await office.goto('/agent/#/invites');
  await office.getByRole('button', { name: '新建推广链接' }).click();
  await office.getByRole('form', { name: '新建推广链接' }).getByRole('button', { name: '创建' }).click();
  const link = office.locator('.inv-url').first();
  await expect(link).toContainText('invite=');
  const code = /invite=([A-Z0-9]{8})/.exec((await link.textContent()) ?? '')?.[1] ?? '';
  await office.screenshot({ path: '/tmp/shots/agents/journey-invite.png' });

  // A member registers through the code, deposits 500 and bets 10,000 at 真人.
  const friend = await register({ invite_code: code.toLowerCase() });
  const deposit = await member<{ deposit_no?: string }>(
    '/api/recharge',
    { paytype: 'usdt', amount: '500', catepay: 'TRC20' },
    friend.token,
  );
  await ops(opsApproveDeposit, { deposit_no: deposit.deposit_no });
  await ops(opsRecordBet, { username: friend.name, platform: 'AG', amount: '10000' });
  await office.goto('/agent/#/members');
  await expect(office.getByText(friend.name)).toBeVisible();

  // The day closes: the same data, the server's clock and the phones' 25 hours on.
  await content.context().close();
  await stopServer();
  await startServer(DAY_ON_S);
  const maker = await operatorPage(browser, 'finance');
  await maker.goto('/agents/statements');
  const row = maker.locator('tr', { hasText: agent.name });
  await expect(async () => {
    await maker.reload();
    await expect(row).toContainText('待发放', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row).toContainText('40.00');
  await row.getByRole('button', { name: /^发\s?放$/ }).click();
  await maker.getByRole('button', { name: '提交复核' }).click();
  await expect(maker.getByText(/已提交复核/)).toBeVisible();

  const checker = await operatorPage(browser, 'finance');
  await checker.goto('/approvals');
  const item = checker.locator('tr', { hasText: `发放代理 ${agent.name}` });
  await item.getByRole('button', { name: /^通\s?过$/ }).click();
  await checker.getByRole('button', { name: '确认通过' }).click();
  await expect(checker.getByText(/已发放佣金 40\.00 元|已通过/).first()).toBeVisible();
  await checker.screenshot({ path: '/tmp/shots/agents/journey-approved.png' });

  // The agent sees the statement paid and the money in its wallet.
  await office.clock.setSystemTime(Date.now() + DAY_ON_S * 1000);
  await office.goto('/agent/#/statements');
  await expect(office.getByText('已发放')).toBeVisible();
  await office.screenshot({ path: '/tmp/shots/agents/journey-statements.png' });
  const wallet = await member<{ balance: string }>('/api/balance', {}, agent.token);
  expect(wallet.balance).toBe('40.00');
});

/*
 * The operators' console journeys: how to write one.
 *
 *   npm run e2e -w apps/console                  every journey (one server, ~1 min of set-up)
 *   npm run e2e -w apps/console -- money.spec.ts  one file (any Playwright arguments)
 *
 * ONE server runs for the whole run (playwright.config.ts, `npm start` on a fresh DATA_DIR): the
 * console on http://127.0.0.1:8192 (every page's baseURL) and the members' app on
 * http://127.0.0.1:8191 (MEMBER_URL). Desktop Chromium 1440×900, zh-CN, Asia/Shanghai, one worker:
 * journeys run one after another on the same database, so make what you need fresh (a new member, a
 * new deposit) and never count on an empty list.
 *
 * Global setup (global-setup.ts) has made and signed in one operator per role, plus a second 财务:
 *   admin 'admin01' 超级管理员 · finance 'caiwu01' 财务 · finance2 'caiwu02' 财务 ·
 *   support 'kefu01' 客服 · content 'yunying01' 运营 · risk 'fengkong01' 风控
 *
 *   import { test, expect, consoleApi, ops } from './fixtures';
 *
 *   test('财务 approves a deposit', async ({ operatorPage, member, memberPage }) => {
 *     const page = await operatorPage('finance');     // signed in, at the console's /
 *     await page.goto('/deposits');
 *     ...
 *     await memberPage.goto('/#/mine');               // the member app, signed in as `member`
 *   });
 *
 * Fixtures:
 *   page                 a console page NOT signed in (the login screen's journeys).
 *   operatorPage(key)    a page of its own browser context signed in as that operator, opened at /.
 *                        Call it twice (two keys) for two operators side by side.
 *   operators            { admin, finance, finance2, support, content, risk }: name, role, password, TOTP
 *                        `secret`, and `storageState` (for `test.use({ storageState })` if preferred).
 *   member               a fresh member registered through the members' API: { name, password, token }.
 *   memberPage           the members' app (390×844 phone, baseURL MEMBER_URL) signed in as `member`,
 *                        opened at /#/. Its URLs are hash routes: memberPage.goto('/#/recharge').
 * Every page fails its journey on an uncaught page error, a CSP violation, or a console error other
 * than a refused call (HTTP 4xx, as a 403 or 409 the journey provokes).
 *
 * Helpers:
 *   consoleApi(page, call, input)   makes a console call from a signed-in page (CSRF token from
 *                                   GET /api/session) and returns { status, code, message, data } —
 *                                   to prove the server refuses a role. `call` is a contract call
 *                                   (e.g. consoleApproveWithdrawal) or { method, path: '/api/…' }.
 *   memberApi(page, member, path, data)  a members' API call (POST, bearer token) for set-up.
 *   pendingDeposit(page, member, amount)     a pending USDT deposit: its deposit_no.
 *   pendingWithdrawal(page, member, amount)  a pending bank withdrawal (credit, card, withdraw): its id.
 *   ops(...args)                    the command line against this server (`npm run ops -- …`; ~3 s).
 *   opsApi(call, input)             the same operator API over HTTP (ms), e.g.
 *                                   opsApi(opsApproveDeposit, { deposit_no }) from @app/contract/ops-money.
 *   createOperator(name, role)      a new operator, signed in once through the API (password set,
 *                                   TOTP enrolled); names are unique per run.
 *   opsOperator('create'|'reset', name, role?)   the one-time password the command line prints.
 *   totp(secret) / freshTotp(name, secret)       a code now / a code this operator has not used yet
 *                                   (the server takes a code once per 30 s step per operator, so
 *                                   freshTotp may wait up to 30 s: sign a saved operator in again
 *                                   only when the journey is about signing in).
 *   signIn(page, operator)          signs in through the login screen (password, then a fresh code).
 *   shot(page, name)                a full-page screenshot to /tmp/shots/e2e/<name>.png.
 */
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import {
  CONSOLE_URL,
  MEMBER_URL,
  freshTotp,
  savedOperators,
  type Operator,
  type OperatorKey,
} from './operators';
import type { Member } from './member';

export {
  createOperator,
  freshTotp,
  ops,
  opsApi,
  opsOperator,
  totp,
  MEMBER_URL,
  CONSOLE_URL,
} from './operators';
export type { Operator, OperatorKey, Role } from './operators';
export { memberApi, pendingDeposit, pendingWithdrawal, withdrawalId } from './member';
export type { Member } from './member';
export { expect };

/** Refused calls the journeys provoke show as "Failed to load resource … status of 4xx" errors. */
const REFUSED_CALL = /Failed to load resource: the server responded with a status of 4\d\d/;

/** Collects what must fail a journey on `page`: page errors, CSP violations, console errors. */
export function watchProblems(page: Page, allow: RegExp = REFUSED_CALL): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(text)) {
      problems.push(`CSP: ${text}`);
    } else if (msg.type() === 'error' && !allow.test(text)) {
      problems.push(`console error: ${text} (${msg.location().url})`);
    }
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return problems;
}

const CONSOLE_CONTEXT = {
  baseURL: CONSOLE_URL,
  viewport: { width: 1440, height: 900 },
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
} as const;

export const MEMBER_CONTEXT = {
  baseURL: MEMBER_URL,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
} as const;

/** A fresh member name: 6–16 letters and digits. */
export function newUsername(prefix = 'm'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 16);
}

/** A new member registered through the members' API (not signed in anywhere). */
export async function registerMember(browser: Browser): Promise<Member> {
  const ctx = await browser.newContext({ baseURL: MEMBER_URL });
  try {
    const name = newUsername();
    const password = 'secret123';
    const r = await ctx.request.post('/api/register', {
      data: { name, password, confirmPass: password, paypassword: password, code: 'ok' },
    });
    expect(r.ok(), await r.text()).toBe(true);
    const token = ((await r.json()) as { data: { api_token: string } }).data.api_token;
    return { name, password, token };
  } finally {
    await ctx.close();
  }
}

export interface ApiAnswer {
  status: number;
  code: number;
  message: string;
  data: unknown;
}

/**
 * Makes a console call from `page`'s context (its session cookie), with the CSRF token of
 * GET /api/session on a POST, as the console itself would: GET input in the query, POST as JSON.
 */
export async function consoleApi(
  page: Page,
  call: { method: 'GET' | 'POST'; path: string },
  input: Record<string, unknown> = {},
): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ method, path, input }) => {
      const session = (await (await fetch('/api/session')).json()) as { data?: { csrf?: string } };
      const url = new URL(path, location.origin);
      const init: RequestInit = { method, credentials: 'same-origin' };
      if (method === 'GET') {
        for (const [k, v] of Object.entries(input)) url.searchParams.set(k, String(v));
      } else {
        init.headers = { 'content-type': 'application/json', 'x-csrf-token': session.data?.csrf ?? '' };
        init.body = JSON.stringify(input);
      }
      const res = await fetch(url, init);
      const body = (await res.json()) as { code: number; message: string; data: unknown };
      return { status: res.status, code: body.code, message: body.message, data: body.data };
    },
    { method: call.method, path: call.path, input },
  );
}

/** Signs `operator` in through the login screen (password, then a code it has not used yet). */
export async function signIn(page: Page, operator: Pick<Operator, 'name' | 'password' | 'secret'>) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(operator.name);
  await page.getByLabel('密码', { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
  await expect(page.getByText('输入动态验证码')).toBeVisible();
  await page.getByLabel('动态验证码').fill(await freshTotp(operator.name, operator.secret));
  await page.getByRole('button', { name: '验证并登录' }).click();
  await expect(page.locator('.console-header')).toContainText(operator.name);
}

/** A full-page screenshot to /tmp/shots/e2e/<name>.png (look at it). */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/shots/e2e/${name}.png`, fullPage: true });
}

interface Fixtures {
  operators: Record<OperatorKey, Operator>;
  operatorPage: (key: OperatorKey) => Promise<Page>;
  member: Member;
  memberPage: Page;
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    const problems = watchProblems(page);
    await use(page);
    expect(problems, problems.join('\n')).toEqual([]);
  },
  // eslint-disable-next-line no-empty-pattern
  operators: async ({}, use) => {
    await use(savedOperators());
  },
  operatorPage: async ({ browser, operators }, use) => {
    const opened: { close: () => Promise<void>; problems: string[] }[] = [];
    await use(async (key) => {
      const context = await browser.newContext({
        ...CONSOLE_CONTEXT,
        storageState: operators[key].storageState,
      });
      const page = await context.newPage();
      opened.push({ close: () => context.close(), problems: watchProblems(page) });
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      // The console's first paint on a busy machine (several browsers in one journey) can pass 10 s.
      await expect(page.locator('.console-header')).toContainText(operators[key].name, { timeout: 30_000 });
      return page;
    });
    const problems = opened.flatMap((o) => o.problems);
    await Promise.all(opened.map((o) => o.close()));
    expect(problems, problems.join('\n')).toEqual([]);
  },
  member: async ({ browser }, use) => {
    await use(await registerMember(browser));
  },
  memberPage: async ({ browser, member }, use) => {
    const context = await browser.newContext({
      ...MEMBER_CONTEXT,
      storageState: {
        cookies: [],
        origins: [{ origin: MEMBER_URL, localStorage: [{ name: 'token', value: member.token }] }],
      },
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/#/');
    await use(page);
    await context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  },
});

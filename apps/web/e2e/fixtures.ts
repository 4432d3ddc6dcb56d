import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

export const DEMO = { name: 'demo001', password: 'demo123' } as const;

/** Runs the operator command line against the journeys' server, as an operator would. */
export async function ops(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '-s', 'ops', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PORT: process.env.E2E_PORT },
  });
  return stdout;
}

/** A fresh member name for this run: 6–16 letters and digits. */
export function newUsername(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 16);
}

export interface Member {
  name: string;
  password: string;
  token: string;
}

/**
 * A new member for one journey, registered through the API (the registration screen has its own
 * journey), signed in through the login screen, with `balance` yuan credited by the operator.
 */
export async function newMember(page: Page, balance?: string): Promise<Member> {
  const { name, password, token } = await registerMember(page);
  if (balance) await ops('wallet:credit', name, balance);
  await page.goto('/#/login');
  await login(page, name, password);
  await expect(page.getByTestId('header-balance')).toHaveText(balance ? Number(balance).toFixed(2) : '0.00');
  return { name, password, token };
}

/** A new member registered through the API, not signed in. */
export async function registerMember(page: Page): Promise<Member> {
  const name = newUsername('m');
  const password = 'secret123';
  const r = await page.request.post('/api/register', {
    data: { name, password, confirmPass: password, paypassword: password, code: 'ok' },
  });
  expect(r.ok(), await r.text()).toBe(true);
  const token = ((await r.json()) as { data: { api_token: string } }).data.api_token;
  return { name, password, token };
}

/** Calls the API as the member (for set-up that other journeys cover through the screens). */
export async function api(page: Page, member: Member, path: string, data: object = {}, key?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${member.token}` };
  if (key) headers['Idempotency-Key'] = key;
  const r = await page.request.post(path, { data, headers, failOnStatusCode: false });
  return (await r.json()) as { code: number; message: string; data: unknown };
}

export async function login(page: Page, name: string, password: string): Promise<void> {
  await page.getByPlaceholder('请输入用户名').fill(name);
  await page.getByPlaceholder('请输入密码').fill(password);
  // The form's button: the balance header above it has a 登录 button too (spec §2).
  await page.getByRole('main').getByRole('button', { name: '登录', exact: true }).click();
}

/**
 * The journeys' server runs its clock CLOCK_OFFSET_SECONDS away from real time (playwright.config.ts:
 * inside the red-packet hours).
 */
const CLOCK_OFFSET_MS = Number(process.env.E2E_CLOCK_OFFSET_SECONDS ?? '0') * 1000;

/** Now on the server's clock, in ms. */
export const serverNow = (): number => Date.now() + CLOCK_OFFSET_MS;

/** The browser's clock is set as the server's, as a phone whose clock agrees; time keeps flowing. */
export async function syncClock(context: BrowserContext): Promise<void> {
  if (CLOCK_OFFSET_MS !== 0) await context.clock.install({ time: serverNow() });
}

/**
 * Another phone: a browser context of its own (its own session storage) with the project's phone
 * settings, on `baseURL` (default: the project's), its clock on the server's.
 */
export async function anotherPhone(browser: Browser, baseURL?: string): Promise<BrowserContext> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: baseURL ?? use.baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: use.locale,
    timezoneId: use.timezoneId,
  });
  await syncClock(context);
  return context;
}

/** Every journey fails on a Content-Security-Policy violation or an uncaught page error. */
export const test = base.extend<{ page: Page }>({
  context: async ({ context }, use) => {
    await syncClock(context);
    await use(context);
  },
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text())) {
        problems.push(`CSP: ${msg.text()}`);
      }
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    await use(page);
    expect(problems, problems.join('\n')).toEqual([]);
  },
});

export { expect };

/** Waits for a lottery round with at least `seconds` of betting left ('mm:ss' on the round clock). */
export async function openRoundWith(page: Page, seconds: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const [m = 0, s = 0] = ((await page.getByTestId('round-countdown').textContent()) ?? '')
          .split(':')
          .map(Number);
        return (await page.getByTestId('round-state').textContent()) === '投注中' && m * 60 + s >= seconds;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
}

/** A USDT-TRC20 deposit of `amount` made on /recharge, then approved by the operator; its deposit_no. */
export async function approvedUsdtDeposit(page: Page, amount: string): Promise<string> {
  await page.goto('/#/recharge');
  await page.getByRole('tab', { name: 'USDT' }).click();
  await page.getByRole('radio', { name: 'TRC20' }).check();
  await page.getByPlaceholder('请输入充值金额').fill(amount);
  await page.getByRole('button', { name: '立即充值' }).click();
  await expect(page).toHaveURL(/#\/payInfo\?deposit_no=/);
  const depositNo = decodeURIComponent(
    new URL(page.url().replace('#/', '')).searchParams.get('deposit_no') ?? '',
  );
  await ops('deposit:approve', depositNo);
  return depositNo;
}

import { settleLine } from '@app/contract/lottery-rules';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import pg from 'pg';
import { test, expect, api, newMember, ops, syncClock, type Member } from '../e2e/fixtures';
import { multiDatabaseUrl } from './cluster-setup';

/* Two server processes on one PostgreSQL behind the front (scripts/cluster.mjs, started by
 * cluster-setup.ts with LOTTERY_PERIOD_SECONDS=10: a round is open 8 s, closed 2 s, then drawn).
 * Each member is pinned to one process by the front's test-only cookie (FRONT_PIN=1); the operator
 * talks to process 1 directly. */

test.skip(!process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL is not set: several processes need PostgreSQL');

test.afterEach(async () => {
  expect(await ops('ledger:check')).toMatch(/Ledger balanced/);
});

/** Sends every request of this browser context to process `n` and records which process answered. */
async function pinTo(context: BrowserContext, n: 1 | 2): Promise<string[]> {
  const baseURL = test.info().project.use.baseURL ?? '';
  await context.addCookies([{ name: 'front_backend', value: String(n), url: baseURL }]);
  const answeredBy: string[] = [];
  context.on('response', (r) => {
    if (r.url().startsWith(baseURL)) answeredBy.push(r.headers()['x-front-backend'] ?? '?');
  });
  return answeredBy;
}

async function secondPhone(context: BrowserContext): Promise<Page> {
  await syncClock(context);
  return context.newPage();
}

const chat = (page: Page): Locator => page.getByRole('list', { name: '聊天消息' });

async function secondsLeft(page: Page): Promise<number> {
  const [m = 0, s = 0] = ((await page.getByTestId('round-countdown').textContent()) ?? '')
    .split(':')
    .map(Number);
  return m * 60 + s;
}

async function balanceOf(page: Page, member: Member): Promise<string> {
  const r = await api(page, member, '/api/balance');
  return String((r.data as { balance: string | number }).balance);
}

/** Processes holding the scheduled work's advisory lock (jobs/leader.ts JOBS_LOCK_KEY) on our database. */
async function leaders(): Promise<number> {
  const client = new pg.Client({ connectionString: multiDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_locks
        where locktype = 'advisory' and objid = 727002 and granted
          and database = (select oid from pg_database where datname = current_database())`,
    );
    return Number(rows[0]?.n);
  } finally {
    await client.end();
  }
}

test('members on two processes: a deposit approved, chat across processes, a bet settled once', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  expect(await leaders()).toBe(1);

  // A on process 2, B on process 1; the operator on process 1.
  const use = test.info().project.use;
  const contextB = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: use.locale,
    timezoneId: use.timezoneId,
  });
  const seenA = await pinTo(page.context(), 2);
  const seenB = await pinTo(contextB, 1);
  const pageB = await secondPhone(contextB);

  // A deposits on process 2; the operator approves on process 1; A's balance shows it.
  const a = await newMember(page);
  await page.goto('/#/recharge');
  await page.getByRole('tab', { name: 'USDT' }).click();
  await page.getByRole('radio', { name: 'TRC20' }).check();
  await page.getByPlaceholder('请输入充值金额').fill('500');
  await page.getByRole('button', { name: '立即充值' }).click();
  await expect(page).toHaveURL(/#\/payInfo\?deposit_no=/);
  const depositNo = decodeURIComponent(
    new URL(page.url().replace('#/', '')).searchParams.get('deposit_no') ?? '',
  );
  expect(depositNo).not.toBe('');
  await ops('deposit:approve', depositNo);
  await page.goto('/#/');
  await expect(page.getByTestId('header-balance')).toHaveText('500.00');

  await newMember(pageB);

  // Both in one room: A finds it through the list, B opens it by its link.
  await page.goto('/#/lottery');
  await page
    .getByRole('list', { name: '房间列表' })
    .getByRole('button', { name: /加拿大28\s*新手房/ })
    .click();
  await expect(page).toHaveURL(/#\/lottery\?room_id=\d+$/);
  const roomId = /room_id=(\d+)/.exec(page.url())?.[1] ?? '';
  await pageB.goto(`/#/lottery?room_id=${roomId}`);
  for (const p of [page, pageB]) {
    await expect(p.getByTestId('round-state')).toBeVisible();
    await expect(p.getByText('连接中…')).toBeHidden();
  }
  await expect(page.getByTestId('lottery-balance')).toHaveText('500.00');

  // Chat both ways between the processes (PostgreSQL LISTEN/NOTIFY).
  await page.getByRole('radio', { name: '聊天' }).click();
  await page.getByRole('textbox', { name: '聊天内容' }).fill('我在二号进程');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(chat(pageB).locator('.chat-other').getByText('我在二号进程')).toBeVisible();
  await pageB.getByRole('radio', { name: '聊天' }).click();
  await pageB.getByRole('textbox', { name: '聊天内容' }).fill('我在一号进程');
  await pageB.getByRole('button', { name: '发送' }).click();
  await expect(chat(page).locator('.chat-other').getByText('我在一号进程')).toBeVisible();

  // A bets 大10 by a text command while the round is open (a member speaks at most once a second).
  await page.waitForTimeout(1_100);
  await expect
    .poll(
      async () =>
        (await page.getByTestId('round-state').textContent()) === '投注中' && (await secondsLeft(page)) >= 4,
      { timeout: 20_000, intervals: [250] },
    )
    .toBe(true);
  await page.getByRole('radio', { name: '下注' }).click();
  await page.getByRole('textbox', { name: '下注指令' }).fill('大10');
  await page.getByRole('button', { name: '发送' }).click();
  const order = chat(page).getByText('大 10.00元').last();
  await expect(order).toBeVisible();
  const round = /第(\d+)期/.exec((await order.textContent()) ?? '')?.[1] ?? '';
  expect(round).not.toBe('');
  await expect(chat(pageB).getByText(/大 10\.00元/)).toBeVisible(); // announced on the other process
  await expect(page.getByTestId('lottery-balance')).toHaveText('490.00');

  // Drawn by the one leader; both processes announce the result.
  for (const p of [page, pageB]) {
    await expect(p.getByTestId('last-expect')).toHaveText(`第${round}期`, { timeout: 30_000 });
  }

  // Settled exactly once: 500 − 10 + what 大 paid, by the contract's own settlement.
  const room = (await (
    await page.request.get(`/api/lotteryRoom?room_id=${roomId}`, {
      headers: { Authorization: `Bearer ${a.token}` },
    })
  ).json()) as { data: { lottery: { openlist: { expect: string; opencode: string }[] } } };
  const drawn = room.data.lottery.openlist.find((d) => d.expect === round);
  if (!drawn) throw new Error(`round ${round} is not in the results`);
  const payout = settleLine(2, 201, [], drawn.opencode.split(',').map(Number), 1_000)?.payoutCents ?? 0;
  const expected = ((50_000 - 1_000 + payout) / 100).toFixed(2);
  await expect.poll(() => balanceOf(page, a), { timeout: 15_000 }).toBe(expected);
  await expect(page.getByTestId('lottery-balance')).toHaveText(expected);
  // Two more leader ticks: nothing is paid twice, and still one leader.
  await page.waitForTimeout(2_500);
  expect(await balanceOf(page, a)).toBe(expected);
  expect(await leaders()).toBe(1);

  // Every reply each member got came from its own process.
  expect(seenA.length).toBeGreaterThan(0);
  expect(seenB.length).toBeGreaterThan(0);
  expect(new Set(seenA)).toEqual(new Set(['2']));
  expect(new Set(seenB)).toEqual(new Set(['1']));

  await contextB.close();
});

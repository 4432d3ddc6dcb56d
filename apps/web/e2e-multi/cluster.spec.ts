import { settleLine } from '@app/contract/lottery-rules';
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { test, expect, api, newMember, ops, type Member } from '../e2e/fixtures';
import { multiDatabaseUrl, nginxAccessLog } from './cluster-setup';
import { phoneOn } from './phones';

/* Two machines on one PostgreSQL behind nginx (deploy/nginx/betting.conf), started by
 * cluster-setup.ts with LOTTERY_PERIOD_SECONDS=10 (a round is open 8 s, closed 2 s, then drawn):
 * machine 1 is `scripts/cluster.mjs` with two node:cluster workers, machine 2 with one. The project's
 * baseURL is nginx; a member the journey puts on one machine connects to that machine's own address
 * (the session works on both: one database). The operator talks to machine 1 directly. */

test.skip(!process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL is not set: several processes need PostgreSQL');

const MACHINE_1 = process.env.E2E_MULTI_MACHINE_1 ?? '';
const MACHINE_2 = process.env.E2E_MULTI_MACHINE_2 ?? '';

test.afterEach(async () => {
  expect(await ops('ledger:check')).toMatch(/Ledger balanced/);
});

async function dbQuery<T extends object>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: multiDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const chat = (page: Page): Locator => page.getByRole('list', { name: '聊天消息' });

/** Both in one room: `a` finds it through the list, `b` opens it by its link. Returns its id. */
async function sameRoom(a: Page, b: Page): Promise<string> {
  await a.goto('/#/lottery');
  await a
    .getByRole('list', { name: '房间列表' })
    .getByRole('button', { name: /加拿大28\s*新手房/ })
    .click();
  await expect(a).toHaveURL(/#\/lottery\?room_id=\d+$/);
  const roomId = /room_id=(\d+)/.exec(a.url())?.[1] ?? '';
  await b.goto(`/#/lottery?room_id=${roomId}`);
  for (const p of [a, b]) {
    await expect(p.getByTestId('round-state')).toBeVisible();
    await expect(p.getByText('连接中…')).toBeHidden();
  }
  return roomId;
}

/** `a` says `fromA` in the room's chat and `b` sees it; then the other way round. */
async function chatBothWays(a: Page, b: Page, fromA: string, fromB: string): Promise<void> {
  for (const [from, to, text] of [
    [a, b, fromA],
    [b, a, fromB],
  ] as const) {
    await from.getByRole('radio', { name: '聊天' }).click();
    await from.getByRole('textbox', { name: '聊天内容' }).fill(text);
    await from.getByRole('button', { name: '发送' }).click();
    await expect(chat(to).locator('.chat-other').getByText(text)).toBeVisible();
  }
}

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
  const rows = await dbQuery<{ n: string }>(
    `select count(*) as n from pg_locks
      where locktype = 'advisory' and objid = 727002 and granted
        and database = (select oid from pg_database where datname = current_database())`,
  );
  return Number(rows[0]?.n);
}

test('members on two machines: a deposit approved, chat across processes, a bet settled once', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  expect(await leaders()).toBe(1);

  // A on machine 2, B on machine 1 (either of its workers); the operator on machine 1.
  const { page, urls: seenA } = await phoneOn(browser, MACHINE_2);
  const { page: pageB, urls: seenB } = await phoneOn(browser, MACHINE_1);

  // A deposits on machine 2; the operator approves on machine 1; A's balance shows it.
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

  const roomId = await sameRoom(page, pageB);
  await expect(page.getByTestId('lottery-balance')).toHaveText('500.00');

  // Chat both ways between the machines (PostgreSQL LISTEN/NOTIFY).
  await chatBothWays(page, pageB, '我在二号机器', '我在一号机器');

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
  await expect(chat(pageB).getByText(/大 10\.00元/)).toBeVisible(); // announced on the other machine
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

  // Every reply each member got came from its own machine.
  expect(seenA.length).toBeGreaterThan(0);
  expect(seenB.length).toBeGreaterThan(0);
  expect(seenA.filter((u) => !u.startsWith(`${MACHINE_2}/`))).toEqual([]);
  expect(seenB.filter((u) => !u.startsWith(`${MACHINE_1}/`))).toEqual([]);

  await page.context().close();
  await pageB.context().close();
});

/** Headers the server's security plugin (helmet) sets, which nginx repeats on the files it serves. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** POST /api/login_pc through nginx from the loopback address `from`, claiming another address. */
function signInFrom(from: string, port: number, member: Member): Promise<number> {
  const body = JSON.stringify({ name: member.name, password: member.password });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/login_pc',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          // A client cannot choose the address the server records: nginx replaces this.
          'x-forwarded-for': '198.51.100.9',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject).end(body);
  });
}

async function lastSignInAddress(member: Member): Promise<string | undefined> {
  const rows = await dbQuery<{ ip: string }>(
    `select l.ip from member_logins l join users u on u.id = l.user_id
      where lower(u.username) = lower($1) order by l.id desc limit 1`,
    [member.name],
  );
  return rows[0]?.ip;
}

test('through nginx: its own files, the server-filled page, sockets and the client address', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const responses: { url: string; headers: Record<string, string> }[] = [];
  page.on('response', (r) => responses.push({ url: r.url(), headers: r.headers() }));

  // `/` is the machines' page, with the hall's first banner filled in; revalidated every time.
  const doc = await page.goto('/');
  expect(doc?.headers()['cache-control']).toBe('no-cache');
  expect(await doc?.text()).toMatch(/<section id="boot-banner"[^>]*data-banners=/);
  // page.goto waited for `load`: the module scripts of <head> have arrived.

  // The app's scripts come from nginx itself: a year immutable, the build's .gz, the server's headers.
  const script = responses.find((r) => /\/assets\/[^/]+\.js$/.test(new URL(r.url).pathname));
  if (!script) throw new Error('no /assets/*.js in the page load');
  const path = new URL(script.url).pathname;
  expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers['content-encoding']).toBe('gzip');
  expect(script.headers.server).toBe('nginx');
  const direct = await page.request.get(`${MACHINE_1}${path}`);
  for (const h of SECURITY_HEADERS) expect(script.headers[h], h).toBe(direct.headers()[h]);
  const log = readFileSync(nginxAccessLog(), 'utf8');
  const served = (p: string) =>
    new RegExp(`"GET ${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} HTTP/1\\.1" 200 .* upstream=(\\S+)`);
  expect(served(path).exec(log)?.[1]).toBe('-');
  expect(served('/').exec(log)?.[1]).toMatch(/^127\.0\.0\.1:\d+$/);

  // Chat through nginx's WebSocket upgrade, between two members whose pages go through it.
  const c = await newMember(page);
  const { page: pageD } = await phoneOn(browser, test.info().project.use.baseURL ?? '');
  await newMember(pageD);
  await sameRoom(page, pageD);
  await chatBothWays(page, pageD, '经由nginx发言', 'nginx也转发了我');
  await pageD.context().close();

  // The machines take the client's address from nginx's X-Forwarded-For (TRUST_PROXY), not the
  // client's own header nor nginx's address; a client talking to a machine directly cannot claim one.
  const port = Number(new URL(test.info().project.use.baseURL ?? '').port);
  expect(await signInFrom('127.0.0.5', port, c)).toBe(200);
  expect(await lastSignInAddress(c)).toBe('127.0.0.5');
  expect(await signInFrom('127.0.0.6', Number(new URL(MACHINE_1).port), c)).toBe(200);
  expect(await lastSignInAddress(c)).toBe('127.0.0.6');
});

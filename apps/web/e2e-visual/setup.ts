import { test as setup, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO, preparedFile, prepareBrowser, type Prepared } from './shared';

type Envelope<T> = { code: number; message: string; data: T };

/**
 * Once per run: the demo member signs in through the login screen (its browser storage is reused by
 * every member screenshot), makes a USDT and a WeChat deposit of fixed amounts for /payInfo, and the
 * seeded ids the query-string routes need are looked up.
 */
setup('the demo member signs in and makes two deposits', async ({ page }) => {
  // The command line (tsx) and a first sign-in on a fresh server: 7 s on a quiet machine, past the 30 s
  // of a screenshot when the journeys' servers were still going down (CI, 2026-11-29).
  setup.setTimeout(120_000);
  // The rounds opened before the clock stopped are due: drawn now, before any room is pictured.
  const drew = execFileSync('npm', ['run', '-s', 'ops', '--', 'lottery:draw'], {
    cwd: join(import.meta.dirname, '../../..'),
    env: { ...process.env, DATA_DIR: process.env.E2E_VISUAL_DATA_DIR, PORT: process.env.E2E_VISUAL_PORT },
    encoding: 'utf8',
  });
  expect(drew).toMatch(/^Drew \d+ round/);
  await prepareBrowser(page);
  await page.goto('/#/login');
  await page.getByPlaceholder('请输入用户名').fill(DEMO.name);
  await page.getByPlaceholder('请输入密码').fill(DEMO.password);
  await page.locator('button[type="submit"]').click();
  await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('token'))).toBeTruthy();
  await page.goto('/#/');
  await page.waitForLoadState('networkidle');
  const storage = await page.evaluate(() => ({
    session: { ...window.sessionStorage },
    local: { ...window.localStorage },
  }));
  const token = storage.session.token;
  expect(token, 'the session token in sessionStorage').toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };

  const deposit = async (data: object, key: string) => {
    const r = await page.request.post('/api/recharge', {
      data,
      headers: { ...headers, 'Idempotency-Key': key },
    });
    const body = (await r.json()) as Envelope<{ deposit_no?: string }>;
    expect(body.code, body.message).toBe(200);
    return body.data?.deposit_no || body.message;
  };
  const usdt = await deposit({ paytype: 'usdt', amount: 500, catepay: 'TRC20' }, 'visual-usdt');
  const wechat = await deposit({ paytype: 'wxpay', amount: 300 }, 'visual-wechat');

  const rooms = (
    (await (await page.request.post('/api/lotteryList')).json()) as Envelope<
      { id: number; lottery?: { title: string }; min_vip_level?: number }[]
    >
  ).data;
  const vipRoom = rooms.find((r) => (r.min_vip_level ?? 1) > 1);
  expect(vipRoom, 'a seeded VIP room').toBeDefined();
  const firstOfEach = new Map<string, string>();
  for (const r of rooms)
    if (!firstOfEach.has(r.lottery?.title ?? '')) firstOfEach.set(r.lottery?.title ?? '', String(r.id));

  const activities = (
    (await (await page.request.post('/api/activitylist', { data: {} })).json()) as Envelope<{
      data: { id: number }[];
    }>
  ).data.data;
  expect(activities.length).toBeGreaterThan(0);

  const prepared: Prepared = {
    ...storage,
    rooms: [...firstOfEach].map(([lottery, id]) => ({ id, lottery })),
    vipRoom: String(vipRoom?.id),
    activityId: String(activities[0]?.id),
    deposits: { usdt, wechat },
  };
  expect(prepared.rooms.length).toBeGreaterThanOrEqual(2);
  writeFileSync(preparedFile(), JSON.stringify(prepared, null, 2));
});

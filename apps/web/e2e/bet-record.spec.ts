import { gameUrl } from '@app/contract/games';
import type { Locator, Page } from '@playwright/test';
import { test, expect, api, newMember, openRoundWith, ops, type Member } from './fixtures';

/* /betRecord against the real server: a lottery bet placed in a room, a demo game round, both listed
 * with their state and figures, and the venue filter. LOTTERY_PERIOD_SECONDS=20 (playwright.config). */

test.afterEach(async () => {
  expect(await ops('ledger:check')).toMatch(/Ledger balanced/);
});

/** One demo round of `stake` on a venue through the demo provider's own calls (the games journey
 * plays through the frame); returns whether it won. */
async function playDemoRound(page: Page, member: Member, venue: string, stake: string): Promise<boolean> {
  const moved = await api(
    page,
    member,
    '/api/transfer',
    { amount: stake, sourcetype: 'userbalance', targettype: venue },
    `e2e-bets-${Date.now()}`,
  );
  expect(moved.code, moved.message).toBe(200);
  const launch = await api(page, member, '/api/getGameUrl', { plat_name: venue, is_mobile_url: 1 });
  expect(launch.code, launch.message).toBe(200);
  const url = new URL(gameUrl.response.parse(launch.data), page.url());
  const base = new URL('api/', url);
  const session = await page.request.post(new URL('session', base).href, {
    data: { ticket: url.searchParams.get('ticket') },
  });
  const opened = (await session.json()) as { code: number; message: string; data: { token: string } };
  expect(opened.code, opened.message).toBe(200);
  const token = opened.data.token;
  const spin = await page.request.post(new URL('spin', base).href, {
    data: { stake },
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await spin.json()) as { data: { win: boolean } }).data.win;
}

const bets = (page: Page): Locator => page.getByRole('list', { name: '投注记录' });
const row = (page: Page, title: string | RegExp): Locator =>
  bets(page)
    .getByRole('listitem')
    .filter({ has: page.locator('strong', { hasText: title }) });

/** Picks a choice in one of the drop-down filters (its title shows the current choice). */
async function filter(page: Page, current: string, choice: string): Promise<void> {
  await page.getByLabel(current).click();
  await page.getByRole('option', { name: choice, exact: true }).click();
  await expect(page.getByRole('option', { name: choice, exact: true })).toBeHidden();
}

test('a member sees a lottery bet and a game round on /betRecord, settled, and filters by venue', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await newMember(page, '1000');

  // A lottery bet through the room's command line: 大10.
  await page.goto('/#/lottery');
  await page
    .getByRole('list', { name: '房间列表' })
    .getByRole('button', { name: /加拿大28\s*新手房/ })
    .click();
  await expect(page.getByText('连接中…')).toBeHidden();
  await openRoundWith(page, 8);
  await page.getByRole('radio', { name: '下注' }).click();
  await page.getByRole('textbox', { name: '下注指令' }).fill('大10');
  await page.getByRole('button', { name: '发送' }).click();
  const line = page
    .getByRole('list', { name: '聊天消息' })
    .getByText(/大 10\.00元/)
    .last();
  await expect(line).toBeVisible();
  const round = /第(\d+)期/.exec((await line.textContent()) ?? '')?.[1] ?? '';
  expect(round).not.toBe('');

  // A demo round on AG.
  const won = await playDemoRound(page, member, 'AG', '25.50');

  // Both on /betRecord; the period not drawn yet.
  await page.goto('/#/betRecord');
  const lottery = row(page, `加拿大28 第${round}期`);
  const game = row(page, 'AG真人');
  await expect(lottery).toContainText('未结算');
  await expect(lottery.getByText('大 10.00')).toBeVisible();
  await expect(lottery.locator('.bet-figures')).toHaveText('投注10.00有效投注--派彩--');
  await expect(game).toContainText(won ? '已中奖' : '未中奖');
  await expect(game.locator('.bet-figures')).toHaveText(
    `投注25.50有效投注25.50派彩${won ? '51.00' : '0.00'}`,
  );
  await expect(page.getByLabel('合计')).toContainText('投注金额35.50');
  await expect(page.getByText('没有更多了')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/H2/bet-record-journey.png' });

  // After the draw (a reload reads the server again): settled, the line's whole stake valid.
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await lottery.locator('.bet-state').textContent({ timeout: 10_000 })) ?? '';
      },
      { timeout: 45_000, intervals: [3000] },
    )
    .toMatch(/已中奖|未中奖/);
  const settled = (await lottery.locator('.bet-state').textContent()) === '已中奖';
  await expect(lottery.locator('.bet-figures')).toHaveText(
    `投注10.00有效投注10.00派彩${settled ? '19.60' : '0.00'}`,
  );

  // The venue filter: AG only, then the lottery only; the date filter: today keeps both.
  await filter(page, '场馆：全部场馆', 'AG真人');
  await expect(bets(page).getByRole('listitem')).toHaveCount(1);
  await expect(game).toBeVisible();
  await expect(page.getByLabel('合计')).toContainText('投注金额25.50');
  await filter(page, '场馆：AG真人', '彩票');
  await expect(bets(page).getByRole('listitem')).toHaveCount(1);
  await expect(lottery).toBeVisible();
  await filter(page, '场馆：彩票', '全部场馆');
  await filter(page, '日期：近30天', '今天');
  await expect(bets(page).getByRole('listitem')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/shots/H2/bet-record-settled.png' });
});

test("another member's bets never show", async ({ page }) => {
  const other = await newMember(page, '100');
  await playDemoRound(page, other, 'AG', '5.00');
  await page.goto('/#/betRecord');
  await expect(bets(page).getByRole('listitem')).toHaveCount(1);
  await newMember(page);
  await page.goto('/#/betRecord');
  await expect(page.getByText('暂无投注记录')).toBeVisible();
  await expect(page.getByLabel('合计')).toContainText('投注金额0.00');
});

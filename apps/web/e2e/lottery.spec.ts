import { settleLine } from '@app/contract/lottery-rules';
import type { Locator, Page } from '@playwright/test';
import { test, expect, api, anotherPhone, newMember, ops, type Member } from './fixtures';

/* The lottery against the real server, with LOTTERY_PERIOD_SECONDS=20 (playwright.config.ts): a round
 * is open 17 s, closed (封盘中) 3 s, then drawn. */

test.afterEach(async () => {
  expect(await ops('ledger:check')).toMatch(/Ledger balanced/);
});

const chat = (page: Page): Locator => page.getByRole('list', { name: '聊天消息' });

/** Seconds on the round clock ('mm:ss'). */
async function secondsLeft(page: Page): Promise<number> {
  const [m = 0, s = 0] = ((await page.getByTestId('round-countdown').textContent()) ?? '')
    .split(':')
    .map(Number);
  return m * 60 + s;
}

/** Waits for a round with at least `seconds` of betting left. */
async function openRoundWith(page: Page, seconds: number): Promise<void> {
  await expect
    .poll(
      async () =>
        (await page.getByTestId('round-state').textContent()) === '投注中' &&
        (await secondsLeft(page)) >= seconds,
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
}

/**
 * The round named in the member's order message that contains `text` (`第20261122001期 大 10.00元`),
 * once there is one more of them than `before` (the room's history may hold older ones).
 */
async function orderRound(page: Page, text: string, before: number): Promise<string> {
  await expect(chat(page).getByText(text)).toHaveCount(before + 1);
  const line = chat(page).getByText(text).last();
  await expect(line).toBeVisible();
  const round = /第(\d+)期/.exec((await line.textContent()) ?? '')?.[1];
  if (!round) throw new Error(`no round in the order message ${text}`);
  return round;
}

async function balanceOf(page: Page, member: Member): Promise<string> {
  const r = await api(page, member, '/api/balance');
  return String((r.data as { balance: string | number }).balance);
}

test('two members chat in a type 2 room; one bets through the panel and a command, and is settled', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const a = await newMember(page, '1000');
  const pageB = await (await anotherPhone(browser)).newPage();
  await newMember(pageB);

  // A finds the room through the list; B opens it by its link.
  await page.goto('/#/lottery');
  await page
    .getByRole('list', { name: '房间列表' })
    .getByRole('button', { name: /加拿大28\s*新手房/ })
    .click();
  await expect(page).toHaveURL(/#\/lottery\?room_id=\d+$/);
  const roomId = /room_id=(\d+)/.exec(page.url())?.[1] ?? '';
  await expect(page.getByRole('heading', { name: /加拿大28\s*新手房/ })).toBeVisible();
  await pageB.goto(`/#/lottery?room_id=${roomId}`);
  for (const p of [page, pageB]) {
    await expect(p.getByTestId('round-state')).toBeVisible();
    await expect(p.getByText('连接中…')).toBeHidden();
  }
  await expect(page.getByTestId('lottery-balance')).toHaveText('1000.00');

  // Chat: B sees what A says, on the left; A sees it on the right.
  await page.getByRole('radio', { name: '聊天' }).click();
  await page.getByRole('textbox', { name: '聊天内容' }).fill('大家好，我是A');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(chat(pageB).getByText('大家好，我是A')).toBeVisible();
  await expect(chat(page).locator('.chat-mine').getByText('大家好，我是A')).toBeVisible();
  await expect(chat(pageB).locator('.chat-other').getByText('大家好，我是A')).toBeVisible();

  // A bet through the panel: 大 at 20, confirmed.
  await openRoundWith(page, 9);
  await page.getByRole('button', { name: '玩法' }).click();
  const panel = page.getByRole('dialog', { name: '信用投注' });
  await panel.getByRole('button', { name: '大 1.96' }).click();
  await panel.getByRole('button', { name: '20', exact: true }).click();
  await expect(panel.getByTestId('bet-summary')).toHaveText('共1单, 合计20.00元');
  const panelBefore = await chat(page).getByText('大 20.00元').count();
  await panel.getByRole('button', { name: '立即投注' }).click();
  const confirm = page.getByRole('dialog', { name: '投注确认' });
  await expect(confirm.getByTestId('confirm-summary')).toHaveText('共1单, 合计20.00元');
  await confirm.getByRole('button', { name: '确认投注' }).click();
  await expect(page.getByText('投注成功')).toBeVisible();
  await expect(panel).toBeHidden();
  const panelRound = await orderRound(page, '大 20.00元', panelBefore);

  // And a text command: 大10.
  // Sent soon after the panel's order: its announcement may wait for that second to end.
  const commandBefore = await chat(page).getByText('大 10.00元').count();
  await page.getByRole('radio', { name: '下注' }).click();
  await page.getByRole('textbox', { name: '下注指令' }).fill('大10');
  await page.getByRole('button', { name: '发送' }).click();
  const commandRound = await orderRound(page, '大 10.00元', commandBefore);
  // Orders are announced to the room (its history may hold other journeys' bets on other rounds).
  await expect(chat(pageB).getByText(`第${commandRound}期 大 10.00元`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('lottery-balance')).toHaveText('970.00');

  // The round closes, draws, and shows its result.
  const lastRound = [panelRound, commandRound].sort().at(-1) ?? '';
  const state = page.getByTestId('round-state');
  await state.filter({ hasText: '封盘中' }).waitFor({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: '下注指令' })).toHaveAttribute(
    'placeholder',
    '封盘中禁止投注',
  );
  await state.filter({ hasText: '开奖中' }).waitFor({ timeout: 10_000 });
  await expect(page.getByTestId('last-expect')).toHaveText(`第${lastRound}期`, { timeout: 30_000 });
  await expect(state).toHaveText('投注中');

  // Settled: 1000 − 30 + what 大 paid in each round, by the contract's own settlement.
  const room = (await (
    await page.request.get(`/api/lotteryRoom?room_id=${roomId}`, {
      headers: { Authorization: `Bearer ${a.token}` },
    })
  ).json()) as { data: { lottery: { openlist: { expect: string; opencode: string }[] } } };
  const ballsOf = (round: string) => {
    const drawn = room.data.lottery.openlist.find((d) => d.expect === round);
    if (!drawn) throw new Error(`round ${round} is not in the results`);
    return drawn.opencode.split(',').map(Number);
  };
  const payout = (round: string, cents: number) =>
    settleLine(2, 201, [], ballsOf(round), cents)?.payoutCents ?? 0;
  const expected = 100_000 - 3_000 + payout(panelRound, 2_000) + payout(commandRound, 1_000);
  const text = (expected / 100).toFixed(2);
  await expect.poll(() => balanceOf(page, a), { timeout: 15_000 }).toBe(text);
  await expect(page.getByTestId('lottery-balance')).toHaveText(text);

  // The result can be verified in the browser.
  await page.getByRole('button', { name: '往期' }).click();
  const history = page.getByRole('list', { name: '往期开奖' });
  await history
    .getByRole('listitem')
    .filter({ hasText: `第${lastRound}期` })
    .getByRole('button', { name: '验证' })
    .click();
  await expect(page.getByRole('dialog', { name: '开奖验证' }).getByRole('status')).toHaveText('验证通过');

  await pageB.context().close();
});

test('a visitor opening a room is told to log in and lands on the hall', async ({ page }) => {
  await page.goto('/#/lottery?room_id=1');
  await expect(page.getByText('请登录！').first()).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
});

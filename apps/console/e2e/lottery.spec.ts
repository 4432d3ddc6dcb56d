/* 赔率设置 journey: 运营 tries odds above the 98 % limit and is refused with the return they would give
 * (the odds stay), then saves odds within the limit and the member's room shows them; the journey
 * restores the default after (journeys share one database). LOTTERY_PERIOD_SECONDS=20 here. */
import { consoleLotteries, consoleUpdateLotteryOdds } from '@app/contract/console-lottery';
import type { Page } from '@playwright/test';
import { consoleApi, expect, test } from './fixtures';

const SHOTS = '/tmp/shots/lottery';

const oddsRow = (page: Page, title: string) =>
  page.locator('tr', { has: page.getByRole('cell', { name: title, exact: true }) });

async function editOdds(page: Page, title: string, odds: string) {
  await page.getByRole('button', { name: `修改 大小单双 ${title} 的赔率` }).click();
  const dialog = page.getByRole('dialog', { name: `修改赔率：大小单双 ${title}` });
  await dialog.getByLabel('新赔率').fill(odds);
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  return dialog;
}

test('运营 is refused odds above the limit, saves odds within it, and the member room shows them', async ({
  operatorPage,
  memberPage,
}) => {
  test.setTimeout(120_000);
  const content = await operatorPage('content');
  const lotteries = await consoleApi(content, consoleLotteries, {});
  const jnd28 = (lotteries.data as { items: { id: number; code: string }[] }).items.find(
    (l) => l.code === 'jnd28',
  );
  if (!jnd28) throw new Error('no jnd28');
  try {
    await content.goto('/lottery/odds');
    await expect(content.getByRole('combobox', { name: '选择彩种' })).toBeVisible();
    await expect(oddsRow(content, '大')).toContainText('98.00%');
    await content.screenshot({ path: `${SHOTS}/odds.png`, fullPage: true });

    // Above the limit: refused with the return it would give; the odds stay.
    const refused = await editOdds(content, '大', '1.97');
    await expect(refused.getByRole('alert')).toHaveText('该玩法平均返还率 98.50% 超过上限 98%');
    await content.screenshot({ path: `${SHOTS}/odds-refused.png` });
    await refused.getByRole('button', { name: /取\s?消/ }).click();
    await expect(oddsRow(content, '大').getByRole('cell').nth(3)).toHaveText('1.96');

    // Within the limit: saved, marked 已调整.
    await editOdds(content, '极大', '13.50');
    await expect(content.getByText('大小单双 极大 赔率已改为 13.50，下一笔投注起生效')).toBeVisible();
    await expect(oddsRow(content, '极大')).toContainText('已调整');
    await expect(oddsRow(content, '极大')).toContainText('75.60%');
    await content.screenshot({ path: `${SHOTS}/odds-saved.png`, fullPage: true });

    // The member's room offers the new odds.
    const rooms = await memberPage.request.post('/api/lotteryRoom', { data: { name: 'jnd28' } });
    const roomId = ((await rooms.json()) as { data: { id: number }[] }).data[0]?.id;
    await memberPage.goto(`/#/lottery?room_id=${roomId}`);
    const playsButton = memberPage.getByRole('button', { name: '玩法', exact: true });
    await expect(playsButton).toBeEnabled({ timeout: 30_000 });
    await playsButton.click();
    const panel = memberPage.getByRole('dialog', { name: '信用投注' });
    await expect(panel.getByRole('button', { name: /极大\s*13\.5$/ })).toBeVisible();
    await expect(panel.getByRole('button', { name: /极小\s*12$/ })).toBeVisible();
    await memberPage.screenshot({ path: `${SHOTS}/member-room-odds.png` });
  } finally {
    await consoleApi(content, consoleUpdateLotteryOdds, { lottery_id: jnd28.id, play_id: 209, odds: '12' });
  }
  await content.reload();
  await expect(oddsRow(content, '极大')).not.toContainText('已调整');
});

test('彩种与房间 and 开奖记录 show their data; a drawn round verifies', async ({ operatorPage }) => {
  const content = await operatorPage('content');
  await content.goto('/lottery/lotteries');
  await expect(content.locator('tr', { hasText: '加拿大28' }).first()).toContainText('210 秒');
  await expect(content.getByText('VIP房')).toBeVisible();
  // The seed's VIP房 is for VIP3 and up; every lottery caps a member's lines per round (200 by default).
  const vipRow = content.locator('tr', { has: content.getByRole('cell', { name: 'VIP房', exact: true }) });
  // The last: the room's own row (the lottery's expanded row holds it too).
  await expect(vipRow.last()).toContainText('VIP3 及以上');
  await expect(content.locator('tr', { hasText: '加拿大28' }).first()).toContainText('200 注');
  await content.screenshot({ path: `${SHOTS}/lotteries.png`, fullPage: true });
  await content
    .locator('tr', { hasText: '加拿大28' })
    .first()
    .getByRole('button', { name: /编\s?辑/ })
    .click();
  await expect(content.getByRole('dialog', { name: '编辑彩种 加拿大28' })).toBeVisible();
  await content.screenshot({ path: `${SHOTS}/lottery-edit.png` });
  await content
    .getByRole('dialog')
    .getByRole('button', { name: /取\s?消/ })
    .click();

  const finance = await operatorPage('finance');
  await finance.goto('/lottery/rounds');
  const verify = finance
    .getByRole('button', { name: /验\s?证/ })
    .and(finance.locator(':enabled'))
    .first();
  await expect(verify).toBeVisible({ timeout: 30_000 });
  await finance.screenshot({ path: `${SHOTS}/rounds.png`, fullPage: true });
  await verify.click();
  await expect(finance.getByRole('dialog').getByText('验证通过')).toBeVisible();
  await finance.screenshot({ path: `${SHOTS}/round-verified.png` });
});

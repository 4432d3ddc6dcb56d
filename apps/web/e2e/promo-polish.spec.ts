import { test, expect, approvedUsdtDeposit, newMember, ops } from './fixtures';

/* Issue 15, promotions: an approved first-deposit activity pays its bonus through the ledger and adds
 * its own turnover multiple; /fanshui's filters, /inviter's bottom tabs and friend detail, /vip's
 * progress. */

test.afterEach(async () => {
  expect(await ops('ledger:check')).toMatch(/Ledger balanced/);
});

test('a member deposits, reads 活动规则, applies for 新会员首存送 38%, the operator approves: balance and 打码量 grow', async ({
  page,
}) => {
  // Five operator commands, each a process of its own.
  test.setTimeout(180_000);
  const member = await newMember(page);
  // The first deposit: 500.00 by USDT, approved by the operator.
  await approvedUsdtDeposit(page, '500');

  await page.goto('/#/activity');
  await page
    .getByRole('list', { name: '活动列表' })
    .getByRole('link')
    .filter({ hasText: '新会员首存送' })
    .click();
  await expect(page.getByLabel('活动内容')).toContainText('15 倍');
  // The rule in words: (deposit + bonus) × 15, lottery bets counting half.
  const rules = page.getByRole('region', { name: '活动规则' });
  await expect(rules.getByRole('definition')).toHaveCount(6);
  await expect(rules).toContainText('流水要求（存款 + 彩金）× 15 倍有效投注');
  const weights = rules.getByRole('term').filter({ hasText: '流水计入' });
  await expect(weights).toBeVisible();
  await expect(rules).toContainText('流水计入彩票按 50% 计入，真人、体育、电竞、棋牌、电子按 100% 计入');
  await page.getByRole('button', { name: '立即申请' }).click();
  await expect(page.locator('.adm-toast-main')).toContainText('提交成功');

  const line = (await ops('activity:list')).split('\n').find((l) => l.includes(member.name)) ?? '';
  const id = /^\s*(\d+)/.exec(line)?.[1];
  expect(id, line).toBeTruthy();
  // 38 % of 500.00; 15 × (500.00 + 190.00).
  expect(await ops('activity:approve', id ?? '')).toContain(
    'bonus 190.00 paid, turnover requirement +10350.00',
  );
  // Approving again pays nothing more.
  await expect(ops('activity:approve', id ?? '')).rejects.toThrow();

  await page.goto('/#/activityRecord');
  const record = page.getByRole('list', { name: '申请记录' }).getByRole('listitem').first();
  await expect(record).toContainText('新会员首存送');
  await expect(record).toContainText('彩金 190.00');

  // One bonus per deposit: the USDT 2 % bonus would count the same 500.00.
  await page.goto('/#/activity');
  await page
    .getByRole('list', { name: '活动列表' })
    .getByRole('link')
    .filter({ hasText: 'USDT 存款加赠' })
    .click();
  await page.getByRole('button', { name: '立即申请' }).click();
  await expect(page.locator('.adm-toast-main')).toHaveText('该笔存款已参与其他优惠，每笔存款限参与一个优惠');

  await page.goto('/#/withdrawal');
  await expect(page.getByTestId('header-balance')).toHaveText('690.00');
  // The deposit's 1× (500) and the bonus's 15 × (500 + 190), each its own part, oldest first.
  await expect(page.getByTestId('withdraw-turnover')).toHaveText('0.00 / 10850.00（0%）');
  const parts = page.getByRole('list', { name: '打码量明细' }).getByRole('listitem');
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0)).toContainText('存款');
  await expect(parts.nth(0)).toContainText('0.00 / 500.00');
  await expect(parts.nth(0)).toContainText('全部游戏按 100% 计入');
  await expect(parts.nth(1)).toContainText('活动彩金');
  await expect(parts.nth(1)).toContainText('0.00 / 10350.00');
  await expect(parts.nth(1)).toContainText('彩票按 50% 计入，真人、体育、电竞、棋牌、电子按 100% 计入');
  await page.screenshot({ path: '/tmp/shots/H7/withdrawal-turnover-parts.png', fullPage: true });
});

test('screens at 390×844: /fanshui filters, /inviter tabs at the bottom, /vip progress, /activityInfo', async ({
  page,
}) => {
  await newMember(page);
  await page.goto('/#/fanshui');
  await expect(page.getByRole('group', { name: '状态' })).toBeVisible();
  await expect(page.getByRole('button', { name: '开始日期：未选择' })).toBeVisible();
  expect(await page.locator('select, input[type="date"]').count()).toBe(0);
  await page.screenshot({ path: '/tmp/shots/H7/fanshui.png' });
  await page.getByRole('button', { name: '开始日期：未选择' }).click();
  await expect(page.getByText('选择开始日期')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/H7/fanshui-picker.png' });
  await page.getByText('确定', { exact: true }).last().click();

  await page.goto('/#/inviter');
  const tabs = page.locator('.promo-bottom-tabs');
  const barAt = async () => (await tabs.boundingBox())?.y ?? 0;
  await expect(page.getByTestId('invite-link')).toContainText('/#/login?type=1&pid=');
  const linkY = await barAt();
  await page.screenshot({ path: '/tmp/shots/H7/inviter-link.png' });
  await page.getByRole('tab', { name: '奖金介绍' }).click();
  await page.screenshot({ path: '/tmp/shots/H7/inviter-bonus.png' });
  const bonusY = await barAt();
  await page.getByRole('tab', { name: '明细', exact: true }).click();
  await expect(page.getByRole('tab', { name: '好友明细' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/H7/inviter-detail.png' });
  await page.getByRole('tab', { name: '好友明细' }).click();
  await page.screenshot({ path: '/tmp/shots/H7/inviter-friends.png' });
  // The tabs stay at the bottom of the viewport whatever the tab: they do not jump.
  const detailY = await barAt();
  const box = await tabs.boundingBox();
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
  expect(new Set([linkY, bonusY, detailY]).size).toBe(1);

  await page.goto('/#/vip');
  await expect(page.getByRole('progressbar', { name: '存款进度' })).toBeVisible();
  await expect(page.getByTestId('vip-note')).toContainText('可晋级 VIP2');
  await page.screenshot({ path: '/tmp/shots/H7/vip.png' });

  await page.goto('/#/activity');
  await page
    .getByRole('list', { name: '活动列表' })
    .getByRole('link')
    .filter({ hasText: '周末救援金' })
    .click();
  await expect(page.getByLabel('活动内容')).toContainText('5888');
  await page.screenshot({ path: '/tmp/shots/H7/activityInfo-rescue.png', fullPage: true });
  await page.goto('/#/activity');
  await page
    .getByRole('list', { name: '活动列表' })
    .getByRole('link')
    .filter({ hasText: '新会员首存送' })
    .click();
  await expect(page.getByLabel('活动内容')).toContainText('888');
  await expect(page.getByRole('region', { name: '活动规则' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/H7/activityInfo-first.png', fullPage: true });
});

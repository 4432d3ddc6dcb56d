/* Promotions journeys: an activity edited in the console shows its new title in the member app; a rule
 * worth more than 0 to a member is refused with its figure (issue 27); a rebate rate at the house edge,
 * or one that would make a listed promotion pay, is refused (on the screen and by the server); VIP
 * thresholds that do not rise are refused. Screenshots of every promo screen go to /tmp/shots/promo/. */
import {
  consoleCreateActivity,
  consoleUpdateRebateRates,
  msgRebateRateMax,
  MSG_ACTIVITY_TITLE,
  msgVipNotRising,
  type ActivityRow,
} from '@app/contract/console-promo';
import { FULL_WEIGHTS } from '@app/contract/turnover';
import type { Page } from '@playwright/test';
import { consoleApi, expect, test } from './fixtures';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/shots/promo/${name}.png`, fullPage: true });

test('运营 renames an activity and the member app lists it by its new title', async ({
  operatorPage,
  memberPage,
}) => {
  const content = await operatorPage('content');
  const stamp = Date.now() % 1_000_000;
  const created = await consoleApi(content, consoleCreateActivity, {
    title: `周年庆加赠 ${stamp}`,
    type_id: 1,
    banner: '/assets-seed/banner-2.svg',
    content: '<p>周年庆期间首存加赠</p>',
    memo: '每位会员限一次',
    enabled: true,
    sort: 0,
    bonus_basis: 'first_deposit',
    bonus_percent: '15',
    bonus_cap: '300',
    bonus_min_deposit: '100',
    bonus_pay_type: '',
    // Worth ≤ 0: 15 × (deposit + bonus), lottery's cheap even-money plays counted at half.
    turnover_multiple: 15,
    turnover_basis: 'deposit_bonus',
    turnover_weights: { ...FULL_WEIGHTS, lottery: 50 },
  });
  expect(created.code, created.message).toBe(200);
  const id = (created.data as ActivityRow).id;

  await content.goto('/promo/activities');
  const row = content.locator('tr', { hasText: `周年庆加赠 ${stamp}` });
  await expect(row).toContainText('首笔存款 · 15% · 上限 ¥300.00 · 最低存款 ¥100.00 · (存款+彩金)×15倍流水');
  await expect(row).toContainText('流水计入：彩票按 50% 计入');
  await expect(row).toContainText('单人 -264.00 / 对冲每人 -264.00 元');
  await shot(content, 'activities');
  await row.getByRole('button', { name: '编辑' }).click();
  const drawer = content.locator('.ant-drawer');
  await expect(drawer.getByText('编辑活动：')).toBeVisible();
  await expect(drawer.locator('.ProseMirror')).toContainText('周年庆期间首存加赠');
  const title = drawer.getByLabel('活动标题');
  await title.fill('');
  await drawer.getByRole('button', { name: /保\s?存/ }).click();
  await expect(drawer.getByText(MSG_ACTIVITY_TITLE)).toBeVisible();
  await title.fill(`周年庆狂欢 ${stamp}`);
  await expect(
    drawer.getByText('会员期望收益：单人 -264.00 / 对冲每人 -264.00 元，每 1,000 元存款'),
  ).toBeVisible();
  await expect(drawer.getByLabel('彩票流水计入比例')).toHaveValue('50');
  await drawer.getByLabel('流水倍数').fill('0');
  await expect(
    drawer.getByText(
      '示例：存款 1000.00 元，彩金 150.00 元，增加流水要求（1000.00 + 150.00）× 0 = 0.00 元。',
    ),
  ).toBeVisible();
  await shot(content, 'activity-drawer');
  const save = drawer.getByRole('button', { name: /保\s?存/ });
  const footer = content.locator('.ant-drawer-footer');
  await save.click();
  await expect(
    footer.getByText('发放彩金的活动流水倍数至少 1 倍（0 倍时领取彩金后可立即提款）'),
  ).toBeVisible();

  // 3 × (deposit + bonus) costs less to clear than the 15 % it pays: refused, with the figure.
  await drawer.getByLabel('流水倍数').fill('3');
  const positive = `活动「周年庆狂欢 ${stamp}」的期望收益为正（单人 +67.20 元 / 每 1,000 元存款），会员完成流水后仍可获利：请提高流水倍数、降低彩金比例或调低彩票等低优势游戏的流水计入比例`;
  await expect(drawer.getByRole('alert').filter({ hasText: positive })).toBeVisible();
  // The refused save has finished (its button no longer loading) before the next one.
  await expect(save).not.toHaveClass(/ant-btn-loading/);
  await save.click();
  await expect(footer.getByText(positive)).toBeVisible();
  await drawer.getByRole('alert').filter({ hasText: positive }).first().scrollIntoViewIfNeeded();
  await shot(content, 'activity-drawer-positive');

  await drawer.getByLabel('流水倍数').fill('6');
  await expect(
    drawer.getByText('会员期望收益：单人 -15.60 / 对冲每人 -15.60 元，每 1,000 元存款'),
  ).toBeVisible();
  await expect(save).not.toHaveClass(/ant-btn-loading/);
  await save.click();
  await expect(content.getByText('活动已保存，新规则从下一次审核起生效')).toBeVisible();
  await expect(content.locator('tr', { hasText: `周年庆狂欢 ${stamp}` })).toContainText(
    '(存款+彩金)×6倍流水',
  );

  await memberPage.goto('/#/activity');
  await expect(memberPage.getByText(`周年庆狂欢 ${stamp}`)).toBeVisible();
  await expect(memberPage.getByText(`周年庆加赠 ${stamp}`)).toHaveCount(0);

  await content
    .locator('tr', { hasText: `周年庆狂欢 ${stamp}` })
    .getByRole('switch')
    .click();
  await expect(content.getByText('活动已下架')).toBeVisible();
  await memberPage.reload();
  await expect(memberPage.getByText('每日红包雨').first()).toBeVisible();
  await expect(memberPage.getByText(`周年庆狂欢 ${stamp}`)).toHaveCount(0);
  expect(id).toBeGreaterThan(0);

  // The seeded first-deposit rule: 15 × (deposit + bonus), lottery at half.
  await content.locator('tr', { hasText: '新会员首存送 38%' }).getByRole('button', { name: '编辑' }).click();
  const seeded = content.locator('.ant-drawer');
  const seededValue = seeded.getByText('会员期望收益：单人 -116.80 / 对冲每人 -116.80 元，每 1,000 元存款');
  await expect(seededValue).toBeVisible();
  await expect(
    seeded.getByText(
      '示例：存款 1000.00 元，彩金 380.00 元，增加流水要求（1000.00 + 380.00）× 15 = 20700.00 元。',
    ),
  ).toBeVisible();
  await seededValue.scrollIntoViewIfNeeded();
  await shot(content, 'activity-drawer-seeded');
  await seeded.getByRole('button', { name: /取\s?消/ }).click();

  await content.getByRole('button', { name: '新建活动' }).click();
  await expect(content.getByText('新建活动', { exact: true }).last()).toBeVisible();
  await expect(content.getByRole('button', { name: '上传图片' })).toBeVisible();
  await shot(content, 'activity-new');
});

test('a rebate rate at the house edge is refused; a lower one is saved', async ({ operatorPage }) => {
  const content = await operatorPage('content');
  await content.goto('/promo/rebates');
  const lottery = content.getByLabel('VIP10 彩票');
  await expect(lottery).toHaveValue('0.80');
  await shot(content, 'rebates');
  await lottery.fill('2.00');
  await content.getByRole('button', { name: /保\s?存/ }).click();
  await expect(content.getByText(msgRebateRateMax('lottery'))).toBeVisible();
  await shot(content, 'rebates-refused');

  // The server refuses it too, whatever the screen does.
  const levels = Array.from({ length: 10 }, (_, i) => ({
    level: i + 1,
    realperson: '0.40',
    sport: '0.40',
    e_sport: '0.40',
    joker: '0.50',
    electron: '0.50',
    lottery: i === 9 ? '2.00' : '0.30',
  }));
  const refused = await consoleApi(content, consoleUpdateRebateRates, { levels });
  expect(refused).toMatchObject({ status: 400, message: msgRebateRateMax('lottery') });

  // Rebates stack on the bets that clear a promotion: at 0.90 % the weekend relief would pay.
  await lottery.fill('0.90');
  await content.getByRole('button', { name: /保\s?存/ }).click();
  await expect(
    content.getByRole('alert').filter({
      hasText: '返水比例调整后，活动「周末救援金」的期望收益为正（单人 +0.20 元 / 每 1,000 元投注）',
    }),
  ).toBeVisible();
  await expect(lottery).toHaveValue('0.90');
  await shot(content, 'rebates-refused-promotion');

  await lottery.fill('0.85');
  await content.getByRole('button', { name: /保\s?存/ }).click();
  await expect(content.getByText('返水比例已保存，从下一次计算返水起生效')).toBeVisible();
  await Promise.all([content.waitForResponse(/\/api\/promo\/vip-levels/), content.reload()]);
  await expect(content.getByLabel('VIP10 彩票')).toHaveValue('0.85', { timeout: 20_000 });
});

test('VIP thresholds must rise with the level', async ({ operatorPage }) => {
  const content = await operatorPage('content');
  await content.goto('/promo/vip');
  await expect(content.getByLabel('VIP1 累计存款')).toBeDisabled();
  await expect(content.getByLabel('VIP3 累计存款')).toHaveValue('5000.00');
  await shot(content, 'vip');
  await content.getByLabel('VIP3 累计存款').fill('500');
  await content.getByRole('button', { name: /保\s?存/ }).click();
  await expect(content.getByText(msgVipNotRising(3, '累计存款'))).toBeVisible();
  await content.getByLabel('VIP3 累计存款').fill('6000');
  await content.getByRole('button', { name: /保\s?存/ }).click();
  await expect(content.getByText('VIP 门槛已保存，从下一次晋级计算起生效')).toBeVisible();
  await shot(content, 'vip-saved');
});

import { test, expect, approvedUsdtDeposit, newMember, ops, serverNow } from './fixtures';

/* Promotions journeys (issue 5) against the real server: activities, red packets, rebates,
 * invitations and agents. */

const BEIJING_MS = 8 * 3600 * 1000;
/**
 * The Beijing day on the server's clock, YYYY-MM-DD. That clock started at 10:30 Beijing time
 * (playwright.config.ts: CLOCK_OFFSET_SECONDS), inside the red-packet window; reading the real
 * clock instead fails a run that crosses Beijing midnight (16:00 UTC).
 */
const beijingDay = () => new Date(serverNow() + BEIJING_MS).toISOString().slice(0, 10);
// After every journey that moves money the operator's check must hold (it exits non-zero otherwise).
test.afterEach(async () => {
  expect(await ops('ledger:check')).toMatch(/Ledger balanced/);
});

test('a member applies for an activity and sees it pending in /activityRecord', async ({ page }) => {
  await newMember(page);
  await page.goto('/#/activity');
  const list = page.getByRole('list', { name: '活动列表' });
  // 周末救援金 takes applications without a deposit (the first-deposit one needs a deposit first).
  const first = list.getByRole('link').filter({ hasText: '周末救援金' });
  const title = ((await first.textContent()) ?? '').trim();
  expect(title).not.toBe('');
  await first.click();
  await expect(page).toHaveURL(/#\/activityInfo\?id=\d+/);
  await expect(page.getByLabel('活动内容')).toBeVisible();
  await page.getByRole('button', { name: '立即申请' }).click();
  await expect(page.locator('.adm-toast-main')).toBeVisible();

  await page.goto('/#/activityRecord');
  const record = page.getByRole('list', { name: '申请记录' }).getByRole('listitem').first();
  await expect(record).toContainText(title);
  await expect(record).toContainText('审核中');
  expect(await ops('activity:list')).toContain(title);
});

test('a member who deposited claims a red packet inside the window', async ({ page }) => {
  await newMember(page);
  // A deposit since the previous day 12:00 gives the claims of its band (500.00: one claim).
  await approvedUsdtDeposit(page, '500');

  await page.goto('/#/hongbao');
  await expect(page.getByText('北京时间每日10:00-12:00')).toBeVisible();
  await expect(page.getByTestId('redpacket-remaining')).toHaveText('1');
  await page.getByRole('button', { name: '抢红包' }).click();
  await expect(page.getByRole('status').filter({ hasText: '恭喜获得' })).toBeVisible();
  await expect(page.getByTestId('redpacket-remaining')).toHaveText('0');
  await page.goto('/#/welfare');
  await expect(page.getByTestId('welfare-used')).toHaveText('1');
  await expect(page.getByRole('list', { name: '红包记录' }).getByRole('listitem')).toHaveCount(1);
});

test('a member claims the rebates of a day of bets', async ({ page }) => {
  const member = await newMember(page, '1000');
  await ops('bet:record', member.name, 'AG', '1000');
  await ops('bet:record', member.name, 'AG', '500');
  await ops('rebate:compute', beijingDay());

  await page.goto('/#/fanshui');
  await expect(page.getByTestId('rebate-pending')).not.toHaveText(/^(0\.00|--)$/);
  const records = page.getByRole('list', { name: '返水记录' });
  await expect(records.getByRole('listitem').first()).toContainText('未领取');
  await page.getByRole('button', { name: '一键领取' }).click();
  await expect(page.getByTestId('rebate-pending')).toHaveText('0.00');
  await expect(page.getByTestId('rebate-claimed')).not.toHaveText('0.00');
  await expect(records.getByRole('listitem').first()).toContainText('已领取');
  // Nothing left: the client says so without asking.
  await page.getByRole('button', { name: '一键领取' }).click();
  await expect(page.getByText('暂无领取额度！')).toBeVisible();
});

test('a member shares the invite link: 复制成功！', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await newMember(page);
  await page.goto('/#/inviter');
  const link = page.getByTestId('invite-link');
  await expect(link).toHaveText(/#\/login\?type=1&pid=\d+$/);
  await page.getByRole('button', { name: '立即邀请' }).click();
  await page.getByRole('menuitem', { name: '复制链接' }).click();
  await expect(page.getByText('复制成功！')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.textContent());

  await page.getByRole('tab', { name: '明细' }).click();
  await expect(page.getByLabel('下级概况')).toContainText('下级人数0');
});

test('a member applies as an agent and the operator approves', async ({ page }) => {
  const member = await newMember(page);
  await page.goto('/#/applyagent');
  await expect(page.getByLabel('用户名')).toHaveValue(member.name);
  await page.getByRole('button', { name: '加入我们' }).click();
  await expect(page.getByText('请输入正确手机号')).toBeVisible();
  await page.getByLabel('联系电话').fill('13812345678');
  await page.getByRole('button', { name: '加入我们' }).click();
  await expect(page.getByText('请输入申请理由')).toBeVisible();
  await page.getByLabel('申请理由').fill('有稳定的推广渠道');
  await page.getByRole('button', { name: '加入我们' }).click();
  await expect(page.getByText('提交成功，等待后台审核')).toBeVisible();
  expect(await ops('agent:list')).toContain(member.name);
  expect(await ops('agent:approve', member.name)).toContain(`${member.name} is an agent now.`);
});

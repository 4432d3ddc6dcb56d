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

test('周末救援金 without a weekend loss is refused; after a deposit the first-deposit activity is pending', async ({
  page,
}) => {
  // Two operator commands (credit, approve), each a process of its own.
  test.setTimeout(120_000);
  await newMember(page);
  await page.goto('/#/activity');
  const list = page.getByRole('list', { name: '活动列表' });
  // A relief is paid on the server's own figure of last weekend's net loss: a new member has none.
  await list.getByRole('link').filter({ hasText: '周末救援金' }).click();
  await expect(page).toHaveURL(/#\/activityInfo\?id=\d+/);
  await expect(page.getByLabel('活动内容')).toBeVisible();
  const rules = page.getByRole('region', { name: '活动规则' });
  await expect(rules).toContainText('最低亏损500.00 元');
  await page.getByRole('button', { name: '立即申请' }).click();
  await expect(page.locator('.adm-toast-main')).toHaveText('上周末投注净亏损未达到 500.00 元，暂不能申请');
  await page.goto('/#/activityRecord');
  await expect(page.getByText('暂无记录')).toBeVisible();

  // The first-deposit bonus takes an application once the first deposit is approved.
  await approvedUsdtDeposit(page, '500');
  await page.goto('/#/activity');
  const first = list.getByRole('link').filter({ hasText: '新会员首存送' });
  const title = ((await first.textContent()) ?? '').trim();
  expect(title).not.toBe('');
  await first.click();
  await page.getByRole('button', { name: '立即申请' }).click();
  // The refusal's toast may still be fading when the deposit was quick: the one that says 提交成功.
  await expect(page.locator('.adm-toast-main', { hasText: '提交成功' })).toBeVisible();

  await page.goto('/#/activityRecord');
  const record = page.getByRole('list', { name: '申请记录' }).getByRole('listitem').first();
  await expect(record).toContainText(title);
  await expect(record).toContainText('审核中');
  expect(await ops('activity:list')).toContain(title);
});

test('the trial account is refused an activity with the server’s message', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('button', { name: '免费试玩' }).click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await page.goto('/#/activity');
  await page
    .getByRole('list', { name: '活动列表' })
    .getByRole('link')
    .filter({ hasText: '新会员首存送' })
    .click();
  await page.getByRole('button', { name: '立即申请' }).click();
  await expect(page.locator('.adm-toast-main')).toHaveText('试玩账号不能申请活动');
});

test('a member who deposited 500 claims a red packet inside the window', async ({ page }) => {
  // Two deposits, each approved by an operator command of its own.
  test.setTimeout(120_000);
  await newMember(page);
  // Deposits since the previous day 12:00 (less later withdrawals) give the claims of their band; the
  // first band starts at 500.00, so 300.00 gives none.
  await approvedUsdtDeposit(page, '300');
  await page.goto('/#/hongbao');
  await expect(page.getByText('北京时间每日10:00-12:00')).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('500.00 - 1999.99');
  await expect(page.getByTestId('redpacket-remaining')).toHaveText('0');

  // 300.00 + 200.00 reaches the first band: one claim.
  await approvedUsdtDeposit(page, '200');
  await page.goto('/#/hongbao');
  // The app asks again 30 s after its last answer; a member back much later sees it at once.
  await page.reload();
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

/* Money review journeys: a deposit approved in the console reaches the member app's balance; a
 * withdrawal rejected with a reason returns the money; two 财务 approving one withdrawal at once. */
import { consoleApproveWithdrawal, consoleWithdrawals } from '@app/contract/console-money';
import {
  consoleApi,
  expect,
  memberApi,
  pendingDeposit,
  pendingWithdrawal,
  shot,
  test,
  type Member,
} from './fixtures';
import type { Page } from '@playwright/test';

const balanceOf = async (page: Page, member: Member) => {
  const r = await memberApi(page, member, '/api/balance');
  return (r.data as { balance: string }).balance;
};

test('财务 approves a deposit and the member app shows the new balance', async ({
  operatorPage,
  member,
  memberPage,
}) => {
  await expect(memberPage.getByTestId('header-balance')).toHaveText('0.00');
  const depositNo = await pendingDeposit(memberPage, member, '720');
  const finance = await operatorPage('finance');
  await finance.goto('/deposits');
  const row = finance.locator('tr', { hasText: depositNo });
  await expect(row).toContainText('USDT-TRC20');
  await expect(row).toContainText('应付 100.00 USDT');
  await row.getByRole('button', { name: /通\s?过/ }).click();
  await finance.getByRole('button', { name: '确认通过' }).click();
  await expect(finance.getByText(`已通过存款 ${depositNo}，会员余额已入账`)).toBeVisible();
  await expect(finance.locator('tr', { hasText: depositNo })).toHaveCount(0);
  await finance.getByText('已通过', { exact: true }).click();
  await expect(finance.locator('tr', { hasText: depositNo })).toContainText(`已通过 · caiwu01`);
  await shot(finance, 'money-deposit-approved');

  await memberPage.reload();
  await expect(memberPage.getByTestId('header-balance')).toHaveText('720.00');
});

test('财务 rejects a withdrawal with a reason and the money is back', async ({
  operatorPage,
  member,
  memberPage,
}) => {
  const id = await pendingWithdrawal(memberPage, member, '300');
  expect(await balanceOf(memberPage, member)).toBe('700.00');
  const finance = await operatorPage('finance');
  await finance.goto('/withdrawals');
  const row = finance.locator('tr', { hasText: member.name });
  await row.getByRole('button', { name: /详\s?情/ }).click();
  const drawer = finance.locator('.ant-drawer');
  await expect(drawer).toContainText('打码量');
  await expect(drawer).toContainText('¥300.00');
  await drawer.getByRole('button', { name: /拒\s?绝/ }).click();
  const dialog = finance.getByRole('dialog', { name: /拒绝提现/ });
  await expect(dialog.getByLabel('拒绝原因')).toBeVisible();
  await dialog.getByRole('button', { name: '确认拒绝' }).click();
  await expect(dialog.getByText('请填写拒绝原因')).toBeVisible();
  await dialog.getByLabel('拒绝原因').fill('收款卡与会员姓名不符');
  await dialog.getByRole('button', { name: '确认拒绝' }).click();
  await expect(finance.getByText(/已拒绝提现 .*金额已退回会员中心钱包/)).toBeVisible();
  await expect(drawer).toContainText('原因：收款卡与会员姓名不符');
  await shot(finance, 'money-withdrawal-rejected');
  expect(id).toBeGreaterThan(0);
  expect(await balanceOf(memberPage, member)).toBe('1000.00');
  await memberPage.reload();
  await expect(memberPage.getByTestId('header-balance')).toHaveText('1000.00');
});

test('two 财务 approve one withdrawal at once: one succeeds, the other is told who did it', async ({
  operatorPage,
  operators,
  member,
  memberPage,
}) => {
  await pendingWithdrawal(memberPage, member, '200');
  const one = await operatorPage('finance');
  const two = await operatorPage('finance2');
  for (const page of [one, two]) {
    await page.goto('/withdrawals');
    await page
      .locator('tr', { hasText: member.name })
      .getByRole('button', { name: /通\s?过/ })
      .click();
    await expect(page.getByRole('button', { name: '确认通过' })).toBeVisible();
  }
  await Promise.all([
    one.getByRole('button', { name: '确认通过' }).click(),
    two.getByRole('button', { name: '确认通过' }).click(),
  ]);
  const refusal = /该提现已由 (caiwu0[12]) 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 通过/;
  const ok = (p: Page) => p.getByText(/已通过提现 W\d+/);
  const refused = (p: Page) => p.getByText(refusal);
  await expect(ok(one).or(refused(one))).toBeVisible();
  await expect(ok(two).or(refused(two))).toBeVisible();
  const winner = (await ok(one).isVisible()) ? one : two;
  const loser = winner === one ? two : one;
  await expect(refused(loser)).toBeVisible();
  const winnerName = winner === one ? operators.finance.name : operators.finance2.name;
  expect((await refused(loser).textContent()) ?? '').toContain(winnerName);
  await shot(loser, 'money-withdrawal-race-loser');
  // The loser's list was read again: the row is no longer pending there.
  await expect(loser.locator('tr', { hasText: member.name })).toHaveCount(0);
  // And the server says the same to anyone who tries again.
  const again = await consoleApiAgain(loser, member);
  expect(again).toMatch(refusal);
  expect(await balanceOf(memberPage, member)).toBe('800.00');
});

/** The loser presses again through the API: the same refusal. */
async function consoleApiAgain(page: Page, member: Member): Promise<string> {
  const list = await consoleApi(page, consoleWithdrawals, { state: 2, pageSize: 200 });
  const rows = (list.data as { rows: { id: number; username: string }[] }).rows;
  const row = rows.find((x) => x.username === member.name);
  if (!row) throw new Error('no approved withdrawal');
  return (await consoleApi(page, consoleApproveWithdrawal, { id: row.id })).message;
}

import {
  consoleApproveWithdrawal,
  consoleWithdrawal,
  type ConsoleWithdrawalDetail,
} from '@app/contract/console-money';
import { test, expect, consoleApi, pendingWithdrawal, shot, withdrawalId } from './fixtures';

/* Issue 16: roles are checked on the server for every call; the console only hides what a role may
 * not do. */

test('a 客服 operator is refused a withdrawal approval, in the menu, on the page and by the server', async ({
  operatorPage,
  member,
}) => {
  const support = await operatorPage('support');
  const id = await pendingWithdrawal(support, member, '200');

  const menu = support.getByRole('menu');
  await expect(menu.getByText('会员管理')).toBeVisible();
  await expect(menu.getByText('取款审核')).toHaveCount(0);
  await expect(menu.getByText('存款审核')).toHaveCount(0);
  await shot(support, 'support-menu');

  await support.goto('/withdrawals');
  await expect(support.getByText('无权访问')).toBeVisible();
  await shot(support, 'support-withdrawals-refused');

  const refused = await consoleApi(support, consoleApproveWithdrawal, { id });
  expect(refused).toMatchObject({ status: 403, code: 403, message: '无权限执行此操作' });

  // Still pending, as 财务 sees it.
  const finance = await operatorPage('finance');
  const detail = await consoleApi(finance, consoleWithdrawal, { id });
  expect(detail.code, detail.message).toBe(200);
  expect((detail.data as ConsoleWithdrawalDetail).withdrawal.state).toBe(1);
  expect(await withdrawalId(member)).toBe(id); // and on the command line's pending list
});

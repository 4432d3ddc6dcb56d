import { consoleApproveWithdrawal } from '@app/contract/console-money';
import { msgRiskWaiting } from '@app/contract/console-risk';
import { test, expect, consoleApi, pendingWithdrawal, registerMember, shot } from './fixtures';
import { uniqueDigits } from './member';

/* Issue 31: a second account on the same mobile withdraws; 财务 sees 待风控 and cannot pay it, 风控
 * reads the linked account in the risk panel and clears it with a note; 财务 then sees it cleared. */

test('a linked account’s withdrawal waits for 风控, who clears it with a note', async ({
  browser,
  operatorPage,
  member,
}) => {
  const finance = await operatorPage('finance');
  const mobile = `139${uniqueDigits(8)}`;
  const first = await registerMember(browser);
  await pendingWithdrawal(finance, first, '100', '500', mobile);
  const id = await pendingWithdrawal(finance, member, '200', '1000', mobile);

  await finance.goto('/withdrawals');
  const row = finance.locator('tr', { hasText: member.name });
  await expect(row.getByText('待风控 85分')).toBeVisible();
  await expect(row.getByRole('button', { name: /通\s?过/ })).toBeDisabled();
  const refused = await consoleApi(finance, consoleApproveWithdrawal, { id });
  // First withdrawal 20 + a card bound today 25 + linked 40. The new card's hold speaks first; once
  // it ends, 风控's still does.
  expect(refused.status).toBe(400);

  const risk = await operatorPage('risk');
  await expect(risk.getByText('待风控提现')).toBeVisible();
  await risk.goto('/withdrawals');
  const riskRow = risk.locator('tr', { hasText: member.name });
  await expect(riskRow.getByRole('button', { name: /通\s?过/ })).toHaveCount(0);
  await riskRow.getByRole('button', { name: /详\s?情/ }).click();
  const drawer = risk.locator('.ant-drawer');
  await expect(drawer.getByText('85 分 / 风控线 60')).toBeVisible();
  await expect(drawer.getByText('风险评分达到风控线：须风控放行后，财务才能通过')).toBeVisible();
  await expect(
    drawer.locator('.ant-card', { hasText: '风险评估' }).getByRole('link', { name: first.name }),
  ).toBeVisible();
  await expect(drawer.getByText('同手机号')).toBeVisible();
  await shot(risk, 'risk-withdrawal-panel');
  await drawer.getByRole('button', { name: '风控放行' }).click();
  const modal = risk.locator('.ant-modal', { hasText: '放行说明' });
  // The dialog opens with an animation: its form takes the click once the field is there.
  await expect(modal.getByLabel('放行说明（核实了什么）')).toBeEditable();
  await modal.getByRole('button', { name: '确认放行' }).click();
  await expect(modal.getByText('请填写放行说明（最多200字）')).toBeVisible();
  await modal.getByLabel('放行说明（核实了什么）').fill('已电话核实：两个账户是夫妻');
  await modal.getByRole('button', { name: '确认放行' }).click();
  await expect(risk.getByText(/已放行提现 .+，等待财务审核/)).toBeVisible();
  await expect(drawer.getByText(/^风控已放行：fengkong01/)).toBeVisible();
  await expect(drawer.getByText('已电话核实：两个账户是夫妻')).toBeVisible();
  await shot(risk, 'risk-withdrawal-cleared');

  await finance.reload();
  await expect(finance.locator('tr', { hasText: member.name }).getByText('风控已放行')).toBeVisible();
  expect(msgRiskWaiting(85)).toContain('须风控审核放行');
});

test('风险评分: 风控 reads the weights; a 超级管理员 whitelists an office address', async ({
  operatorPage,
}) => {
  const risk = await operatorPage('risk');
  await risk.goto('/risk/rules');
  await expect(risk.getByLabel('同手机号')).toHaveValue('80');
  await expect(risk.getByLabel('同手机号')).toBeDisabled();
  await expect(risk.getByRole('button', { name: '保存' })).toHaveCount(0);
  await expect(risk.getByText('白名单为空').or(risk.locator('.ant-table-row').first())).toBeVisible();

  const admin = await operatorPage('admin');
  await admin.goto('/risk/rules');
  const n = Date.now();
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  await admin.getByRole('button', { name: '加 入' }).click();
  await expect(admin.getByText('请输入要加入白名单的值（最多100字）')).toBeVisible();
  await admin.getByLabel('值').fill(address);
  await admin.getByLabel('备注').fill('公司办公网');
  await admin.getByRole('button', { name: '加 入' }).click();
  await expect(admin.getByText('已加入白名单')).toBeVisible();
  const row = admin.locator('tr', { hasText: address });
  await expect(row).toContainText('同IP');
  await expect(row).toContainText('公司办公网');
  await shot(admin, 'risk-rules');
});

/* Money review journeys: a deposit approved in the console reaches the member app's balance; a
 * withdrawal rejected with a reason returns the money; a withdrawal to a newly bound card is held (red
 * reason, 通过 disabled, refused by the server); two 财务 rejecting one withdrawal at once. */
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

test('a member binds a new card and asks to withdraw: 财务 sees the red reason and cannot approve', async ({
  operatorPage,
  member,
  memberPage,
}) => {
  // The fixture binds the card just before withdrawing: a new card holds the withdrawal (24 h).
  const id = await pendingWithdrawal(memberPage, member, '300');
  const finance = await operatorPage('finance');
  await finance.setViewportSize({ width: 1280, height: 900 });
  await finance.goto('/withdrawals');
  const row = finance.locator('tr', { hasText: member.name });
  await expect(row.getByText(/^暂缓至 \d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible();
  await expect(row.getByRole('button', { name: /通\s?过/ })).toBeDisabled();
  await row.getByRole('button', { name: /详\s?情/ }).click();
  const drawer = finance.locator('.ant-drawer');
  await expect(drawer.getByText(/^疑似账户被盗用：暂缓出款至 /)).toBeVisible();
  const reason = drawer.getByText(/^新绑定的银行卡（\d{2}-\d{2} \d{2}:\d{2}）（至 /);
  await expect(reason).toBeVisible();
  await expect(reason).toHaveCSS('color', 'rgb(255, 77, 79)');
  await expect(drawer.getByText('收款账户绑定时间')).toBeVisible();
  await expect(drawer.getByRole('button', { name: /通\s?过/ })).toBeDisabled();
  await shot(finance, 'money-withdrawal-held');
  // The server refuses it too, whoever asks.
  const refused = await consoleApi(finance, consoleApproveWithdrawal, { id });
  expect([refused.status, refused.message]).toEqual([
    400,
    expect.stringMatching(/^该提现暂缓至 .+新绑定的银行卡.+；请到时再审核或拒绝$/),
  ]);
  // Rejecting is allowed: the money is back.
  await drawer.getByRole('button', { name: /拒\s?绝/ }).click();
  const dialog = finance.getByRole('dialog', { name: /拒绝提现/ });
  await dialog.getByLabel('拒绝原因').fill('新绑定银行卡，请联系客服核实身份');
  await dialog.getByRole('button', { name: '确认拒绝' }).click();
  await expect(finance.getByText(/已拒绝提现 .*金额已退回会员中心钱包/)).toBeVisible();
  expect(await balanceOf(memberPage, member)).toBe('1000.00');
});

test('客服 resets a member’s payment password: the member’s next withdrawal is held with the reset in red', async ({
  operatorPage,
  member,
  memberPage,
}) => {
  const support = await operatorPage('support');
  await support.goto(`/members?q=${member.name}`);
  await support.getByRole('link', { name: member.name }).click();
  await support.getByRole('button', { name: '重置支付密码' }).click();
  await support.getByRole('button', { name: '确认重置' }).click();
  const once = (await support.locator('.ant-modal code').textContent()) ?? '';
  expect(once).toMatch(/^[A-Za-z0-9]{10}$/);
  await support.getByRole('button', { name: '我已记下' }).click();
  // The member replaces the one-time password (客服 never learns the new one), then withdraws.
  const changed = await memberApi(memberPage, member, '/api/editPayPassword', {
    password: once,
    paypassword: member.password,
  });
  expect(changed.code, changed.message).toBe(200);
  const id = await pendingWithdrawal(memberPage, member, '200');

  const finance = await operatorPage('finance');
  await finance.setViewportSize({ width: 1280, height: 900 });
  await finance.goto('/withdrawals');
  const row = finance.locator('tr', { hasText: member.name });
  await expect(row.getByRole('button', { name: /通\s?过/ })).toBeDisabled();
  await row.getByRole('button', { name: /详\s?情/ }).click();
  const drawer = finance.locator('.ant-drawer');
  const reason = drawer.getByText(/^客服.*于 \d{2}-\d{2} \d{2}:\d{2} 重置了支付密码（至 /);
  await expect(reason).toBeVisible();
  await expect(reason).toHaveCSS('color', 'rgb(255, 77, 79)');
  await shot(finance, 'money-withdrawal-held-reset');
  const refused = await consoleApi(finance, consoleApproveWithdrawal, { id });
  expect([refused.status, refused.message]).toEqual([
    400,
    expect.stringMatching(/^该提现暂缓至 .+重置了支付密码.+；请到时再审核或拒绝$/),
  ]);
});

test('two 财务 reject one withdrawal at once: one succeeds, the other is told who did it', async ({
  operatorPage,
  operators,
  member,
  memberPage,
}) => {
  // A new card holds the withdrawal (approval refused for 24 h): the race is on the rejection.
  test.setTimeout(120_000);
  await pendingWithdrawal(memberPage, member, '200');
  const one = await operatorPage('finance');
  const two = await operatorPage('finance2');
  for (const page of [one, two]) {
    await page.goto('/withdrawals');
    await page
      .locator('tr', { hasText: member.name })
      .getByRole('button', { name: /拒\s?绝/ })
      .click();
    await page
      .getByRole('dialog', { name: /拒绝提现/ })
      .getByLabel('拒绝原因')
      .fill('信息不符');
  }
  const confirm = (p: Page) =>
    p.getByRole('dialog', { name: /拒绝提现/ }).getByRole('button', { name: '确认拒绝' });
  await Promise.all([confirm(one).click(), confirm(two).click()]);
  const refusal = /该提现已由 (caiwu0[12]) 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 拒绝/;
  const ok = (p: Page) => p.getByText(/已拒绝提现 W\d+/);
  const refused = (p: Page) => p.getByText(refusal);
  // Both answers at once (a toast fades after a few seconds): what each page was told.
  const told = async (p: Page) => {
    await expect(ok(p).or(refused(p))).toBeVisible();
    return (await ok(p).isVisible()) ? 'ok' : ((await refused(p).textContent()) ?? '');
  };
  const [toldOne, toldTwo] = await Promise.all([told(one), told(two)]);
  const winner = toldOne === 'ok' ? one : two;
  const loser = winner === one ? two : one;
  const winnerName = winner === one ? operators.finance.name : operators.finance2.name;
  expect([toldOne, toldTwo].filter((x) => x === 'ok')).toHaveLength(1);
  const loserTold = toldOne === 'ok' ? toldTwo : toldOne;
  expect(loserTold).toMatch(refusal);
  expect(loserTold).toContain(winnerName);
  await shot(loser, 'money-withdrawal-race-loser');
  // The loser's list was read again: the row is no longer pending there.
  await expect(loser.locator('tr', { hasText: member.name })).toHaveCount(0);
  // And the server says the same to anyone who tries again (approving it now).
  const again = await consoleApiAgain(loser, member);
  expect(again).toMatch(refusal);
  expect(await balanceOf(memberPage, member)).toBe('1000.00');
});

/** The loser tries again through the API: the same refusal. */
async function consoleApiAgain(page: Page, member: Member): Promise<string> {
  const list = await consoleApi(page, consoleWithdrawals, { state: 3, pageSize: 200 });
  const rows = (list.data as { rows: { id: number; username: string }[] }).rows;
  const row = rows.find((x) => x.username === member.name);
  if (!row) throw new Error('no rejected withdrawal');
  return (await consoleApi(page, consoleApproveWithdrawal, { id: row.id })).message;
}

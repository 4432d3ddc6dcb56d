/* Issue 29, maker–checker: a 财务 credits a member 8,000.00 (above the review amount) and nothing
 * moves; a second 财务 approves it in 待复核 and the balance shows the credit. Screens at 1280 wide. */
import { consoleControls } from '@app/contract/console-approvals';
import { consoleApi, expect, memberApi, shot, test } from './fixtures';

test('a credit above the review amount waits for a second 财务, then the balance shows it', async ({
  operatorPage,
  member,
  memberPage,
}) => {
  test.setTimeout(150_000); // two operators' browsers and a member's, on a loaded machine
  const maker = await operatorPage('finance');
  await maker.setViewportSize({ width: 1280, height: 800 });
  await maker.goto(`/members?q=${member.name}`);
  await maker.getByRole('link', { name: member.name }).click();
  await maker.getByRole('button', { name: '调整余额' }).click();
  const dialog = maker.getByRole('dialog');
  await expect(dialog).toContainText('须另一位财务或超级管理员在「待复核」中通过后才生效');
  await dialog.getByLabel('金额（元）').fill('8000.00');
  await dialog.getByLabel('原因').fill('线下补偿工单 8000');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await maker.getByRole('button', { name: '确认加款' }).click();
  await expect(maker.getByText(/^已提交复核（调整余额），另一位财务或超级管理员通过后生效/)).toBeVisible();
  await expect(maker.getByText(/加款 .* 成功/)).toHaveCount(0);
  const wallet = maker.locator('tr', { hasText: '中心钱包' });
  await expect(wallet).toContainText('¥0.00');
  expect((await memberApi(memberPage, member, '/api/balance')).data).toEqual({ balance: '0.00' });

  // The maker sees it waiting for someone else.
  await maker.getByRole('menu').getByText('待复核').click();
  const mine = maker.locator('tr', { hasText: `给会员 ${member.name} 加款 8000.00` });
  await expect(mine).toContainText('待他人复核');
  await expect(mine.getByRole('button', { name: /通\s*过/ })).toHaveCount(0);
  await shot(maker, 'approvals-maker');

  const checker = await operatorPage('finance2');
  await checker.setViewportSize({ width: 1280, height: 800 });
  await checker.goto('/approvals');
  const row = checker.locator('tr', { hasText: `给会员 ${member.name} 加款 8000.00` });
  await expect(row).toContainText('线下补偿工单 8000');
  await expect(row).toContainText('caiwu01');
  await shot(checker, 'approvals-pending');
  await row.getByRole('button', { name: /通\s*过/ }).click();
  const confirm = checker.getByRole('dialog');
  await expect(confirm).toContainText(`给会员 ${member.name} 加款 8000.00`);
  await confirm.getByRole('button', { name: '确认通过' }).click();
  await expect(checker.getByText('已通过，变更已生效')).toBeVisible();
  await expect(row).toHaveCount(0);

  await checker.getByRole('tab', { name: '已处理' }).click();
  const done = checker.locator('tr', { hasText: `给会员 ${member.name} 加款 8000.00` });
  await expect(done).toContainText('已通过');
  await expect(done).toContainText('caiwu02');
  await expect(done).toContainText('已入账，中心钱包余额 8000.00');
  await shot(checker, 'approvals-done');

  await maker.goBack();
  await expect(maker.locator('tr', { hasText: '中心钱包' })).toContainText('¥8,000.00');
  expect((await memberApi(memberPage, member, '/api/balance')).data).toEqual({ balance: '8000.00' });
});

test('风控设置: a 财务 reads them and what it used today; a 超级管理员 may change them', async ({
  operatorPage,
}) => {
  const finance = await operatorPage('finance');
  await finance.setViewportSize({ width: 1280, height: 800 });
  await finance.goto('/controls');
  await expect(finance.getByText('只有超级管理员可以修改')).toBeVisible();
  await expect(finance.getByText('我今日已调整余额')).toBeVisible();
  await expect(finance.getByRole('button', { name: /修\s*改/ })).toHaveCount(0);
  await shot(finance, 'controls-finance');

  const admin = await operatorPage('admin');
  await admin.setViewportSize({ width: 1280, height: 800 });
  const before = await consoleApi(admin, consoleControls, {});
  await admin.goto('/controls');
  await admin.getByRole('button', { name: /修\s*改/ }).click();
  await expect(admin.getByLabel('调整余额需复核的金额（元）')).toHaveValue(
    (before.data as { adjust_review_above: string }).adjust_review_above,
  );
  await shot(admin, 'controls-admin-edit');
});

import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, api, DEMO, login, newMember, ops, type Member } from './fixtures';

/* Issue 15 (withdrawals, cards, records, transfer): the result of binding and withdrawing is where
 * the member looks, a reviewed withdrawal shows its state at once, and pickers are antd-mobile's. */

const SHOTS = '/tmp/shots/h4';

/** A screenshot for a person to look at (390×844, the journeys' viewport). */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The id of the member's newest withdrawal, as the operator's list shows it. */
async function withdrawalId(member: Member): Promise<string> {
  const listed = await ops('withdrawal:list', '1');
  const row = listed.split('\n').find((line) => line.includes(member.name));
  const id = row?.trim().split(/\s+/)[0];
  if (!id || !/^\d+$/.test(id)) throw new Error(`no withdrawal of ${member.name} in:\n${listed}`);
  return id;
}

test('a bank card bound from /wallet lands back on the bank-card tab, picked in antd-mobile’s picker', async ({
  page,
}) => {
  const member = await newMember(page);
  await page.goto('/#/wallet');
  await page.getByRole('tab', { name: '银行卡' }).click();
  await expect(page).toHaveURL(/#\/wallet\?name=2$/);
  await page.getByRole('button', { name: '添加银行卡' }).click();
  await expect(page).toHaveURL(/#\/addBankCard$/);
  expect(await page.locator('select').count()).toBe(0);
  await expect(page.getByTestId('pay-password-hint')).toContainText('支付密码初始为注册时设置的登录密码');

  await page.getByPlaceholder('请输入姓名').fill('李四');
  await page.getByRole('button', { name: '开户银行' }).click();
  const picker = page.locator('.adm-picker');
  await expect(picker).toBeVisible();
  await shot(page, 'addBankCard-picker');
  await picker.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('button', { name: '开户银行' })).not.toContainText('请选择银行');
  await page.getByPlaceholder('请输入银行卡号').fill('6222020200004321');
  await page.getByPlaceholder('请输入开户行地址').fill('上海');
  await page.getByPlaceholder('请输入支付密码').fill(member.password);
  await shot(page, 'addBankCard');
  await page.getByRole('button', { name: '确认绑定' }).click();

  await expect(page).toHaveURL(/#\/wallet\?name=2$/);
  await expect(page.getByRole('tab', { name: '银行卡' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: '银行卡' }).getByText('**** **** **** 4321')).toBeVisible();
  await expect(page.getByText('暂未绑定USDT地址')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('tab', { name: '银行卡' })).toHaveAttribute('aria-selected', 'true');
});

test('a withdrawal opens the records on 取款 (审核中); once approved, re-entering shows 已通过 at once', async ({
  page,
}) => {
  const member = await newMember(page, '1000');
  const bound = await api(page, member, '/api/bindcard', {
    bank: '中国银行',
    bank_owner: '李四',
    bank_no: '6222020200004321',
    bank_address: '上海',
    pay_pass: member.password,
  });
  expect(bound.code, bound.message).toBe(200);
  const phone = await api(page, member, '/api/auth/updateuserinfo', { mobile: '13900139000' });
  expect(phone.code, phone.message).toBe(200);

  await page.goto('/#/withdrawal');
  await page.reload(); // the member, now with a phone
  for (const [tab, name] of [
    ['USDT', 'withdrawal-usdt'],
    ['支付宝', 'withdrawal-alipay'],
    ['微信', 'withdrawal-wechat'],
    ['银行卡', 'withdrawal-bank'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByTestId('withdraw-turnover')).toBeVisible();
    await shot(page, name);
  }
  await expect(page).toHaveURL(/#\/withdrawal\?type=2$/);
  await page.getByRole('button', { name: '选择银行卡' }).click();
  await page.getByRole('dialog', { name: '选择银行卡' }).getByRole('radio', { name: /4321$/ }).click();
  await page.getByPlaceholder('请输入取款金额').fill('200');
  await page.getByPlaceholder('请输入支付密码').fill(member.password);
  await page.getByRole('button', { name: '立即取款' }).click();
  await expect(page.getByText('提交成功，等待后台审核')).toBeVisible();

  await expect(page).toHaveURL(/#\/transRecord\?type=2$/, { timeout: 8_000 });
  await expect(page.getByRole('button', { name: '取款', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const records = page.getByRole('list', { name: '交易记录' });
  await expect(records.getByText('200.00')).toBeVisible();
  await expect(records.getByText('审核中')).toBeVisible();
  await expect(records.getByText('银行卡')).toBeVisible();
  await shot(page, 'transRecord-withdraw');

  const id = await withdrawalId(member);
  expect(await ops('withdrawal:approve', id)).toMatch(/approved/);

  // Leave and come back: the state is read again on entry, not kept for the app's 30 s.
  await page.goto('/#/account');
  await expect(page.getByRole('region', { name: '总资产' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/transRecord\?type=2$/);
  await expect(records.getByText('已通过')).toBeVisible({ timeout: 3_000 });
  await expect(records.getByText('审核中')).toHaveCount(0);
  // A reload keeps the 取款 filter.
  await page.reload();
  await expect(page.getByRole('button', { name: '取款', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('the demo member sees why 打码量 is owed: its 1000.00 体验金, every game counted in full', async ({
  page,
}) => {
  await page.goto('/#/withdrawal');
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  await login(page, DEMO.name, DEMO.password);
  await expect(page).toHaveURL(/#\/withdrawal$/);
  const turnover = page.getByRole('group', { name: '打码量' });
  await expect(turnover.getByTestId('withdraw-turnover')).toHaveText(/^\d+\.\d{2} \/ 1000\.00（\d+%）$/);
  const parts = turnover.getByRole('list', { name: '打码量明细' }).getByRole('listitem');
  await expect(parts).toHaveCount(1);
  await expect(parts.first()).toContainText('体验金');
  await expect(parts.first()).toContainText(/\d+\.\d{2} \/ 1000\.00/);
  await expect(parts.first()).toContainText('全部游戏按 100% 计入');
  await shot(page, 'withdrawal-demo-turnover');
});

test('/transfer picks wallets in an action sheet, and its records show readable order numbers', async ({
  page,
}) => {
  await newMember(page, '500');
  await page.goto('/#/transfer');
  expect(await page.locator('select').count()).toBe(0);
  await page.getByRole('button', { name: '转入钱包' }).click();
  const sheet = page.locator('.adm-action-sheet');
  await expect(sheet).toBeVisible();
  await shot(page, 'transfer-sheet');
  await sheet.getByRole('option').nth(1).click();
  await expect(sheet).toBeHidden();
  await page.getByPlaceholder('请输入转账金额').fill('50');
  await page.getByRole('button', { name: '立即转账' }).click();
  await expect(page.getByText('转账成功')).toBeVisible();
  await shot(page, 'transfer');

  await page.goto('/#/transRecord?type=3');
  const item = page.getByRole('list', { name: '交易记录' }).getByRole('listitem').first();
  await expect(item).toContainText(/订单号：T\d{20,}/);
  await expect(item).toContainText('中心钱包 →');
  await expect(item).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  await shot(page, 'transRecord-transfer');
});

test('/usdtmore lines up the TRC20 / ERC20 table', async ({ page }) => {
  await page.goto('/#/usdtmore');
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  const heads = await table
    .locator('thead th')
    .evaluateAll((ths) => ths.map((t) => t.getBoundingClientRect().left));
  const firstRow = await table
    .locator('tbody tr')
    .first()
    .locator('th, td')
    .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().left));
  // Every body cell starts where its column's head does.
  expect(firstRow.map(Math.round)).toEqual(heads.map(Math.round));
  await shot(page, 'usdtmore');
});

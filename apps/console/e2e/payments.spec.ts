/* 支付设置 journey: 财务 switches a pay way off in the console and the member's /recharge no longer
 * offers it; switched on again it comes back. What the journey changes it restores (journeys share
 * one database). */
import { consoleSetPayMethod } from '@app/contract/console-payments';
import { consoleApi, expect, test } from './fixtures';
import type { Page } from '@playwright/test';

const SHOTS = '/tmp/shots/payments';

/** The way as the member's 存款 tabs show it. */
const wechatTab = (memberPage: Page) =>
  memberPage.getByLabel('存款方式').getByText('微信支付', { exact: true });

test('财务 switches WeChat pay off and the member app stops offering it, then on again', async ({
  operatorPage,
  memberPage,
}) => {
  const finance = await operatorPage('finance');
  try {
    await memberPage.goto('/#/recharge');
    await expect(wechatTab(memberPage)).toBeVisible();

    await finance.goto('/payments/methods');
    const row = finance.locator('tr', { hasText: '微信支付' });
    await expect(row).toContainText('乐享娱乐（微信收款）');
    await finance.screenshot({ path: `${SHOTS}/methods.png`, fullPage: true });
    await row.getByRole('switch', { name: '微信支付开关' }).click();
    await expect(finance.getByRole('dialog')).toContainText('已提交的订单不受影响');
    await finance.getByRole('button', { name: '确认关闭' }).click();
    await expect(finance.getByText('微信支付已关闭')).toBeVisible();
    await expect(row.getByRole('switch')).not.toBeChecked();
    await finance.screenshot({ path: `${SHOTS}/methods-wechat-off.png`, fullPage: true });

    await memberPage.reload();
    await expect(memberPage.getByLabel('存款方式').getByText('支付宝', { exact: true })).toBeVisible();
    await expect(wechatTab(memberPage)).toHaveCount(0);
    await memberPage.screenshot({ path: `${SHOTS}/member-recharge-wechat-off.png`, fullPage: true });

    await row.getByRole('switch', { name: '微信支付开关' }).click();
    await expect(finance.getByText('微信支付已开启')).toBeVisible();
    await memberPage.reload();
    await expect(wechatTab(memberPage)).toBeVisible();
    await memberPage.screenshot({ path: `${SHOTS}/member-recharge-wechat-on.png`, fullPage: true });
  } finally {
    // Whatever happened above, WeChat pay is on again for the other journeys.
    await consoleApi(finance, consoleSetPayMethod, { type: 'wechat', enabled: true });
  }
});

test('the other screens of 支付设置 show their data', async ({ operatorPage }) => {
  const finance = await operatorPage('finance');
  await finance.goto('/payments/methods');
  await finance
    .locator('tr', { hasText: '微信支付' })
    .getByRole('button', { name: /编\s?辑/ })
    .click();
  await expect(finance.getByRole('dialog')).toContainText('收款二维码');
  await finance.waitForTimeout(500);
  await finance.screenshot({ path: `${SHOTS}/methods-edit-wechat.png`, fullPage: true });
  await finance.getByRole('button', { name: /取\s?消/ }).click();

  await finance.goto('/payments/cards');
  await expect(finance.locator('tr', { hasText: '6222020200112233445' })).toContainText('启用');
  await finance.screenshot({ path: `${SHOTS}/cards.png`, fullPage: true });
  await finance.getByRole('button', { name: '新增收款银行卡' }).click();
  await finance.getByRole('dialog').getByRole('button', { name: '提交复核' }).click();
  await expect(finance.getByRole('dialog')).toContainText('请输入银行名称');
  await expect(finance.getByRole('dialog').getByText('请输入开户人')).toBeVisible();
  // antd fades the messages in.
  await finance.waitForTimeout(500);
  await finance.screenshot({ path: `${SHOTS}/cards-new-empty.png`, fullPage: true });
  await finance.getByRole('button', { name: /取\s?消/ }).click();

  await finance.goto('/payments/rates');
  await expect(finance.getByLabel('充值汇率（元/USDT）')).toHaveValue('7.2');
  await finance.getByLabel('提款汇率（元/USDT）').fill('7.1');
  await expect(finance.getByText('提款汇率不能低于充值汇率')).toBeVisible();
  await finance.screenshot({ path: `${SHOTS}/rates.png`, fullPage: true });
});

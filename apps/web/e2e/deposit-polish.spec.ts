import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Page } from '@playwright/test';
import { test, expect, newMember, ops } from './fixtures';

/* Deposits as a member meets them (issue 15): /payInfo per method, the bank transfer's voucher, no
 * internal code on screen. Screenshots for a person to look at go to SHOTS_DIR when it is set. */

const shot = async (page: Page, name: string) => {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
};

test.use({ viewport: { width: 390, height: 844 } });

test.afterEach(async () => {
  expect(await ops('ledger:check')).toMatch(/Ledger balanced/);
});

test('a WeChat deposit shows the account and a QR image to scan, no USDT fields', async ({ page }) => {
  await newMember(page);
  await page.goto('/#/recharge');
  await expect(page.getByRole('tab', { name: '微信支付' })).toBeVisible();
  await shot(page, 'recharge-bank');
  await page.getByRole('tab', { name: '微信支付' }).click();
  await shot(page, 'recharge-wechat');
  await page.getByPlaceholder('请输入充值金额').fill('200');
  await page.getByRole('button', { name: '立即充值' }).click();
  await expect(page).toHaveURL(/#\/payInfo\?deposit_no=/);
  const section = page.getByRole('region', { name: '收款信息' });
  await expect(section.getByTestId('pay-account')).toHaveText('乐享娱乐（微信收款）');
  const qr = section.getByRole('img', { name: '微信收款二维码' });
  await expect(qr).toBeVisible();
  // The picture really loaded (not a broken image).
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  for (const absent of ['协议', '收款地址', 'USDT', 'wxpay', 'wechat']) expect(text).not.toContain(absent);
  await expect(page.getByRole('region', { name: '订单信息' })).toContainText('微信支付');
  await shot(page, 'payinfo-wechat');
});

test('a USDT deposit shows the USDT amount to send and a QR of the address', async ({ page }) => {
  await newMember(page);
  await page.goto('/#/recharge');
  await page.getByRole('tab', { name: 'USDT' }).click();
  await page.getByRole('radio', { name: 'TRC20' }).check();
  await shot(page, 'recharge-usdt');
  await page.getByPlaceholder('请输入充值金额').fill('100');
  await page.getByRole('button', { name: '立即充值' }).click();
  await expect(page).toHaveURL(/#\/payInfo\?deposit_no=/);
  // 100 yuan at the seeded rate, floored by the server.
  await expect(page.getByTestId('pay-usdt-amount')).toHaveText(/^\d+\.\d{2}$/);
  await expect(page.getByTestId('pay-protocol')).toHaveText('USDT-TRC20');
  await expect(page.getByTestId('pay-address')).toHaveText('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
  const qr = page.getByRole('img', { name: '收款地址二维码' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/png/);
  await expect(page.getByRole('button', { name: '复制收款地址' })).toBeVisible();
  await expect(page.getByRole('button', { name: '复制应转USDT数量' })).toBeVisible();
  await shot(page, 'payinfo-usdt');
});

test('an Alipay deposit shows the Alipay QR', async ({ page }) => {
  await newMember(page);
  await page.goto('/#/recharge');
  await page.getByRole('tab', { name: '支付宝' }).click();
  await shot(page, 'recharge-alipay');
  await page.getByPlaceholder('请输入充值金额').fill('150');
  await page.getByRole('button', { name: '立即充值' }).click();
  await expect(page.getByRole('img', { name: '支付宝收款二维码' })).toBeVisible();
  await shot(page, 'payinfo-alipay');
});

test('a bank deposit with a voucher: the operator sees the voucher', async ({ page }) => {
  await newMember(page);
  await page.goto('/#/recharge');
  await page.getByRole('tab', { name: '人工存款' }).click();
  await shot(page, 'recharge-manual');
  await page.getByRole('tab', { name: '银行卡转账' }).click();
  await page.getByPlaceholder('请输入充值金额').fill('300');
  await page.getByPlaceholder('请输入存款人姓名').fill('张三');
  await page.getByRole('button', { name: '银行类型' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('button', { name: '银行类型' })).toContainText('银行');
  await page.getByPlaceholder('请输入银行卡号').fill('6222000011112222');
  await page.getByPlaceholder('请输入银行开户行地址').fill('深圳南山支行');
  // A small real PNG (1×1).
  const png = join(tmpdir(), `voucher-${Date.now()}.png`);
  writeFileSync(
    png,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  await page.getByRole('group', { name: '存款凭证（选填）' }).locator('input[type=file]').setInputFiles(png);
  await expect(page.getByTestId('voucher-state')).toHaveText('凭证已上传');
  await shot(page, 'recharge-bank-voucher');
  await page.getByRole('button', { name: '立即充值' }).click();
  await expect(page).toHaveURL(/#\/transRecord/);
  const listed = await ops('deposit:list');
  expect(listed).toMatch(/\/uploads\/[0-9a-f]{32}\.png/);
});

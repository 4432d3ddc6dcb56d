import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, api, newMember, ops } from './fixtures';

/* 资金明细 (/fundsRecord) against the real server: the lifetime net deposits after a deposit credited
 * and one still in review, the central wallet's entries, 近90天, and 导出CSV of them and of /transRecord. */

const SHOTS = '/tmp/shots';

test.afterEach(async () => {
  expect(await ops('ledger:check')).toMatch(/Ledger balanced/);
});

/** 导出CSV on the current screen: the file's name and text. */
async function exportCsv(page: Page): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '导出CSV' }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

test('a member reads 资金明细 with the net deposits, reaches back 90 days and exports CSV', async ({
  page,
}) => {
  const member = await newMember(page, '1000');
  const deposit = async (amount: number) => {
    const r = await api(page, member, '/api/recharge', { paytype: 'alipay', amount }, `e2e-funds-${amount}`);
    expect(r.code, r.message).toBe(200);
    return (r.data as { deposit_no: string }).deposit_no;
  };
  const credited = await deposit(300);
  await ops('deposit:approve', credited);
  await deposit(150); // still in review: not counted
  const moved = await api(
    page,
    member,
    '/api/transfer',
    { amount: 10, sourcetype: 'userbalance', targettype: 'AG' },
    'e2e-funds-transfer',
  );
  expect(moved.code, moved.message).toBe(200);

  await page.goto('/#/account');
  await page.getByRole('button', { name: /^资金明细/ }).click();
  await expect(page).toHaveURL(/#\/fundsRecord$/);

  const card = page.getByRole('region', { name: '累计净存款' });
  await expect(card.getByTestId('funds-net')).toHaveText('+300.00');
  await expect(card).toContainText('累计存款300.00');
  await expect(card).toContainText('累计提款0.00');

  const list = page.getByRole('list', { name: '资金明细' });
  const rows = list.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('额度转换');
  await expect(rows.nth(0)).toContainText('-10.00');
  await expect(rows.nth(0)).toContainText('AG真人');
  await expect(rows.nth(1)).toContainText('存款入账');
  await expect(rows.nth(1)).toContainText('+300.00');
  await expect(rows.nth(1)).toContainText(credited);
  // The operator's credit: its label, never the operator's note.
  await expect(rows.nth(2)).toContainText('人工调整');
  await expect(rows.nth(2)).toContainText('+1000.00');
  await expect(rows.nth(2)).not.toContainText('operator');

  await page.getByRole('button', { name: '近90天' }).click();
  await expect(page.getByRole('button', { name: '近90天' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('共 3 条')).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/funds-record.png`, fullPage: true });

  const funds = await exportCsv(page);
  expect(funds.name).toMatch(/^资金明细-\d{8}-\d{4}\.csv$/);
  const lines = funds.text.split('\r\n');
  expect(lines[0]).toBe('\uFEFF时间（北京时间）,类型,金额（元）,备注,流水号');
  expect(lines[1]).toMatch(/,额度转换,-10\.00,AG真人,\d+$/);
  expect(lines[2]).toMatch(
    new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},存款入账,300\\.00,${credited},\\d+$`),
  );
  expect(lines[3]).toMatch(/,人工调整,1000\.00,,\d+$/);
  expect(lines).toHaveLength(5);
  await expect(page.getByText('已导出 3 条')).toBeVisible();

  // /transRecord: the way back to 资金明细, and its own export (both deposits, with their states).
  await page.goto('/#/transRecord?date=5');
  await expect(page.getByRole('button', { name: '近90天' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('list', { name: '交易记录' }).getByRole('listitem')).toHaveCount(2);
  const records = await exportCsv(page);
  expect(records.name).toMatch(/^交易记录-存款-\d{8}-\d{4}\.csv$/);
  expect(records.text.split('\r\n').slice(0, 3)).toEqual([
    '\uFEFF订单号,类型,金额（元）,方式,状态,时间（北京时间）',
    expect.stringMatching(/^D\d+,存款,150\.00,支付宝,审核中,/),
    expect.stringMatching(new RegExp(`^${credited},存款,300\\.00,支付宝,已通过,`)),
  ]);
  await page.screenshot({ path: `${SHOTS}/funds-transRecord.png`, fullPage: true });
  await page.getByRole('button', { name: '资金明细 ›' }).click();
  await expect(page).toHaveURL(/#\/fundsRecord$/);

  // /betRecord: no bets yet, so nothing to save, and it says so.
  await page.goto('/#/betRecord');
  await expect(page.getByText('暂无投注记录')).toBeVisible();
  await page.getByRole('button', { name: '导出CSV' }).click();
  await expect(page.getByText('暂无可导出的记录')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/funds-betRecord.png`, fullPage: true });
});

/* 运营报表 journey: money moves (a deposit approved, a withdrawal paid), then the report's totals on
 * screen and in its CSV equal the ledger's system accounts. The e2e database is created by this run,
 * so the report's last 7 Beijing days hold every movement ever made: the all-time account balances
 * that opsLedgerCheck sums independently are the range's figures (other journeys' movements included). */
import { readFileSync } from 'node:fs';
import { consoleReportSummary, type ReportSummary } from '@app/contract/console-reports';
import { opsApproveDeposit, opsApproveWithdrawal, opsLedgerCheck } from '@app/contract/ops-money';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  consoleApi,
  expect,
  MEMBER_URL,
  memberApi,
  opsApi,
  pendingDeposit,
  pendingWithdrawal,
  shot,
  test,
  type Member,
} from './fixtures';

/** A 10.00 line on 加拿大28's open round (retried while the round is closed for its draw). */
async function lotteryBet(page: Page, member: Member): Promise<void> {
  const rooms = await memberApi(page, member, '/api/lotteryRoom', { name: 'jnd28' });
  const roomId = (rooms.data as { id: number }[])[0]?.id;
  let last = '';
  for (let attempt = 0; attempt < 12; attempt++) {
    const r = await page.request.get(`${MEMBER_URL}/api/lotteryRoom?room_id=${roomId}`, {
      headers: { Authorization: `Bearer ${member.token}` },
    });
    const room = ((await r.json()) as { data: { lottery: { nowdata: { nextexpect: string } } } }).data;
    const body = {
      room_id: roomId,
      expect: room.lottery.nowdata.nextexpect,
      order: [{ id: 201, total: 10, data: [] }],
    };
    const placed = await memberApi(page, member, '/api/lotteryOrder', body, randomUUID());
    if (placed.code === 200) return;
    last = placed.message;
    await page.waitForTimeout(5000);
  }
  throw new Error(`no bet placed: ${last}`);
}

type Ledger = { ok: boolean; accounts: Record<string, string> };

/** 存款, 提款, 平台盈亏, 优惠支出 as the ledger's system accounts hold them (all time = this run). */
async function ledgerFigures(): Promise<string[]> {
  const a = (await opsApi<Ledger>(opsLedgerCheck)).accounts;
  return [
    decimal(a.deposits, true),
    decimal(a.withdrawals_paid),
    // Stakes in minus payouts out, of the lottery and of the demo games' house.
    decimal(String(BigInt(a.lottery_stakes ?? '0') + BigInt(a.game_house ?? '0'))),
    decimal(a.bonuses, true),
  ];
}
const cents = (amount: string) => BigInt(amount.replace('.', ''));

/** Cents (text) as a decimal string, optionally negated: "-12345" → "123.45". */
function decimal(cents: string | undefined, negate = false): string {
  let c = BigInt(cents ?? '0');
  if (negate) c = -c;
  const sign = c < 0n ? '-' : '';
  const abs = c < 0n ? -c : c;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
const shown = (amount: string) =>
  `¥${Number(amount).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a report’s totals equal the ledger’s, on screen and in its CSV', async ({
  operatorPage,
  member,
  memberPage,
}) => {
  // The withdrawal first: a deposit adds turnover the member would owe before withdrawing.
  const finance = await operatorPage('finance');
  const withdrawal = await pendingWithdrawal(memberPage, member, '150');
  // The card was bound just now: the console's approval is held for 24 h; the command line pays it.
  await opsApi(opsApproveWithdrawal, { id: withdrawal });
  const depositNo = await pendingDeposit(memberPage, member, '720');
  await opsApi(opsApproveDeposit, { deposit_no: depositNo });
  await lotteryBet(memberPage, member);

  expect((await opsApi<Ledger>(opsLedgerCheck)).ok).toBe(true);
  const stat = (title: string) =>
    finance.locator('.ant-statistic', { hasText: title }).locator('.ant-statistic-content');
  const titles = ['存款', '提款', '平台盈亏', '优惠支出'] as const;
  // The scheduler may draw the round between reading the ledger and the report: read both again then.
  let want = await ledgerFigures();
  for (let attempt = 0; attempt < 3; attempt++) {
    await finance.goto('/reports');
    await expect(finance.getByText('每日资金')).toBeVisible();
    const onScreen = await Promise.all(titles.map((t) => stat(t).innerText()));
    const again = await ledgerFigures();
    if (
      JSON.stringify(again) === JSON.stringify(want) &&
      onScreen.every((v, i) => v === shown(want[i] ?? ''))
    )
      break;
    want = again;
  }
  for (const [i, t] of titles.entries()) await expect(stat(t)).toHaveText(shown(want[i] ?? ''));
  expect(cents(want[0] ?? '0')).toBeGreaterThanOrEqual(72_000n);
  await expect(finance.getByRole('img', { name: '每日存提款图' }).locator('canvas')).toHaveCount(1);
  await shot(finance, 'reports-money');

  // The same range through the call: its totals equal the ledger read on both sides of it (the
  // scheduler may draw the round in between, as above: read again then).
  const range = {
    from: await finance.evaluate(() =>
      new Date(Date.now() + 8 * 3600_000 - 6 * 86_400_000).toISOString().slice(0, 10),
    ),
    to: await finance.evaluate(() => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)),
  };
  let report!: ReportSummary;
  let around: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await ledgerFigures();
    report = (await consoleApi(finance, consoleReportSummary, range)).data as ReportSummary;
    around = await ledgerFigures();
    if (JSON.stringify(before) === JSON.stringify(around)) break;
  }
  expect(report.money.totals.deposits).toBe(around[0]);
  expect(report.games.totals.house).toBe(around[2]);
  const [deposits, withdrawals] = around as [string, string, string, string];

  const card = finance
    .locator('.ant-card', { hasText: '每日资金' })
    .filter({ has: finance.getByRole('table') });
  const download = finance.waitForEvent('download');
  await card.getByRole('button', { name: /导出CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`每日资金_${report.from}至${report.to}.csv`);
  const text = readFileSync((await file.path()) ?? '', 'utf8');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe('\uFEFF日期,存款金额,存款笔数,提款金额,提款笔数,人工加款,人工扣款');
  expect(lines).toHaveLength(report.money.days.length + 3); // header, days, totals, final line break
  expect(lines.at(-2)?.split(',').slice(0, 4)).toEqual([
    '合计',
    deposits,
    String(report.money.totals.deposit_count),
    withdrawals,
  ]);

  await finance.getByRole('tab', { name: '游戏' }).click();
  await expect(finance.getByText('每日投注与平台盈亏')).toBeVisible();
  const lottery = finance.locator('.ant-card', { hasText: '彩种' }).locator('tr', { hasText: '加拿大28' });
  await expect(lottery).toContainText('¥10.00');
  await shot(finance, 'reports-games');
});

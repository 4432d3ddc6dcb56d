/* 日报 journey: a fresh member's deposit, approved in 存款审核, moves today's 日报 by exactly that
 * deposit. Journeys run one after another (playwright.config.ts: one worker), so between the two
 * readings of the screen nobody else deposits: 存款金额, 存款笔数, 首存人数 and 首存金额 move by this
 * deposit alone. 日终平台负债 (members' balances, from the ledger) moves with every member's money: it
 * is held to exactly the deposit when the day's other flows stayed still between the readings (a
 * round of an earlier journey's lottery bets may settle in between), and the member's own balance and
 * ledger entry are checked exactly. */
import type { Page } from '@playwright/test';
import { expect, memberApi, pendingDeposit, shot, test } from './fixtures';

const DEPOSIT = '720';
const DEPOSIT_CENTS = 72_000n;

/** "¥1,234.50" / "-¥12.00" / "3" as cents (amounts) or the count itself times 100 (counts). */
function cents(text: string): bigint {
  const t = text.replace(/[¥,\s]/g, '');
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) throw new Error(`not a figure: "${text}"`);
  const value = BigInt(m[2] ?? '0') * 100n + BigInt((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -value : value;
}

/** Today's row of 日报 (range 今天), by column title: what the screen shows. */
async function dailyToday(page: Page): Promise<Record<string, string>> {
  await page.goto('/reports');
  await page.getByLabel('日期范围').first().click();
  await page.locator('.ant-picker-presets').getByText('今天', { exact: true }).click();
  await page.getByRole('tab', { name: '日报' }).click();
  const panel = page.getByRole('tabpanel', { name: '日报' });
  const today = await page.evaluate(() => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10));
  const row = panel.locator('tr.ant-table-row', { hasText: today });
  await expect(row).toHaveCount(1);
  const titles = await panel.locator('.ant-table-thead th').allInnerTexts();
  const cells = await row.locator('td').allInnerTexts();
  return Object.fromEntries(titles.map((t, i) => [t.trim(), (cells[i] ?? '').trim()]));
}

/** Each figure's change between two readings, in cents (counts ×100). */
const deltas = (before: Record<string, string>, after: Record<string, string>) =>
  Object.fromEntries(
    Object.keys(after)
      .filter((k) => k !== '日期')
      .map((k) => [k, cents(after[k] ?? '0') - cents(before[k] ?? '0')]),
  );

/** The member's central wallet as the member search shows it, and their id. */
async function memberRow(page: Page, name: string): Promise<{ id: number; balance: bigint }> {
  await page.goto(`/members?q=${name}`);
  const row = page.locator('tr.ant-table-row', { has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toHaveCount(1);
  const cells = await row.locator('td').allInnerTexts();
  const titles = await page.locator('.ant-table-thead th').allInnerTexts();
  const at = (title: string) => cells[titles.findIndex((t) => t.trim() === title)] ?? '';
  return { id: Number(at('ID')), balance: cents(at('中心钱包')) };
}

test('a deposit approved today moves 日报’s deposits and liability by exactly that deposit', async ({
  operatorPage,
  member,
  memberPage,
}) => {
  test.slow(); // five screens read twice on a shared machine
  const finance = await operatorPage('finance');
  const before = await dailyToday(finance);
  const mine = await memberRow(finance, member.name);
  expect(mine.balance).toBe(0n);

  // The member deposits; 财务 approves it in 存款审核; the member's balance is credited.
  const depositNo = await pendingDeposit(memberPage, member, DEPOSIT);
  await finance.goto('/deposits');
  const row = finance.locator('tr', { hasText: depositNo });
  await row.getByRole('button', { name: /通\s?过/ }).click();
  await finance.getByRole('button', { name: '确认通过' }).click();
  await expect(finance.getByText(`已通过存款 ${depositNo}，会员余额已入账`)).toBeVisible();
  const balance = await memberApi(memberPage, member, '/api/balance');
  expect(balance.data).toEqual({ balance: '720.00' });
  expect((await memberRow(finance, member.name)).balance).toBe(DEPOSIT_CENTS);

  // The ledger tab: one credit of this deposit, the member's only entry.
  await finance.goto(`/members/${mine.id}`);
  await finance.getByRole('tab', { name: '账变记录' }).click();
  const ledger = finance.getByRole('tabpanel', { name: '账变记录' }).locator('tr.ant-table-row');
  await expect(ledger).toHaveCount(1);
  await expect(ledger).toContainText('+720.00');
  await expect(ledger).toContainText(depositNo);

  const after = await dailyToday(finance);
  await shot(finance, 'reports-daily-after-deposit');
  const change = deltas(before, after);
  const d = (title: string) => change[title] ?? 0n;
  expect(d('存款金额')).toBe(DEPOSIT_CENTS);
  expect(d('存款笔数')).toBe(100n);
  expect(d('首存人数')).toBe(100n);
  expect(d('首存金额')).toBe(DEPOSIT_CENTS);
  expect(d('日终中心钱包') + d('日终场馆钱包')).toBe(d('日终平台负债'));
  const others = ['提款金额', '人工加款', '人工扣款', '投注金额', '派奖金额', '活动彩金', '返水', '红包'];
  if (others.every((k) => d(k) === 0n)) {
    expect(d('日终平台负债')).toBe(DEPOSIT_CENTS);
  } else {
    // Someone else's money moved too (a round settled): the liability moved by the deposit plus it.
    const moved = Object.entries(change).map(([k, v]) => `${k} ${v}`);
    test.info().annotations.push({ type: 'note', description: `other flows moved: ${moved.join(', ')}` });
    const credited = d('派奖金额') + d('活动彩金') + d('返水') + d('红包') + d('人工加款');
    const debited = d('投注金额') + d('人工扣款');
    expect(d('日终平台负债') - DEPOSIT_CENTS).toBe(credited - debited);
  }
});

import { BEIJING_OFFSET_MS, formatCents } from '@app/contract/codecs';
import { MSG_RANGE_ORDER } from '@app/contract/date-range';
import {
  MSG_REPORT_DAY,
  MSG_REPORT_SPAN,
  type ReportGameRow,
  type ReportMethodRow,
  type ReportSummary,
} from '@app/contract/console-reports';
import { and, count, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDate, dayStartOf, DAY_MS, now } from '../core/clock';
import { users } from '../db/schema/accounts';
import { ledgerEntries } from '../db/schema/money';
import { lotteryTestApp, t } from '../modules/lottery/test-support';
import { dataOf } from '../../test/helpers';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../test/console-helpers';
import { A, B, twoDays } from './reports-test-support';

/* The report against the ledger: activity made through the real services on two Beijing days (the
 * lottery test app's clock starts at 2030-01-15 23:40 Beijing), then every figure of every day and of
 * the range compared with the ledger entries summed here, bucketed by Beijing day in JavaScript. */

lotteryTestApp();

let c: TestConsole;
let finance: ConsoleAgent;
beforeAll(async () => {
  c = await buildTestConsole(t);
  finance = await c.signIn('finance');
}, 60_000);
afterAll(async () => {
  await c.close();
});

const report = async (from: string, to: string) =>
  dataOf<ReportSummary>(await finance.get('/api/reports/summary', { from, to }));

type Entry = typeof ledgerEntries.$inferSelect;

/** What each figure must be, summed here from the entries of one day (member wallets where they move). */
function expected(entries: Entry[]) {
  const sum = (keep: (e: Entry) => boolean, sign = 1n) =>
    entries.filter(keep).reduce((s, e) => s + sign * e.amountCents, 0n);
  const moves = (reason: string) =>
    new Set(entries.filter((e) => e.reason === reason).map((e) => e.txId)).size;
  const wallet = (reason: string, pos: boolean) => (e: Entry) =>
    e.reason === reason && e.walletId !== null && e.amountCents > 0n === pos;
  const venueStake = sum(wallet('game_round', false), -1n);
  const venuePayout = sum(wallet('game_round', true));
  // A cancelled round's refund takes its stake back: the stake is what stayed staked.
  const lotteryStake = sum(wallet('lottery_stake', false), -1n) - sum(wallet('lottery_stake', true));
  const lotteryPayout = sum(wallet('lottery_win', true));
  const rebates = sum(wallet('rebate', true));
  const redPackets = sum(wallet('red_packet', true));
  const bonuses = sum(wallet('activity_bonus', true));
  return {
    money: {
      deposits: formatCents(sum(wallet('deposit', true))),
      deposit_count: moves('deposit'),
      withdrawals: formatCents(
        sum((e) => e.reason === 'withdrawal_paid' && e.account === 'withdrawals_paid'),
      ),
      withdrawal_count: moves('withdrawal_paid'),
      adjust_in: formatCents(sum(wallet('adjustment', true))),
      adjust_out: formatCents(sum(wallet('adjustment', false), -1n)),
    },
    games: {
      venue_stake: formatCents(venueStake),
      venue_payout: formatCents(venuePayout),
      lottery_stake: formatCents(lotteryStake),
      lottery_payout: formatCents(lotteryPayout),
      house: formatCents(venueStake + lotteryStake - venuePayout - lotteryPayout),
    },
    promotions: {
      rebates: formatCents(rebates),
      rebate_count: moves('rebate'),
      red_packets: formatCents(redPackets),
      red_packet_count: moves('red_packet'),
      bonuses: formatCents(bonuses),
      bonus_count: moves('activity_bonus'),
      total: formatCents(rebates + redPackets + bonuses),
    },
  };
}

const cents = (yuan: string) => BigInt(yuan.replace('.', ''));
const total = (rows: (ReportMethodRow | ReportGameRow)[], pick: (r: never) => string) =>
  formatCents(rows.reduce((s, r) => s + cents(pick(r as never)), 0n));

async function entriesOf(from: string, to: string): Promise<Entry[]> {
  return t.db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        gte(ledgerEntries.createdAt, new Date(dayStartOf(from))),
        lt(ledgerEntries.createdAt, new Date(dayStartOf(to) + DAY_MS)),
      ),
    );
}

function expectSections(r: ReportSummary, i: number | 'totals', entries: Entry[]) {
  const want = expected(entries);
  const pick = <T>(s: { days: T[]; totals: T }) => (i === 'totals' ? s.totals : s.days[i]);
  expect(pick(r.money)).toMatchObject(want.money);
  expect(pick(r.games)).toMatchObject(want.games);
  expect(pick(r.promotions)).toMatchObject(want.promotions);
}

describe('consoleReportSummary', () => {
  it('equals the ledger on every day and over the range, across Beijing midnight', async () => {
    ({ second: finance } = await twoDays(c, finance));
    const r = await report(A, B);
    const entries = await entriesOf(A, B);
    expect(r.money.days.map((d) => d.day)).toEqual([A, B]);
    expectSections(
      r,
      0,
      entries.filter((e) => beijingDate(e.createdAt.getTime()) === A),
    );
    expectSections(
      r,
      1,
      entries.filter((e) => beijingDate(e.createdAt.getTime()) === B),
    );
    expectSections(r, 'totals', entries);
    // Every kind of movement happened, so no figure passes by being zero on both sides.
    const { money, games, promotions } = r;
    for (const v of [
      money.totals.deposits,
      money.totals.withdrawals,
      money.totals.adjust_out,
      games.totals.venue_stake,
      games.totals.venue_payout,
      games.totals.lottery_stake,
      promotions.totals.rebates,
      promotions.totals.red_packets,
      promotions.totals.bonuses,
    ]) {
      expect(cents(v)).toBeGreaterThan(0n);
    }
    // The credits at 23:59:59.999 (7.00) and 00:00 (11.00) fall on their own days: A also has the
    // funding of the lottery app's member (1000.00) and ours (100.00); B that of the two withdrawers
    // (200.00, 150.00). The rejected withdrawal is no payout.
    expect(money.days[0]?.adjust_in).toBe('1107.00');
    expect(money.days[1]?.adjust_in).toBe('361.00');
    expect(money.totals).toMatchObject({ withdrawals: '200.00', withdrawal_count: 1 });
  });

  it('splits money by method, games by venue and lottery, summing to the totals', async () => {
    const r = await report(A, B);
    expect(total(r.money.deposit_methods, (x: ReportMethodRow) => x.amount)).toBe(r.money.totals.deposits);
    expect(r.money.deposit_methods.map((x) => x.method).sort()).toEqual(['支付宝', '银行卡转账']);
    expect(r.money.withdrawal_methods).toEqual([{ method: '银行卡', count: 1, amount: '200.00' }]);
    expect(r.games.venues).toEqual([
      { code: 'AG', name: expect.any(String), bets: 2, stake: '150.00', payout: '200.00', house: '-50.00' },
    ]);
    expect(total(r.games.lotteries, (x: ReportGameRow) => x.stake)).toBe(r.games.totals.lottery_stake);
    expect(total(r.games.lotteries, (x: ReportGameRow) => x.payout)).toBe(r.games.totals.lottery_payout);
    expect(r.games.lotteries.find((x) => x.code === 'jnd28')).toMatchObject({ bets: 4, stake: '40.00' });
  });

  it('counts members who joined and who were active, each once over the range', async () => {
    const r = await report(A, B);
    const [joined] = await t.db
      .select({ n: count() })
      .from(users)
      .where(
        and(
          eq(users.isTrial, 0),
          gte(users.createdAt, new Date(dayStartOf(A))),
          lt(users.createdAt, new Date(dayStartOf(B) + DAY_MS)),
        ),
      );
    expect(r.members.totals.new_members).toBe(joined?.n);
    expect(r.members.days.reduce((s, d) => s + d.new_members, 0)).toBe(joined?.n);
    // The member bet on day A only (the venue and the lottery).
    expect(r.members.days[0]?.active_members).toBeGreaterThanOrEqual(1);
    expect(r.members.totals.active_members).toBeGreaterThanOrEqual(r.members.days[0]?.active_members ?? 0);
  });

  it('a one-day report is that day of the range; days without activity are zeros', async () => {
    const range = await report(A, B);
    const one = await report(B, B);
    expect(one.money.days).toEqual([range.money.days[1]]);
    expect(one.money.totals).toEqual({ ...range.money.days[1], day: '' });
    expect(one.games.totals).toEqual({ ...range.games.days[1], day: '' });
    const empty = await report('2030-03-01', '2030-03-02');
    expect(empty.money.totals).toMatchObject({ deposits: '0.00', deposit_count: 0, adjust_in: '0.00' });
    expect(empty.games.venues).toEqual([]);
    expect(empty.promotions.days).toHaveLength(2);
    expect(now()).toBeGreaterThan(0);
  });

  it('refuses a range that is reversed, longer than 92 days or not a day, in Chinese', async () => {
    const refusal = async (query: Record<string, string>) => {
      const r = await finance.get('/api/reports/summary', query);
      return [r.status, r.body?.message];
    };
    expect(await refusal({ from: B, to: A })).toEqual([400, MSG_RANGE_ORDER]);
    expect(await refusal({ from: '2030-01-01', to: '2030-04-03' })).toEqual([400, MSG_REPORT_SPAN]);
    expect(await refusal({ from: '2030-02-30', to: B })).toEqual([400, MSG_REPORT_DAY]);
    expect(await refusal({ to: B })).toEqual([400, MSG_REPORT_DAY]);
    expect((await finance.get('/api/reports/summary', { from: '2030-01-01', to: '2030-04-02' })).status).toBe(
      200,
    );
  });

  it('is refused to 客服 and 运营', async () => {
    for (const role of ['support', 'content'] as const) {
      const agent = await c.signIn(role);
      expect((await agent.get('/api/reports/summary', { from: A, to: B })).status).toBe(403);
    }
    expect(BEIJING_OFFSET_MS).toBe(8 * 3600_000);
  });
});

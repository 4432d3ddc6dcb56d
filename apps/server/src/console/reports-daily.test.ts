import { formatCents } from '@app/contract/codecs';
import type {
  ReportActivityRow,
  ReportDaily,
  ReportDailyRow,
  ReportOperatorRow,
  ReportSummary,
} from '@app/contract/console-reports';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDate, dayStartOf, DAY_MS } from '../core/clock';
import { users } from '../db/schema/accounts';
import { ledgerEntries, withdrawals } from '../db/schema/money';
import { wallets } from '../db/schema/wallets';
import { lotteryTestApp, t } from '../modules/lottery/test-support';
import { dataOf } from '../../test/helpers';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../test/console-helpers';
import { A, B, bankDeposit, BONUS_ACTIVITY, twoDays, type Member } from './reports-test-support';

/* 日报 against the ledger: the two days of reports-test-support, then the member's second and third
 * deposits on day B; every figure of each day and of the range rebuilt here from ledger_entries (each
 * entry with its wallet's member and venue), bucketed by Beijing day in JavaScript. */

lotteryTestApp();

let c: TestConsole;
let finance: ConsoleAgent;
let day1: ConsoleAgent;
let m: Member;
beforeAll(async () => {
  c = await buildTestConsole(t);
  finance = await c.signIn('finance');
  day1 = finance;
  ({ m, second: finance } = await twoDays(c, finance));
  await bankDeposit(m.token, 600); // the member's second deposit (the first was on day A)
  await bankDeposit(m.token, 700); // a third: neither first nor second
}, 120_000);
afterAll(async () => {
  await c.close();
});

const get = async <T>(path: string, from: string, to: string) =>
  dataOf<T>(await finance.get(`/api/reports/${path}`, { from, to }));

interface Entry {
  txId: string;
  reason: string;
  account: string | null;
  cents: bigint;
  at: number;
  userId: number | null;
  venue: string | null;
  trial: number | null;
}

/** Every ledger entry up to the end of day B, with its wallet's member, venue and trial flag. */
async function allEntries(): Promise<Entry[]> {
  return t.db
    .select({
      txId: ledgerEntries.txId,
      reason: ledgerEntries.reason,
      account: ledgerEntries.account,
      cents: ledgerEntries.amountCents,
      at: sql<number>`(extract(epoch from ${ledgerEntries.createdAt}) * 1000)::float8`.mapWith(Number),
      userId: wallets.userId,
      venue: wallets.venue,
      trial: users.isTrial,
    })
    .from(ledgerEntries)
    .leftJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .leftJoin(users, eq(users.id, wallets.userId))
    .where(lt(ledgerEntries.createdAt, new Date(dayStartOf(B) + DAY_MS)));
}

/** The nth deposit (1, 2) of every member, over all time, as its entry. */
function nthDeposits(entries: Entry[], n: number): Entry[] {
  const byMember = new Map<number, Entry[]>();
  for (const e of entries.filter((x) => x.reason === 'deposit' && x.userId !== null)) {
    byMember.set(e.userId ?? 0, [...(byMember.get(e.userId ?? 0) ?? []), e]);
  }
  return [...byMember.values()].flatMap((list) => list.sort((a, b) => a.at - b.at).slice(n - 1, n));
}

/** The money figures of the entries whose time `inDay` keeps; liability at `end` (ms). */
function expected(all: Entry[], inDay: (at: number) => boolean, end: number) {
  const day = all.filter((e) => inDay(e.at));
  const wallet = (reason: string, positive: boolean) =>
    day
      .filter((e) => e.reason === reason && e.userId !== null && e.cents > 0n === positive)
      .reduce((s, e) => s + (e.cents < 0n ? -e.cents : e.cents), 0n);
  const moves = (reason: string) => new Set(day.filter((e) => e.reason === reason).map((e) => e.txId)).size;
  // A cancelled round's refund takes its stake back.
  const stakes = wallet('game_round', false) + wallet('lottery_stake', false) - wallet('lottery_stake', true);
  const payouts = wallet('game_round', true) + wallet('lottery_win', true);
  const [bonuses, rebates, redPackets] = ['activity_bonus', 'rebate', 'red_packet'].map((r) =>
    wallet(r, true),
  );
  const ggr = stakes - payouts;
  const held = (central: boolean) =>
    all
      .filter((e) => e.at < end && e.userId !== null && e.trial === 0 && (e.venue === 'central') === central)
      .reduce((s, e) => s + e.cents, 0n);
  const nth = (n: number) => nthDeposits(all, n).filter((e) => inDay(e.at));
  const f = formatCents;
  return {
    first_deposit_count: nth(1).length,
    first_deposit_amount: f(nth(1).reduce((s, e) => s + e.cents, 0n)),
    second_deposit_count: nth(2).length,
    second_deposit_amount: f(nth(2).reduce((s, e) => s + e.cents, 0n)),
    deposits: f(wallet('deposit', true)),
    deposit_count: moves('deposit'),
    withdrawals: f(
      day
        .filter((e) => e.reason === 'withdrawal_paid' && e.account === 'withdrawals_paid')
        .reduce((s, e) => s + e.cents, 0n),
    ),
    withdrawal_count: moves('withdrawal_paid'),
    adjust_in: f(wallet('adjustment', true)),
    adjust_out: f(wallet('adjustment', false)),
    stakes: f(stakes),
    payouts: f(payouts),
    ggr: f(ggr),
    bonuses: f(bonuses ?? 0n),
    rebates: f(rebates ?? 0n),
    red_packets: f(redPackets ?? 0n),
    ngr: f(ggr - (bonuses ?? 0n) - (rebates ?? 0n) - (redPackets ?? 0n)),
    liability_central: f(held(true)),
    liability_venues: f(held(false)),
    liability: f(held(true) + held(false)),
  };
}

describe('consoleReportDaily', () => {
  it('rebuilds every figure of every day and of the range from the ledger', async () => {
    const r = await get<ReportDaily>('daily', A, B);
    const all = await allEntries();
    const endA = dayStartOf(B);
    const endB = dayStartOf(B) + DAY_MS;
    expect(r.days.map((d) => d.day)).toEqual([A, B]);
    expect(r.days[0]).toMatchObject(expected(all, (at) => beijingDate(at) === A, endA));
    expect(r.days[1]).toMatchObject(expected(all, (at) => beijingDate(at) === B, endB));
    expect(r.totals).toMatchObject(expected(all, (at) => at >= dayStartOf(A) && at < endB, endB));
    expect(r.ngr_deductions).toEqual(['活动彩金', '返水', '红包']);
    // No figure passes by being zero on both sides: the member's 500.00 (A) and 600.00 (B) deposits are
    // a first and a second; the alipay member's 300.00 a first; the 700.00 neither.
    const [a, b] = r.days as [ReportDailyRow, ReportDailyRow];
    expect([a.first_deposit_amount, a.second_deposit_count]).toEqual(['800.00', 0]);
    expect([b.first_deposit_count, b.second_deposit_amount]).toEqual([0, '600.00']);
    for (const v of [
      r.totals.stakes,
      r.totals.payouts,
      r.totals.bonuses,
      r.totals.rebates,
      r.totals.red_packets,
    ]) {
      expect(BigInt(v.replace('.', ''))).toBeGreaterThan(0n);
    }
    expect(BigInt(a.liability_venues.replace('.', ''))).toBeGreaterThan(0n);
  });

  it("the range's liability is today's balances, and the counts are the summary's", async () => {
    const r = await get<ReportDaily>('daily', A, B);
    const [held] = await t.db
      .select({ cents: sql<string>`coalesce(sum(${wallets.balanceCents}), 0)::text` })
      .from(wallets)
      .innerJoin(users, eq(users.id, wallets.userId))
      .where(eq(users.isTrial, 0));
    expect(r.totals.liability).toBe(formatCents(BigInt(held?.cents ?? '0')));
    const s = await get<ReportSummary>('summary', A, B);
    const counts = (d: ReportDailyRow) => [d.registrations, d.active_members];
    expect(r.days.map(counts)).toEqual(s.members.days.map((d) => [d.new_members, d.active_members]));
    expect(counts(r.totals)).toEqual([s.members.totals.new_members, s.members.totals.active_members]);
    const joined = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isTrial, 0), gte(users.createdAt, new Date(dayStartOf(A)))));
    expect(r.totals.registrations).toBe(joined.length);
    // A day before any activity: the opening position, nothing moved.
    const before = await get<ReportDaily>('daily', '2030-01-10', '2030-01-10');
    expect(before.totals).toMatchObject({ deposits: '0.00', ggr: '0.00', ngr: '0.00', registrations: 0 });
  });
});

describe('consoleReportOperators and consoleReportActivities', () => {
  it("counts each operator's reviews and adjustments, and the command line's", async () => {
    const { operators } = await get<{ operators: ReportOperatorRow[] }>('operators', A, B);
    const row = (name: string) => operators.find((o) => o.operator === name);
    expect(row(day1.name)).toMatchObject({
      role: '财务',
      deposits_approved: 1,
      deposits_approved_amount: '300.00',
      adjustments: 2,
      adjust_in: '18.00',
      adjust_out: '0.00',
    });
    expect(row(finance.name)).toMatchObject({
      withdrawals_approved: 1,
      withdrawals_approved_amount: '200.00',
      withdrawals_rejected: 1,
      withdrawals_rejected_amount: '150.00',
      adjustments: 1,
      adjust_out: '2.00',
    });
    const cli = operators.filter((o) => o.role === '');
    expect(cli.reduce((s, o) => s + o.deposits_approved, 0)).toBe(3);
    expect(cli.reduce((s, o) => s + o.applications_reviewed, 0)).toBe(1);
    const [held] = await t.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(withdrawals)
      .where(sql`${withdrawals.riskBy} <> ''`);
    expect(operators.reduce((s, o) => s + o.risk_reviewed, 0)).toBe(held?.n);
    const one = await get<{ operators: ReportOperatorRow[] }>('operators', B, B);
    expect(one.operators.find((o) => o.operator === day1.name)).toMatchObject({
      adjustments: 1,
      deposits_approved: 0,
    });
  });

  it("gives each activity's applications and the bonuses the ledger paid", async () => {
    const { activities } = await get<{ activities: ReportActivityRow[] }>('activities', A, B);
    const s = await get<ReportSummary>('summary', A, B);
    expect(activities).toEqual([
      expect.objectContaining({
        title: BONUS_ACTIVITY,
        applications: 1,
        approved: 1,
        rejected: 0,
        paid_count: 1,
        paid_amount: s.promotions.totals.bonuses,
        members_paid: 1,
      }),
    ]);
    expect((await get<{ activities: ReportActivityRow[] }>('activities', B, B)).activities).toEqual([]);
  });
});

import { formatCents } from '@app/contract/codecs';
import { depositMethodLabel, WITHDRAWAL_KIND_LABELS } from '@app/contract/console-money';
import type { ReportGameRow, ReportMethodRow, ReportSummary } from '@app/contract/console-reports';
import { dayStartOf, DAY_MS } from '../core/clock';
import type { Db } from '../db/client';
import {
  depositsByMethod,
  ledgerByDay,
  lotteryGames,
  membersByDay,
  REPORT_LEDGER,
  venueGames,
  withdrawalsByMethod,
  type GameMoneyRow,
  type LedgerDayRow,
  type MethodRow,
  type Span,
} from './reports-queries';

/* The report: every section per Beijing day of the range (days without activity as zeros) and its
 * totals, money in cents until the reply formats it. */

type Figure = keyof typeof REPORT_LEDGER;

/** One day's (or the range's) ledger figures: each figure's positive and negative sums and movements. */
export class Tally {
  private readonly sums = new Map<string, { cents: bigint; n: number }>();

  add(r: LedgerDayRow) {
    const figure = (Object.keys(REPORT_LEDGER) as Figure[]).find(
      (f) => REPORT_LEDGER[f].reason === r.reason && REPORT_LEDGER[f].account === r.account,
    );
    if (!figure) return;
    const key = `${figure}:${r.positive ? '+' : '-'}`;
    const had = this.sums.get(key) ?? { cents: 0n, n: 0 };
    this.sums.set(key, { cents: had.cents + BigInt(r.cents), n: had.n + r.n });
  }

  /** The sum of a figure's entries of one sign, as a positive amount. */
  cents(f: Figure, sign: '+' | '-'): bigint {
    const c = this.sums.get(`${f}:${sign}`)?.cents ?? 0n;
    return c < 0n ? -c : c;
  }

  count(f: Figure, sign: '+' | '-'): number {
    return this.sums.get(`${f}:${sign}`)?.n ?? 0;
  }
}

const yuan = formatCents;

/** Lottery stakes less the refunds of cancelled rounds (撤销期号): a refunded stake was never at play. */
export const lotteryStaked = (t: Tally) => t.cents('lotteryStakes', '+') - t.cents('lotteryStakes', '-');

function moneyRow(day: string, t: Tally) {
  return {
    day,
    deposits: yuan(t.cents('deposits', '-')),
    deposit_count: t.count('deposits', '-'),
    withdrawals: yuan(t.cents('withdrawals', '+')),
    withdrawal_count: t.count('withdrawals', '+'),
    // The adjustments account gives what an operator credits (its negative side) and takes back.
    adjust_in: yuan(t.cents('adjustments', '-')),
    adjust_out: yuan(t.cents('adjustments', '+')),
  };
}

function gamesRow(day: string, t: Tally) {
  const stakes = t.cents('venueGames', '+') + lotteryStaked(t);
  const payouts = t.cents('venueGames', '-') + t.cents('lotteryWins', '-');
  return {
    day,
    venue_stake: yuan(t.cents('venueGames', '+')),
    venue_payout: yuan(t.cents('venueGames', '-')),
    lottery_stake: yuan(lotteryStaked(t)),
    lottery_payout: yuan(t.cents('lotteryWins', '-')),
    house: yuan(stakes - payouts),
  };
}

function promoRow(day: string, t: Tally) {
  const paid = (['rebates', 'redPackets', 'bonuses'] as const).map((f) => t.cents(f, '-'));
  return {
    day,
    rebates: yuan(t.cents('rebates', '-')),
    rebate_count: t.count('rebates', '-'),
    red_packets: yuan(t.cents('redPackets', '-')),
    red_packet_count: t.count('redPackets', '-'),
    bonuses: yuan(t.cents('bonuses', '-')),
    bonus_count: t.count('bonuses', '-'),
    total: yuan(paid.reduce((a, b) => a + b, 0n)),
  };
}

export const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

function methodRows(found: MethodRow[], label: (r: MethodRow) => string): ReportMethodRow[] {
  return found.map((r) => ({ method: label(r), count: Number(r.n), amount: yuan(BigInt(r.cents)) }));
}

function gameRows(found: GameMoneyRow[]): ReportGameRow[] {
  return found.map((r) => ({
    code: r.code,
    name: r.name,
    bets: Number(r.bets),
    stake: yuan(BigInt(r.stake)),
    payout: yuan(BigInt(r.payout)),
    house: yuan(BigInt(r.stake) - BigInt(r.payout)),
  }));
}

/** The instants of Beijing days `from`…`to` (the end excluded), and their day numbers. */
export function rangeOf(from: string, to: string): { span: Span; days: number[] } {
  const span: Span = { start: new Date(dayStartOf(from)), end: new Date(dayStartOf(to) + DAY_MS) };
  const first = Math.round(Date.parse(`${from}T00:00:00Z`) / DAY_MS);
  const last = Math.round(Date.parse(`${to}T00:00:00Z`) / DAY_MS);
  return { span, days: Array.from({ length: last - first + 1 }, (_, i) => first + i) };
}

/** The ledger figures of each day (days without any absent) and of the whole range. */
export function tallies(ledger: LedgerDayRow[]): { perDay: Map<number, Tally>; all: Tally } {
  const perDay = new Map<number, Tally>();
  const all = new Tally();
  for (const r of ledger) {
    if (!perDay.has(r.day)) perDay.set(r.day, new Tally());
    perDay.get(r.day)?.add(r);
    all.add(r);
  }
  return { perDay, all };
}

/** The report over Beijing days `from`…`to` (checked by the contract: from ≤ to, ≤ 92 days). */
export async function reportSummary(db: Db, from: string, to: string): Promise<ReportSummary> {
  const { span, days } = rangeOf(from, to);
  const [ledger, depositMethods, withdrawalMethods, venues, lotteries, members] = await Promise.all([
    ledgerByDay(db, span),
    depositsByMethod(db, span),
    withdrawalsByMethod(db, span),
    venueGames(db, span),
    lotteryGames(db, span),
    membersByDay(db, span),
  ]);
  const { perDay, all } = tallies(ledger);
  const memberDay = new Map(members.map((m) => [m.day, m]));
  const section = <R>(row: (day: string, t: Tally) => R) => ({
    days: days.map((d) => row(dayText(d), perDay.get(d) ?? new Tally())),
    totals: row('', all),
  });
  const membersRow = (day: string, m: { joined: number; active: number } | undefined) => ({
    day,
    new_members: m?.joined ?? 0,
    active_members: m?.active ?? 0,
  });
  return {
    from,
    to,
    money: {
      ...section(moneyRow),
      deposit_methods: methodRows(depositMethods, (r) => depositMethodLabel(r.key, r.protocol)),
      withdrawal_methods: methodRows(withdrawalMethods, (r) => WITHDRAWAL_KIND_LABELS[r.key] ?? r.key),
    },
    games: { ...section(gamesRow), venues: gameRows(venues), lotteries: gameRows(lotteries) },
    promotions: section(promoRow),
    members: {
      days: days.map((d) => membersRow(dayText(d), memberDay.get(d))),
      totals: membersRow('', memberDay.get(null)),
    },
  };
}

import { formatCents } from '@app/contract/codecs';
import { NGR_DEDUCTIONS, type ReportDaily, type ReportDailyRow } from '@app/contract/console-reports';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { CENTRAL_VENUE } from '../db/schema/wallets';
import { dayOf, ledgerByDay, membersByDay, REPORT_LEDGER, rows, within, type Span } from './reports-queries';
import { dayText, lotteryStaked, rangeOf, tallies, Tally } from './reports-summary';

/* 日报: the summary's ledger figures (reports-queries) per Beijing day, with first and second deposits,
 * GGR and NGR, and the members' balances at each day's end summed from the ledger's entries. */

interface OrdinalRow {
  day: number;
  /** 1: the member's first deposit ever, 2: the second. */
  n: number;
  count: number;
  cents: string;
}

/**
 * Each member's first and second deposits that fall in the range: the member wallet's deposit
 * entries numbered over all time (up to the range's end), only members who deposited in the range.
 */
async function depositOrdinals(db: Db, s: Span): Promise<OrdinalRow[]> {
  const { reason } = REPORT_LEDGER.deposits;
  const found = await rows<OrdinalRow>(
    db,
    sql`with numbered as (
      select e.amount_cents, e.created_at,
        row_number() over (partition by w.user_id order by e.created_at, e.id) as n
      from ledger_entries e join wallets w on w.id = e.wallet_id
      where e.reason = ${reason} and e.created_at < ${s.end.toISOString()}::timestamptz
        and w.user_id in (
          select w2.user_id from ledger_entries e2 join wallets w2 on w2.id = e2.wallet_id
          where e2.reason = ${reason} and ${within(sql`e2.created_at`, s)}
        )
    )
    select ${dayOf(sql`created_at`)} as day, n::int as n, count(*)::int as count,
      sum(amount_cents)::text as cents
    from numbered where n <= 2 and created_at >= ${s.start.toISOString()}::timestamptz
    group by 1, 2`,
  );
  return found.map((r) => ({ ...r, day: Number(r.day), n: Number(r.n), count: Number(r.count) }));
}

interface PositionRow {
  /** The Beijing day of the entries; null for every entry before the range. */
  day: number | null;
  central: boolean;
  cents: string;
}

/** Members' wallet entries (not the trial account's) summed before the range and per day within it. */
async function walletPositions(db: Db, s: Span): Promise<PositionRow[]> {
  const start = s.start.toISOString();
  const found = await rows<PositionRow>(
    db,
    sql`select case when e.created_at < ${start}::timestamptz then null else ${dayOf(sql`e.created_at`)} end
        as day,
      w.venue = ${CENTRAL_VENUE} as central, sum(e.amount_cents)::text as cents
    from ledger_entries e join wallets w on w.id = e.wallet_id join users u on u.id = w.user_id
    where u.is_trial = 0 and e.created_at < ${s.end.toISOString()}::timestamptz
    group by 1, 2`,
  );
  return found.map((r) => ({
    ...r,
    day: r.day === null ? null : Number(r.day),
    central: Boolean(r.central),
  }));
}

/** The running position at the end of each day of `days`: central and venue wallets, in cents. */
function liabilities(found: PositionRow[], days: number[]): Map<number, { central: bigint; venues: bigint }> {
  let central = 0n;
  let venues = 0n;
  const add = (r: PositionRow) => {
    if (r.central) central += BigInt(r.cents);
    else venues += BigInt(r.cents);
  };
  found.filter((r) => r.day === null).forEach(add);
  const out = new Map<number, { central: bigint; venues: bigint }>();
  for (const d of days) {
    found.filter((r) => r.day === d).forEach(add);
    out.set(d, { central, venues });
  }
  return out;
}

interface DayFacts {
  t: Tally;
  registrations: number;
  active: number;
  first: { count: number; cents: bigint };
  second: { count: number; cents: bigint };
  liability: { central: bigint; venues: bigint };
}

function dailyRow(day: string, f: DayFacts): ReportDailyRow {
  const { t } = f;
  const stakes = t.cents('venueGames', '+') + lotteryStaked(t);
  const payouts = t.cents('venueGames', '-') + t.cents('lotteryWins', '-');
  const deductions = {
    bonuses: t.cents('bonuses', '-'),
    rebates: t.cents('rebates', '-'),
    red_packets: t.cents('redPackets', '-'),
  };
  const ggr = stakes - payouts;
  const ngr = NGR_DEDUCTIONS.reduce((n, d) => n - deductions[d.field], ggr);
  return {
    day,
    registrations: f.registrations,
    first_deposit_count: f.first.count,
    first_deposit_amount: formatCents(f.first.cents),
    second_deposit_count: f.second.count,
    second_deposit_amount: formatCents(f.second.cents),
    active_members: f.active,
    deposits: formatCents(t.cents('deposits', '-')),
    deposit_count: t.count('deposits', '-'),
    withdrawals: formatCents(t.cents('withdrawals', '+')),
    withdrawal_count: t.count('withdrawals', '+'),
    adjust_in: formatCents(t.cents('adjustments', '-')),
    adjust_out: formatCents(t.cents('adjustments', '+')),
    stakes: formatCents(stakes),
    payouts: formatCents(payouts),
    ggr: formatCents(ggr),
    bonuses: formatCents(deductions.bonuses),
    rebates: formatCents(deductions.rebates),
    red_packets: formatCents(deductions.red_packets),
    ngr: formatCents(ngr),
    liability_central: formatCents(f.liability.central),
    liability_venues: formatCents(f.liability.venues),
    liability: formatCents(f.liability.central + f.liability.venues),
  };
}

/** 日报 over Beijing days `from`…`to` (checked by the contract: from ≤ to, ≤ 92 days). */
export async function reportDaily(db: Db, from: string, to: string): Promise<ReportDaily> {
  const { span, days } = rangeOf(from, to);
  const [ledger, members, ordinals, positions] = await Promise.all([
    ledgerByDay(db, span),
    membersByDay(db, span),
    depositOrdinals(db, span),
    walletPositions(db, span),
  ]);
  const { perDay, all } = tallies(ledger);
  const memberDay = new Map(members.map((m) => [m.day, m]));
  const held = liabilities(positions, days);
  const ordinal = (day: number | null, n: number) => {
    const hits = ordinals.filter((o) => o.n === n && (day === null || o.day === day));
    return {
      count: hits.reduce((s, o) => s + o.count, 0),
      cents: hits.reduce((s, o) => s + BigInt(o.cents), 0n),
    };
  };
  const facts = (day: number | null, t: Tally, end: number): DayFacts => ({
    t,
    registrations: memberDay.get(day)?.joined ?? 0,
    active: memberDay.get(day)?.active ?? 0,
    first: ordinal(day, 1),
    second: ordinal(day, 2),
    liability: held.get(end) ?? { central: 0n, venues: 0n },
  });
  const last = days[days.length - 1] ?? 0;
  return {
    from,
    to,
    days: days.map((d) => dailyRow(dayText(d), facts(d, perDay.get(d) ?? new Tally(), d))),
    totals: dailyRow('', facts(null, all, last)),
    ngr_deductions: NGR_DEDUCTIONS.map((d) => d.label),
  };
}

import { BEIJING_OFFSET_MS } from '@app/contract/codecs';
import { sql, type SQL } from 'drizzle-orm';
import { DAY_MS } from '../core/clock';
import type { Db } from '../db/client';
import { LOTTERY_WIN_REFERENCE } from '../modules/lottery/settle';
import { SYSTEM } from '../modules/wallet/ledger';

/*
 * The report's SQL. Money comes from the ledger, where it moved: each figure is the entries of one
 * reason on one system account (the side every movement of that reason has, so a figure is never
 * counted twice). Domain tables only name what the ledger points at (a deposit's method, a game
 * session's venue, a lottery order's lottery) and give counts that are not money (order lines,
 * members). Beijing has no daylight saving: a day is a fixed 24 h from 00:00 UTC+8.
 */

/** Which ledger entries each money figure is: reason and the system account of its side. */
export const REPORT_LEDGER = {
  deposits: { reason: 'deposit', account: SYSTEM.deposits },
  withdrawals: { reason: 'withdrawal_paid', account: SYSTEM.withdrawalsPaid },
  adjustments: { reason: 'adjustment', account: SYSTEM.adjustments },
  venueGames: { reason: 'game_round', account: SYSTEM.gameHouse },
  lotteryStakes: { reason: 'lottery_stake', account: SYSTEM.lotteryStakes },
  lotteryWins: { reason: 'lottery_win', account: SYSTEM.lotteryStakes },
  rebates: { reason: 'rebate', account: SYSTEM.bonuses },
  redPackets: { reason: 'red_packet', account: SYSTEM.bonuses },
  bonuses: { reason: 'activity_bonus', account: SYSTEM.bonuses },
} as const;

export interface Span {
  start: Date;
  end: Date;
}

/** The Beijing day number (days since 1970-01-01 Beijing) of a timestamp column. */
export const dayOf = (column: SQL) =>
  sql`floor((extract(epoch from ${column}) * 1000 + ${BEIJING_OFFSET_MS}) / ${DAY_MS})::int`;

export const within = (column: SQL, s: Span) =>
  sql`${column} >= ${s.start.toISOString()}::timestamptz and ${column} < ${s.end.toISOString()}::timestamptz`;

/** Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface LedgerDayRow {
  day: number;
  reason: string;
  account: string;
  /** Whether these are the account's positive entries. */
  positive: boolean;
  cents: string;
  /** Movements (distinct tx_id). */
  n: number;
}

/** Every report figure's entries summed per Beijing day, reason, account and sign. */
export async function ledgerByDay(db: Db, s: Span): Promise<LedgerDayRow[]> {
  const pairs = Object.values(REPORT_LEDGER).map((p) => sql`(${p.reason}, ${p.account})`);
  const found = await rows<LedgerDayRow>(
    db,
    sql`select ${dayOf(sql`created_at`)} as day, reason, account, amount_cents > 0 as positive,
      sum(amount_cents)::text as cents, count(distinct tx_id)::int as n
    from ledger_entries
    where ${within(sql`created_at`, s)} and (reason, account) in (${sql.join(pairs, sql`, `)})
    group by 1, 2, 3, 4`,
  );
  return found.map((r) => ({ ...r, day: Number(r.day), n: Number(r.n), positive: Boolean(r.positive) }));
}

export interface MethodRow {
  key: string;
  protocol: string;
  cents: string;
  n: number;
}

/** Approved deposits by method: the deposits account's entries and the deposit they credit. */
export async function depositsByMethod(db: Db, s: Span): Promise<MethodRow[]> {
  const { reason, account } = REPORT_LEDGER.deposits;
  return rows<MethodRow>(
    db,
    sql`select d.pay_type as key, d.protocol as protocol, (-sum(e.amount_cents))::text as cents,
      count(*)::int as n
    from ledger_entries e join deposits d on d.deposit_no = e.reference
    where ${within(sql`e.created_at`, s)} and e.reason = ${reason} and e.account = ${account}
    group by 1, 2 order by 1, 2`,
  );
}

/** Paid withdrawals by kind: the paid account's entries and the withdrawal they pay. */
export async function withdrawalsByMethod(db: Db, s: Span): Promise<MethodRow[]> {
  const { reason, account } = REPORT_LEDGER.withdrawals;
  return rows<MethodRow>(
    db,
    sql`select w.kind as key, '' as protocol, sum(e.amount_cents)::text as cents, count(*)::int as n
    from ledger_entries e join withdrawals w on w.order_no = e.reference
    where ${within(sql`e.created_at`, s)} and e.reason = ${reason} and e.account = ${account}
    group by 1 order by 1`,
  );
}

export interface GameMoneyRow {
  code: string;
  name: string;
  stake: string;
  payout: string;
  bets: number;
}

/** Venue games by venue: the game house's entries (stake in, payout out) and their game session. */
export async function venueGames(db: Db, s: Span): Promise<GameMoneyRow[]> {
  const { reason, account } = REPORT_LEDGER.venueGames;
  return rows<GameMoneyRow>(
    db,
    sql`select g.platform as code,
      coalesce((select p.name from game_platforms p where p.platform_name = g.platform
        order by (p.game_code = '') desc, p.id limit 1), g.platform) as name,
      coalesce(sum(e.amount_cents) filter (where e.amount_cents > 0), 0)::text as stake,
      coalesce(-sum(e.amount_cents) filter (where e.amount_cents < 0), 0)::text as payout,
      count(distinct e.tx_id)::int as bets
    from ledger_entries e join game_sessions g on e.reference = 'game_session:' || g.id
    where ${within(sql`e.created_at`, s)} and e.reason = ${reason} and e.account = ${account}
    group by g.platform order by g.platform`,
  );
}

/**
 * Lotteries: stakes (their reference names the lottery), wins (a member's batch of a round names the
 * lottery, `lottery_win:<code>:…`; wins paid before batches named one order line, `lottery_order:<id>`),
 * order lines (a cancelled round's are no bets; its refunds net its stakes out).
 */
export async function lotteryGames(db: Db, s: Span): Promise<GameMoneyRow[]> {
  const stake = REPORT_LEDGER.lotteryStakes;
  const win = REPORT_LEDGER.lotteryWins;
  return rows<GameMoneyRow>(
    db,
    sql`select l.code as code, l.title as name, coalesce(x.stake, 0)::text as stake,
      coalesce(x.payout, 0)::text as payout, coalesce(b.n, 0)::int as bets
    from lotteries l
    left join (
      select code, sum(stake) as stake, sum(payout) as payout from (
        select split_part(e.reference, ':', 2) as code, e.amount_cents as stake, 0 as payout
        from ledger_entries e
        where ${within(sql`e.created_at`, s)} and e.reason = ${stake.reason} and e.account = ${stake.account}
        union all
        select split_part(e.reference, ':', 2), 0, -e.amount_cents
        from ledger_entries e
        where ${within(sql`e.created_at`, s)} and e.reason = ${win.reason} and e.account = ${win.account}
          and e.reference like ${`${LOTTERY_WIN_REFERENCE}%`}
        union all
        select lt.code, 0, -e.amount_cents
        from ledger_entries e
          join lottery_orders o on e.reference = 'lottery_order:' || o.id
          join lottery_rounds r on r.id = o.round_id
          join lotteries lt on lt.id = r.lottery_id
        where ${within(sql`e.created_at`, s)} and e.reason = ${win.reason} and e.account = ${win.account}
          and e.reference like 'lottery_order:%'
      ) m group by code
    ) x on x.code = l.code
    left join (
      select rm.lottery_id, count(*) as n from lottery_orders o join lottery_rooms rm on rm.id = o.room_id
      where ${within(sql`o.created_at`, s)} and o.state <> 'cancelled' group by rm.lottery_id
    ) b on b.lottery_id = l.id
    where x.code is not null or b.n is not null
    order by l.sort, l.id`,
  );
}

export interface MemberDayRow {
  day: number | null;
  joined: number;
  active: number;
}

/**
 * Members (not the trial account) per day: joined, and active = signed in, bet a venue game or a
 * lottery line. The row with day null counts the whole range, each member once.
 */
export async function membersByDay(db: Db, s: Span): Promise<MemberDayRow[]> {
  const found = await rows<MemberDayRow>(
    db,
    sql`with act as (
      select user_id, at as t from member_logins where ${within(sql`at`, s)}
      union all select user_id, created_at from valid_bets where ${within(sql`created_at`, s)}
      union all select user_id, created_at from lottery_orders where ${within(sql`created_at`, s)}
    ), days as (
      select ${dayOf(sql`a.t`)} as day, a.user_id from act a join users u on u.id = a.user_id
      where u.is_trial = 0
    ), joined as (
      select ${dayOf(sql`created_at`)} as day, id from users
      where is_trial = 0 and ${within(sql`created_at`, s)}
    )
    select day, sum(j)::int as joined, sum(a)::int as active from (
      select day, count(*) as j, 0 as a from joined group by day
      union all select day, 0, count(distinct user_id) from days group by day
      union all select null, (select count(*) from joined), (select count(distinct user_id) from days)
    ) x group by day`,
  );
  return found.map((r) => ({
    day: r.day === null ? null : Number(r.day),
    joined: Number(r.joined),
    active: Number(r.active),
  }));
}

import { rebateCategoryOf, type TurnoverSource, type TurnoverWeights } from '@app/contract/turnover';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { validBets } from '../../db/schema/money';
import { turnoverRequirements } from '../../db/schema/wallets';

/**
 * Turnover (打码量) is what a member must bet before withdrawing (server-rules.md, Withdrawals): each
 * approved deposit (× WITHDRAW_FEE_MULTIPLIER), bonus, claimed rebate or red packet and operator credit
 * adds a requirement row; only valid bets pay them, the oldest open row first, each row counting its own
 * share of the bet's category (a bonus's weights); what one row does not need goes on to the next.
 * Rows add up, so no promotion's turnover is cleared by bets that already cleared another's. Bets made
 * while nothing is owed bank no credit for the next requirement; withdrawals change no row, so no order
 * of events can wipe what later money added.
 */

/** Turnover multiple of an approved deposit (`withdraw_fee`, spec §9 default 1). */
export const WITHDRAW_FEE_MULTIPLIER = 1;

export interface Requirement {
  source: TurnoverSource;
  cents: bigint;
  reference?: string;
  /** Share of each category's valid bets that counts (a bonus's rule); omitted: every category in full. */
  weights?: TurnoverWeights | null;
  /** What was multiplied and by how much (cents = base × multiple), shown to the member; omitted: cents × 1. */
  base?: bigint;
  multiple?: number;
}

/** Adds one requirement row for the member, in the caller's transaction (0 or less: nothing). */
export async function addRequirement(db: Db | Tx, userId: number, r: Requirement): Promise<void> {
  if (r.cents <= 0n) return;
  await db.insert(turnoverRequirements).values({
    userId,
    source: r.source,
    reference: r.reference ?? '',
    requiredCents: r.cents,
    weights: r.weights ?? null,
    baseCents: r.base ?? r.cents,
    multiple: r.multiple ?? 1,
    createdAt: new Date(now()),
  });
}

/**
 * Pays the member's open rows with one valid bet, in ONE statement: the open rows are locked in id
 * order; each row with a share w > 0 of the bet's category needs ⌈need × 100 / w⌉ of the bet, taken in
 * id order from what the rows before it left; it is credited ⌊taken × w / 100⌋, at most its need.
 */
async function payDown(db: Db | Tx, userId: number, category: string, validCents: bigint): Promise<void> {
  if (validCents <= 0n) return;
  const at = new Date(now()).toISOString();
  await db.execute(sql`
    with open as (
      select id, required_cents - done_cents as need,
             coalesce((weights ->> ${category})::int, 100) as w
        from turnover_requirements
       where user_id = ${userId} and done_cents < required_cents
       order by id
         for update
    ), priced as (
      select id, need, w, case when w > 0 then (need * 100 + w - 1) / w else 0 end as raw_need
        from open
    ), placed as (
      select id, need, w, raw_need,
             coalesce(sum(raw_need) over (order by id rows between unbounded preceding and 1 preceding), 0)
               as before
        from priced
    ), credit as (
      select id, need,
             least(need, (greatest(0, least(raw_need, ${validCents}::bigint - before)) * w) / 100) as paid
        from placed
       where w > 0 and before < ${validCents}::bigint
    )
    update turnover_requirements t
       set done_cents = t.done_cents + c.paid,
           met_at = case when c.paid >= c.need then ${at}::timestamptz else t.met_at end
      from credit c
     where t.id = c.id and c.paid > 0`);
}

/** valid_bets.reference of a member's settled lottery round: this prefix and the round id. */
export const LOTTERY_ROUND_REFERENCE = 'lottery_round:';
export const lotteryRoundReference = (roundId: bigint) => `${LOTTERY_ROUND_REFERENCE}${roundId}`;

export interface ValidBet {
  platform: string;
  /** Rebate category: realperson, sport, e_sport, joker, electron, lottery (or the hall's codes). */
  category: string;
  stakeCents: bigint;
  /** The money at risk (lottery-risk.ts: the spread of the position's result, at most its stake). */
  validCents: bigint;
  payoutCents?: bigint;
  at?: Date;
  /** The bet this counts ('lottery_round:<id>'), so the bet record reads this very figure. */
  reference?: string;
}

/**
 * The one way a settled bet enters the books: the valid-bet record that rebates and VIP read, and the
 * turnover it pays down, in the caller's transaction.
 */
export async function recordValidBet(db: Db | Tx, userId: number, bet: ValidBet): Promise<void> {
  await db.insert(validBets).values({
    userId,
    platform: bet.platform,
    category: bet.category,
    stakeCents: bet.stakeCents,
    validCents: bet.validCents,
    payoutCents: bet.payoutCents ?? 0n,
    state: 'settled',
    reference: bet.reference ?? null,
    createdAt: bet.at ?? new Date(now()),
    recordedAt: new Date(now()),
  });
  await payDown(db, userId, rebateCategoryOf(bet.category) ?? bet.category, bet.validCents);
}

export interface OpenRequirement {
  id: bigint;
  source: TurnoverSource;
  reference: string;
  requiredCents: bigint;
  doneCents: bigint;
  weights: Record<string, number> | null;
  /** Null on rows older than migration 0023. */
  baseCents: bigint | null;
  multiple: number | null;
  createdAt: Date;
}

/** The member's open rows, oldest first (the order bets pay them in). */
export async function openRequirements(db: Db | Tx, userId: number): Promise<OpenRequirement[]> {
  const rows = await db
    .select()
    .from(turnoverRequirements)
    .where(
      and(
        eq(turnoverRequirements.userId, userId),
        lt(turnoverRequirements.doneCents, turnoverRequirements.requiredCents),
      ),
    )
    .orderBy(asc(turnoverRequirements.id));
  return rows.map((r) => ({
    id: r.id,
    source: r.source as TurnoverSource,
    reference: r.reference,
    requiredCents: r.requiredCents,
    doneCents: r.doneCents,
    weights: r.weights ?? null,
    baseCents: r.baseCents,
    multiple: r.multiple,
    createdAt: r.createdAt,
  }));
}

/** getBetAmount: `bet` done of the open requirements, `required` their total (0/0 when none is owed). */
export async function turnover(db: Db | Tx, userId: number): Promise<{ bet: bigint; required: bigint }> {
  const [row] = rowsOf<{ bet: string | null; required: string | null }>(
    await db.execute(sql`
      select sum(done_cents)::text as bet, sum(required_cents)::text as required
        from turnover_requirements
       where user_id = ${userId} and done_cents < required_cents`),
  );
  return { bet: BigInt(row?.bet ?? '0'), required: BigInt(row?.required ?? '0') };
}

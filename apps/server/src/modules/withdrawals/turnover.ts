import { eq, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { validBets } from '../../db/schema/money';

/**
 * Turnover (打码量) is a running requirement (server-rules.md, Withdrawals): approved deposits,
 * claimed rebates, red packets, bonuses and demo balances add to `turnover_required_cents`; only
 * valid bets pay it down, through `turnover_done_cents`, never below 0; once met both return to 0, so
 * bets made while nothing is owed bank no credit for the next deposit. Approving or rejecting a
 * withdrawal touches neither, so no order of events can wipe what later money added.
 */

/** Turnover multiple of an approved deposit (`withdraw_fee`, spec §9 default 1). */
export const WITHDRAW_FEE_MULTIPLIER = 1;

/** Adds to the member's requirement (deposit × multiple, a rebate, a bonus…), in the caller's transaction. */
export async function addTurnover(db: Db | Tx, userId: number, cents: bigint): Promise<void> {
  if (cents <= 0n) return;
  await db
    .update(users)
    .set({ turnoverRequiredCents: sql`${users.turnoverRequiredCents} + ${cents}` })
    .where(eq(users.id, userId));
}

/** Pays the requirement down by a valid bet; met ⇒ both counters back to 0 (one atomic UPDATE). */
async function payDown(db: Db | Tx, userId: number, validCents: bigint): Promise<void> {
  if (validCents <= 0n) return;
  // SET expressions read the row as it was, so both columns see the same old values.
  const met = sql`${users.turnoverDoneCents} + ${validCents} >= ${users.turnoverRequiredCents}`;
  await db
    .update(users)
    .set({
      turnoverDoneCents: sql`case when ${met} then 0 else ${users.turnoverDoneCents} + ${validCents} end`,
      turnoverRequiredCents: sql`case when ${met} then 0 else ${users.turnoverRequiredCents} end`,
    })
    .where(eq(users.id, userId));
}

/** valid_bets.reference of a member's settled lottery round: this prefix and the round id. */
export const LOTTERY_ROUND_REFERENCE = 'lottery_round:';
export const lotteryRoundReference = (roundId: bigint) => `${LOTTERY_ROUND_REFERENCE}${roundId}`;

export interface ValidBet {
  platform: string;
  /** Rebate category: realperson, sport, e_sport, joker, electron, lottery (or the hall's codes). */
  category: string;
  stakeCents: bigint;
  /** The money at risk (stake minus the least the member gets back over every outcome). */
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
  });
  await payDown(db, userId, bet.validCents);
}

/** getBetAmount: `bet` done of the current requirement, `required` the requirement (0/0 when none is owed). */
export async function turnover(db: Db | Tx, userId: number): Promise<{ bet: bigint; required: bigint }> {
  const [u] = await db
    .select({ required: users.turnoverRequiredCents, done: users.turnoverDoneCents })
    .from(users)
    .where(eq(users.id, userId));
  return { bet: u?.done ?? 0n, required: u?.required ?? 0n };
}

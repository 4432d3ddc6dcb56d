import { sql } from 'drizzle-orm';
import { addDays, beijingDate, DAY_MS, dayStartOf, now } from '../../core/clock';
import { rowsOf, type Db, type Tx } from '../../db/client';

/* Relief (救援金): a share of what a member lost on bets over a Beijing weekend, counted from the valid-bet
 * records every bet source writes (stake − payout), so the figure is the server's, not the member's. */

export interface Weekend {
  /** Its Saturday, Beijing YYYY-MM-DD: the application's period (one paid relief per weekend). */
  saturday: string;
  start: number;
  end: number;
}

/** The weekend whose Saturday is `saturday`. */
export function weekendOf(saturday: string): Weekend {
  const start = dayStartOf(saturday);
  return { saturday, start, end: start + 2 * DAY_MS };
}

/** The last Beijing weekend that has ended by `at` (on a Saturday or Sunday: the one before). */
export function lastWeekend(at: number = now()): Weekend {
  const today = beijingDate(at);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const back = weekday === 6 ? 7 : weekday === 0 ? 8 : weekday + 1;
  return weekendOf(addDays(today, -back));
}

/** Stakes less payouts of the member's settled bets in [start, end) (negative: the member won). */
export async function netLoss(db: Db | Tx, userId: number, w: Weekend): Promise<bigint> {
  const [row] = rowsOf<{ loss: string | null }>(
    await db.execute(sql`
      select sum(stake_cents - payout_cents)::text as loss
        from valid_bets
       where user_id = ${userId} and state = 'settled'
         and created_at >= ${new Date(w.start).toISOString()}::timestamptz
         and created_at < ${new Date(w.end).toISOString()}::timestamptz`),
  );
  return BigInt(row?.loss ?? '0');
}

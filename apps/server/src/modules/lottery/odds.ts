/* Odds an operator set for a play of one lottery (lottery_play_odds), over the play's default of
 * lottery-rules. The room's plays, the order check and the console read them here. */
import type { LotteryType } from '@app/contract/enums';
import {
  oddsAllowed,
  oddsHundredths,
  resolveLine,
  type PlayDef,
  type PlayboxPlay,
} from '@app/contract/lottery-rules';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { lotteryPlayOdds } from '../../db/schema/lottery';

/** Play id → odds × 100 set for this lottery. */
export type OddsOverrides = ReadonlyMap<number, number>;

export async function oddsOverrides(db: Db | Tx, lotteryId: number): Promise<OddsOverrides> {
  const rows = await db
    .select({ playId: lotteryPlayOdds.playId, odds: lotteryPlayOdds.oddsHundredths })
    .from(lotteryPlayOdds)
    .where(eq(lotteryPlayOdds.lotteryId, lotteryId));
  return new Map(rows.map((r) => [r.playId, r.odds]));
}

/**
 * The odds (× 100) in force for a play: the lottery's own when set and within the house edge (a row
 * edited by hand past it is ignored), else the play's default.
 */
export function currentOdds(type: LotteryType, play: PlayDef, overrides: OddsOverrides): number {
  const own = overrides.get(play.id);
  if (own !== undefined && oddsAllowed(type, play, own)) return own;
  return oddsHundredths(play.odds);
}

/** The playbox with the lottery's odds: a 特码 number (id 1000 + n) carries the number play's. */
export function withOdds<G extends { childrens: PlayboxPlay[] }>(
  type: LotteryType,
  groups: G[],
  overrides: OddsOverrides,
): G[] {
  if (overrides.size === 0) return groups;
  return groups.map((g) => ({
    ...g,
    childrens: g.childrens.map((p) => {
      const line = resolveLine(type, p.id, []) ?? resolveLine(type, p.id, [1]);
      return line ? { ...p, odds: currentOdds(type, line.play, overrides) / 100 } : p;
    }),
  }));
}

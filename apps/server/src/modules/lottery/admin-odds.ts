/* 赔率设置: the odds of every play of a lottery, and an operator's change, refused above the house edge. */
import { formatDateTime } from '@app/contract/codecs';
import {
  maxOddsHundredths,
  MSG_LOTTERY_UNKNOWN,
  MSG_ODDS_MIN,
  MSG_PLAY_UNKNOWN,
  oddsTooHighMessage,
  playReturnHundredths,
  formatPercent,
  type LotteryOddsRow,
} from '@app/contract/console-lottery';
import type { LotteryType } from '@app/contract/enums';
import {
  findPlay,
  oddsAllowed,
  oddsHundredths,
  playGroupsOf,
  type PlayDef,
} from '@app/contract/lottery-rules';
import { and, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { lotteries, lotteryPlayOdds } from '../../db/schema/lottery';
import { currentOdds, oddsOverrides } from './odds';
import { lotteryType } from './service';

const odds = (hundredths: number) => (hundredths / 100).toFixed(2);

type OwnOdds = typeof lotteryPlayOdds.$inferSelect;

function oddsRow(type: LotteryType, group: string, play: PlayDef, own: OwnOdds | undefined): LotteryOddsRow {
  const inForce = currentOdds(type, play, new Map(own ? [[play.id, own.oddsHundredths]] : []));
  return {
    play_id: play.id,
    group,
    title: play.playtitle,
    default_odds: odds(oddsHundredths(play.odds)),
    odds: odds(inForce),
    custom: own !== undefined && inForce === own.oddsHundredths,
    return_percent: formatPercent(playReturnHundredths(type, play, inForce)),
    max_odds: odds(maxOddsHundredths(type, play)),
    updated_at: own ? formatDateTime(own.updatedAt.getTime()) : '',
    updated_by: own?.updatedBy ?? '',
  };
}

async function lotteryOf(db: Db, id: number) {
  const [l] = await db.select().from(lotteries).where(eq(lotteries.id, id));
  if (!l) throw new BusinessError(MSG_LOTTERY_UNKNOWN, 404);
  return l;
}

const ownOdds = (db: Db, lotteryId: number) =>
  db.select().from(lotteryPlayOdds).where(eq(lotteryPlayOdds.lotteryId, lotteryId));

export async function lotteryOddsList(db: Db, lotteryId: number) {
  const l = await lotteryOf(db, lotteryId);
  const type = lotteryType(l);
  const own = new Map((await ownOdds(db, l.id)).map((r) => [r.playId, r]));
  const plays = playGroupsOf(type).flatMap((g) =>
    g.childrens.map((p) => oddsRow(type, g.name, p, own.get(p.id))),
  );
  return { lottery_id: l.id, title: l.title, plays };
}

/**
 * Sets a play's odds for one lottery, refused when its average return would pass the house edge
 * (the same oddsAllowed the order check and settlement ask). The default's own value removes the
 * lottery's row. Orders keep the odds they were accepted at; the next order takes the new ones.
 */
export async function updateLotteryOdds(
  db: Db,
  actor: Actor,
  input: { lottery_id: number; play_id: number; odds: string },
) {
  const l = await lotteryOf(db, input.lottery_id);
  const type = lotteryType(l);
  const play = findPlay(type, input.play_id);
  const group = playGroupsOf(type).find((g) => g.childrens.some((p) => p.id === input.play_id));
  if (!play || !group) throw new BusinessError(MSG_PLAY_UNKNOWN);
  const wanted = Math.round(Number(input.odds) * 100);
  if (!(wanted > 100)) throw new BusinessError(MSG_ODDS_MIN);
  if (!oddsAllowed(type, play, wanted)) {
    throw new BusinessError(oddsTooHighMessage(playReturnHundredths(type, play, wanted)));
  }
  const before = odds(currentOdds(type, play, await oddsOverrides(db, l.id)));
  const key = and(eq(lotteryPlayOdds.lotteryId, l.id), eq(lotteryPlayOdds.playId, play.id));
  if (wanted === oddsHundredths(play.odds)) {
    await db.delete(lotteryPlayOdds).where(key);
  } else {
    const row = { oddsHundredths: wanted, updatedAt: new Date(now()), updatedBy: actor.name };
    await db
      .insert(lotteryPlayOdds)
      .values({ lotteryId: l.id, playId: play.id, ...row })
      .onConflictDoUpdate({ target: [lotteryPlayOdds.lotteryId, lotteryPlayOdds.playId], set: row });
  }
  const [own] = await db.select().from(lotteryPlayOdds).where(key);
  const reply = oddsRow(type, group.name, play, own);
  return {
    reply,
    before,
    target: `${l.id}:${play.id}`,
    label: `${l.title} ${group.name} ${play.playtitle}`,
  };
}

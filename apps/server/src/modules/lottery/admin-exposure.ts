/* 风险敞口: for every open round of a lottery, what the house would pay on each outcome given the
 * lines taken so far, by the settlement's own rule (linePayoutCents at the odds settlement pays). */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import { MSG_LOTTERY_UNKNOWN } from '@app/contract/console-lottery';
import type { ExposureRound } from '@app/contract/console-exposure';
import type { LotteryType } from '@app/contract/enums';
import { outcomeClasses, type OutcomeClass } from '@app/contract/lottery-outcomes';
import { linePayoutCents } from '@app/contract/lottery-risk';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import { rowsOf, type Db } from '../../db/client';
import { lotteries, lotteryRounds } from '../../db/schema/lottery';
import { lotteryType, type LotteryRound } from './service';
import { paidOdds } from './settle';

/** Alike open lines of a round (same play, pick, stake and odds): `n` of them. */
interface LineGroup {
  round_id: string;
  play_id: number;
  pick: number | null;
  stake: string;
  odds: number;
  n: number;
}

interface RoundTotals {
  round_id: string;
  lines: number;
  members: number;
  stake: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '和值 13' (type 2: the sum decides every play) or '特码 07' (type 1: the special ball does). */
function outcomeLabel(type: LotteryType, c: OutcomeClass): string {
  if (type === 2) return `和值 ${c.balls.reduce((s, b) => s + b, 0)}`;
  return `特码 ${pad(c.balls[6] ?? 0)}`;
}

/** One round's outcomes, worst result for the house first. */
function roundOutcomes(type: LotteryType, stake: bigint, groups: LineGroup[]) {
  const classes = outcomeClasses(type);
  const total = classes.reduce((s, c) => s + c.weight, 0);
  const rows = classes.map((c) => {
    let payout = 0n;
    for (const g of groups) {
      const line = {
        playId: g.play_id,
        pick: g.pick,
        stakeCents: BigInt(g.stake),
        oddsHundredths: paidOdds(type, g.play_id, g.odds),
      };
      payout += linePayoutCents(type, line, c.balls) * BigInt(g.n);
    }
    return { c, payout, result: stake - payout };
  });
  rows.sort((a, b) => (a.result < b.result ? -1 : a.result > b.result ? 1 : 0));
  return rows.map((r) => ({
    outcome: outcomeLabel(type, r.c),
    chance: `${((r.c.weight * 100) / total).toFixed(2)}%`,
    payout: formatCents(r.payout),
    result: formatCents(r.result),
  }));
}

/** The open (undrawn, not cancelled) rounds of a lottery, next draw first, with their exposure. */
export async function lotteryExposure(db: Db, lotteryId: number) {
  const all = await db.select().from(lotteries).orderBy(asc(lotteries.sort), asc(lotteries.id));
  const lottery = lotteryId === 0 ? all[0] : all.find((l) => l.id === lotteryId);
  if (!lottery) throw new BusinessError(MSG_LOTTERY_UNKNOWN, 404);
  const head = {
    lottery_id: lottery.id,
    title: lottery.title,
    lotteries: all.map((l) => ({ id: l.id, title: l.title, enabled: l.enabled === 1 })),
  };
  const type = lotteryType(lottery);
  const rounds: LotteryRound[] = await db
    .select()
    .from(lotteryRounds)
    .where(
      and(
        eq(lotteryRounds.lotteryId, lottery.id),
        isNull(lotteryRounds.drawnAt),
        isNull(lotteryRounds.cancelledAt),
      ),
    )
    .orderBy(asc(lotteryRounds.drawsAt));
  if (rounds.length === 0) return { ...head, items: [] };
  const ids = sql.join(
    rounds.map((r) => sql`${r.id}`),
    sql`, `,
  );
  const groups = rowsOf<LineGroup>(
    await db.execute(sql`
      select round_id::text as round_id, play_id, pick, stake_cents::text as stake,
             odds_hundredths as odds, count(*)::int as n
        from lottery_orders where round_id in (${ids}) and state = 'open'
       group by round_id, play_id, pick, stake_cents, odds_hundredths`),
  );
  const totals = rowsOf<RoundTotals>(
    await db.execute(sql`
      select round_id::text as round_id, count(*)::int as lines, count(distinct user_id)::int as members,
             coalesce(sum(stake_cents), 0)::text as stake
        from lottery_orders where round_id in (${ids}) and state = 'open' group by round_id`),
  );
  const items: ExposureRound[] = rounds.map((r) => {
    const id = r.id.toString();
    const t = totals.find((x) => x.round_id === id);
    const stake = BigInt(t?.stake ?? 0);
    const outcomes = roundOutcomes(
      type,
      stake,
      groups.filter((g) => g.round_id === id),
    );
    return {
      id,
      expect: r.expect,
      closes_at: formatDateTime(r.closesAt.getTime()),
      draws_at: formatDateTime(r.drawsAt.getTime()),
      stake: formatCents(stake),
      lines: Number(t?.lines ?? 0),
      members: Number(t?.members ?? 0),
      worst: outcomes[0]?.result ?? '0.00',
      outcomes,
    };
  });
  return { ...head, items };
}

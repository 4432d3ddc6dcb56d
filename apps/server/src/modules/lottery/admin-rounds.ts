/* 开奖记录: a lottery's rounds (the seed only once drawn) and a re-verification of any round. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  MSG_LOTTERY_UNKNOWN,
  MSG_ROUND_NOT_DRAWN,
  MSG_ROUND_UNKNOWN,
  type LotteryRoundRow,
} from '@app/contract/console-lottery';
import { deriveBalls, isSeed, seedHash } from '@app/contract/lottery-draw';
import { count, desc, eq, sql } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { lotteries, lotteryRounds } from '../../db/schema/lottery';
import { lotteryType } from './service';

const time = (d: Date | null) => (d ? formatDateTime(d.getTime()) : '');

export async function lotteryRoundsPage(
  db: Db,
  input: { lottery_id: number; page: number; pageSize: number },
) {
  const [l] = await db.select({ id: lotteries.id }).from(lotteries).where(eq(lotteries.id, input.lottery_id));
  if (!l) throw new BusinessError(MSG_LOTTERY_UNKNOWN, 404);
  const [total] = await db
    .select({ n: count() })
    .from(lotteryRounds)
    .where(eq(lotteryRounds.lotteryId, l.id));
  const rows = await roundsWithTotals(db, l.id, input.pageSize, (input.page - 1) * input.pageSize);
  const items: LotteryRoundRow[] = rows.map(({ round: r, orders, stake, payout }) => ({
    id: r.id.toString(),
    expect: r.expect,
    opens_at: time(r.opensAt),
    closes_at: time(r.closesAt),
    draws_at: time(r.drawsAt),
    hash: r.hash,
    seed: r.drawnAt ? r.seed : '',
    balls: r.balls ?? '',
    drawn_at: time(r.drawnAt),
    settled_at: time(r.settledAt),
    cancelled_at: time(r.cancelledAt),
    orders: Number(orders),
    stake: formatCents(BigInt(stake)),
    payout: formatCents(BigInt(payout)),
  }));
  return { total: Number(total?.n ?? 0), items };
}

/** Recomputes what members can check themselves: sha256(seed) = the published hash, and the balls. */
export async function verifyRound(db: Db, id: string) {
  const [row] = await db
    .select({ round: lotteryRounds, type: lotteries.type })
    .from(lotteryRounds)
    .innerJoin(lotteries, eq(lotteries.id, lotteryRounds.lotteryId))
    .where(eq(lotteryRounds.id, BigInt(id)));
  if (!row) throw new BusinessError(MSG_ROUND_UNKNOWN, 404);
  const r = row.round;
  if (!r.drawnAt) throw new BusinessError(MSG_ROUND_NOT_DRAWN);
  const problems: string[] = [];
  const valid = isSeed(r.seed);
  if (!valid) problems.push('种子格式无效（应为 64 位十六进制）');
  const computedHash = valid ? seedHash(r.seed) : '';
  if (valid && computedHash !== r.hash.toLowerCase()) problems.push('种子的 SHA-256 与公布的哈希不一致');
  const computedBalls = valid ? deriveBalls(lotteryType(row), r.seed, r.expect).join(',') : '';
  if (valid && computedBalls !== (r.balls ?? '')) {
    problems.push(`由种子算出的号码 ${computedBalls} 与开奖号码 ${r.balls ?? '（空）'} 不一致`);
  }
  return {
    ok: problems.length === 0,
    expect: r.expect,
    hash: r.hash,
    computed_hash: computedHash,
    balls: r.balls ?? '',
    computed_balls: computedBalls,
    problems,
  };
}

/* Operator views ---------------------------------------------------------------------------------- */

/**
 * A lottery's rounds, latest draw first (`limit` of them from `offset`), each with its order count and
 * stake and payout totals in cents (text); for `lottery:rounds` and the console's 开奖记录.
 */
export function roundsWithTotals(db: Db, lotteryId: number, limit: number, offset = 0) {
  return db
    .select({
      round: lotteryRounds,
      // Correlated on the outer lottery_rounds row, named in full (an interpolated column would render
      // unqualified and bind to the inner table).
      orders: sql<number>`(select count(*) from lottery_orders o where o.round_id = lottery_rounds.id)::int`,
      stake: sql<string>`(select coalesce(sum(o.stake_cents), 0) from lottery_orders o where o.round_id = lottery_rounds.id)::text`,
      payout: sql<string>`(select coalesce(sum(o.payout_cents), 0) from lottery_orders o where o.round_id = lottery_rounds.id)::text`,
    })
    .from(lotteryRounds)
    .where(eq(lotteryRounds.lotteryId, lotteryId))
    .orderBy(desc(lotteryRounds.drawsAt))
    .limit(limit)
    .offset(offset);
}

/** Recent rounds of a lottery for `lottery:rounds`: the seed only once drawn, with order totals. */
export async function roundsReport(db: Db, code: string, limit: number) {
  const [lottery] = await db.select().from(lotteries).where(eq(lotteries.code, code));
  if (!lottery) throw new BusinessError('彩种不存在', 404);
  const rows = await roundsWithTotals(db, lottery.id, limit);
  return {
    code: lottery.code,
    title: lottery.title,
    rounds: rows.map(({ round, orders, stake, payout }) => ({
      expect: round.expect,
      draws_at: formatDateTime(round.drawsAt.getTime()),
      hash: round.hash,
      seed: round.drawnAt ? round.seed : '',
      balls: round.balls ?? '',
      orders: Number(orders),
      stake: formatCents(BigInt(stake)),
      payout: formatCents(BigInt(payout)),
      settled: round.settledAt ? formatDateTime(round.settledAt.getTime()) : '',
    })),
  };
}

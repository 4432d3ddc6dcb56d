/* 开奖记录: a lottery's rounds (the seed only once drawn) and a re-verification of any round. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  MSG_LOTTERY_UNKNOWN,
  MSG_ROUND_NOT_DRAWN,
  MSG_ROUND_UNKNOWN,
  type LotteryRoundRow,
} from '@app/contract/console-lottery';
import { deriveBalls, isSeed, seedHash } from '@app/contract/lottery-draw';
import { count, eq } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { lotteries, lotteryRounds } from '../../db/schema/lottery';
import { lotteryType, roundsWithTotals } from './service';

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

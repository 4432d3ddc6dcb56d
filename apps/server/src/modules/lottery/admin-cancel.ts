/* 撤销期号: one operator asks (待复核, with a reason), a second approves; then, in the checker's
 * transaction, the round is marked cancelled (never drawn, settled now) and every open line gets its
 * stake back: per member one ledger movement reversing the stake's (lottery_stake, opposite legs). */
import type { ReviewTicket } from '@app/contract/console-approvals';
import { formatCents } from '@app/contract/codecs';
import { MSG_ROUND_UNKNOWN } from '@app/contract/console-lottery';
import { MSG_ROUND_ALREADY_CANCELLED, MSG_ROUND_DRAWN_NO_CANCEL } from '@app/contract/console-exposure';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Actor, AuditEntry } from '../../db/audit';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { lotteries, lotteryRounds } from '../../db/schema/lottery';
import { submitApproval, type Executor } from '../approvals/service';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';

/** The reference of a member's refund of a cancelled round (the code second, as stake references). */
export const LOTTERY_REFUND_REFERENCE = 'lottery_refund:';

interface Stakes {
  user_id: number;
  lines: number;
  stake: string;
}

/** The round with its lottery, the round row locked when `lock`; refused unless it may be cancelled. */
async function cancellable(db: Db | Tx, id: string, lock: boolean) {
  const query = db
    .select()
    .from(lotteryRounds)
    .where(eq(lotteryRounds.id, BigInt(id)));
  const [round] = lock ? await query.for('update') : await query;
  if (!round) throw new BusinessError(MSG_ROUND_UNKNOWN, 404);
  if (round.cancelledAt) throw new BusinessError(MSG_ROUND_ALREADY_CANCELLED);
  if (round.drawnAt) throw new BusinessError(MSG_ROUND_DRAWN_NO_CANCEL);
  const [lottery] = await db.select().from(lotteries).where(eq(lotteries.id, round.lotteryId));
  if (!lottery) throw new BusinessError(MSG_ROUND_UNKNOWN, 404);
  return { round, lottery };
}

/** The open lines' stake of each member of a round, in ascending user id (the wallets' lock order). */
async function openStakes(db: Db | Tx, roundId: bigint): Promise<Stakes[]> {
  return rowsOf<Stakes>(
    await db.execute(sql`
      select user_id, count(*)::int as lines, sum(stake_cents)::text as stake
        from lottery_orders where round_id = ${roundId} and state = 'open'
       group by user_id order by user_id`),
  );
}

const totalsOf = (stakes: Stakes[]) => ({
  members: stakes.length,
  lines: stakes.reduce((s, x) => s + Number(x.lines), 0),
  cents: stakes.reduce((s, x) => s + BigInt(x.stake), 0n),
});

/** Files the cancellation for a second operator, once it is known to apply now. */
export async function requestCancelRound(
  db: Db,
  maker: Actor,
  input: { id: string; reason: string },
  audit: (e: AuditEntry) => Promise<void>,
): Promise<ReviewTicket> {
  const { round, lottery } = await cancellable(db, input.id, false);
  const t = totalsOf(await openStakes(db, round.id));
  return submitApproval(
    db,
    maker,
    {
      kind: 'lottery.cancelRound',
      targetType: 'lotteryRound',
      targetId: input.id,
      payload: { id: input.id, reason: input.reason },
      summary: `撤销${lottery.title}第${round.expect}期（目前${t.members}人${t.lines}注，投注 ${formatCents(t.cents)} 元全部退回）`,
      reason: input.reason,
      cents: t.cents,
    },
    audit,
  );
}

/**
 * Cancels a round in the caller's transaction: the round row locked first (orders in flight hold it
 * shared and finish first; later ones see it cancelled; the draw's guarded update skips it), marked
 * cancelled and settled, each member's open stake refunded as one movement, the lines closed with
 * 'cancelled' with their stake as payout (no valid bet: nothing was at risk).
 */
export async function cancelRound(db: Db, id: string, by: string, atMs: number) {
  return db.transaction(async (tx) => {
    const { round, lottery } = await cancellable(tx, id, true);
    const at = new Date(atMs);
    await tx
      .update(lotteryRounds)
      .set({ cancelledAt: at, cancelledBy: by, settledAt: at })
      .where(and(eq(lotteryRounds.id, round.id), isNull(lotteryRounds.drawnAt)));
    const stakes = await openStakes(tx, round.id);
    for (const s of stakes) {
      const cents = BigInt(s.stake);
      await post(tx, {
        reason: 'lottery_stake',
        reference: `${LOTTERY_REFUND_REFERENCE}${lottery.code}:${round.expect}:${s.user_id}`,
        legs: [
          { wallet: await centralWalletId(tx, s.user_id), cents },
          { account: SYSTEM.lotteryStakes, cents: -cents },
        ],
      });
    }
    await tx.execute(sql`
      update lottery_orders set state = 'cancelled', payout_cents = stake_cents,
             settled_at = ${at.toISOString()}::timestamptz
       where round_id = ${round.id} and state = 'open'`);
    return { title: lottery.title, expect: round.expect, ...totalsOf(stakes) };
  });
}

/** Runs an approved 撤销期号: the cancellation, audited with both operators and the reason. */
export const cancelRoundExecutor: Executor = async ({ db, row, maker, checker, audit }, payload) => {
  const { id, reason } = payload as { id: string; reason: string };
  const r = await cancelRound(db, id, `${maker.name}（复核：${checker.name}）`, now());
  await audit({
    action: 'lotteryRound.cancel',
    targetType: 'lotteryRound',
    targetId: id,
    after: {
      lottery: r.title,
      expect: r.expect,
      reason,
      members: r.members,
      lines: r.lines,
      refunded: formatCents(r.cents),
      approval_id: row.id,
      maker_name: maker.name,
      checker_name: checker.name,
    },
  });
  return {
    result: `已撤销${r.title}第${r.expect}期，${r.members}人${r.lines}注共 ${formatCents(r.cents)} 元已退回`,
  };
};

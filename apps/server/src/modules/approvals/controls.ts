/* Risk controls (控制设置): the maker–checker thresholds, each operator's daily totals and the
 * withdrawal hold. One row, read by every door; changed only through an approved 待复核 item. */
import { formatCents } from '@app/contract/codecs';
import { and, eq, sql } from 'drizzle-orm';
import { beijingDate, nowDate } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { controlSettings, operatorDailyTotals } from '../../db/schema/approvals';

export interface Controls {
  adjustReviewAboveCents: bigint;
  bonusCapReviewAboveCents: bigint;
  dailyAdjustCents: bigint;
  dailyApproveCents: bigint;
  withdrawalHoldHours: number;
}

const DEFAULTS: Controls = {
  adjustReviewAboveCents: 500_000n,
  bonusCapReviewAboveCents: 1_000_000n,
  dailyAdjustCents: 20_000_000n,
  dailyApproveCents: 200_000_000n,
  withdrawalHoldHours: 24,
};

export async function getControls(db: Db): Promise<Controls> {
  const [row] = await db.select().from(controlSettings).where(eq(controlSettings.id, 1));
  if (!row) return DEFAULTS;
  return {
    adjustReviewAboveCents: row.adjustReviewAboveCents,
    bonusCapReviewAboveCents: row.bonusCapReviewAboveCents,
    dailyAdjustCents: row.dailyAdjustCents,
    dailyApproveCents: row.dailyApproveCents,
    withdrawalHoldHours: row.withdrawalHoldHours,
  };
}

export async function saveControls(db: Db, c: Controls): Promise<void> {
  await db
    .insert(controlSettings)
    .values({ id: 1, ...c, updatedAt: nowDate() })
    .onConflictDoUpdate({ target: controlSettings.id, set: { ...c, updatedAt: nowDate() } });
}

export type DailyKind = 'adjust' | 'approve';

const DAILY_LABEL: Record<DailyKind, string> = { adjust: '调整余额', approve: '审核通过' };

export const msgDailyTotal = (kind: DailyKind, used: bigint, cents: bigint, limit: bigint) =>
  `超过你今日的${DAILY_LABEL[kind]}额度：今日已用 ${formatCents(used)}，本次 ${formatCents(cents)}，` +
  `每日上限 ${formatCents(limit)}（由超级管理员在风控设置中调整）`;

/**
 * Adds `cents` to the operator's total of `kind` for today (Beijing), in the caller's transaction,
 * or refuses with 400 when it would pass the daily limit. One statement: two requests at once cannot
 * both pass the limit. The command line (no operator id) has no daily total: it is the machine's owner.
 */
export async function chargeDailyTotal(db: Db, actor: Actor, kind: DailyKind, cents: bigint): Promise<void> {
  if (actor.operatorId === null || cents <= 0n) return;
  const controls = await getControls(db);
  const limit = kind === 'adjust' ? controls.dailyAdjustCents : controls.dailyApproveCents;
  const day = beijingDate();
  await db
    .insert(operatorDailyTotals)
    .values({ operatorId: actor.operatorId, day, kind, cents: 0n })
    .onConflictDoNothing();
  const charged = await db
    .update(operatorDailyTotals)
    .set({ cents: sql`${operatorDailyTotals.cents} + ${cents}` })
    .where(
      and(
        eq(operatorDailyTotals.operatorId, actor.operatorId),
        eq(operatorDailyTotals.day, day),
        eq(operatorDailyTotals.kind, kind),
        sql`${operatorDailyTotals.cents} + ${cents} <= ${limit}`,
      ),
    )
    .returning({ cents: operatorDailyTotals.cents });
  if (charged.length > 0) return;
  const used = await dailyTotal(db, actor.operatorId, kind);
  throw new BusinessError(msgDailyTotal(kind, used, cents, limit));
}

/** What the operator has used of `kind` today (Beijing). */
export async function dailyTotal(db: Db, operatorId: number, kind: DailyKind): Promise<bigint> {
  const [row] = await db
    .select({ cents: operatorDailyTotals.cents })
    .from(operatorDailyTotals)
    .where(
      and(
        eq(operatorDailyTotals.operatorId, operatorId),
        eq(operatorDailyTotals.day, beijingDate()),
        eq(operatorDailyTotals.kind, kind),
      ),
    );
  return row?.cents ?? 0n;
}

/* 风控's part of a withdrawal: its score is stored when the member makes it (the queue shows 待风控),
 * 财务's approval re-assesses it under the row's lock and is refused while the score reaches the hold
 * score and 风控 has not cleared it, and 风控 clears it (or rejects it as 财务 would). */
import { formatDateTime } from '@app/contract/codecs';
import {
  MSG_RISK_NOT_WAITING,
  msgRiskWaiting,
  RISK_STATES,
  type WithdrawalRisk,
} from '@app/contract/console-risk';
import { REVIEW_STATES } from '@app/contract/enums';
import { eq } from 'drizzle-orm';
import { nowDate } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { withdrawals } from '../../db/schema/money';
import { assessWithdrawal, type Assessment } from './flags';

type Withdrawal = typeof withdrawals.$inferSelect;

/** Scores a new withdrawal and marks it 待风控 when the score reaches the hold score. */
export async function markWithdrawalRisk(db: Db, orderNo: string): Promise<void> {
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo));
  if (!w || w.state !== REVIEW_STATES.pending) return;
  const a = await assessWithdrawal(db, w);
  const riskState = a.score >= a.holdScore ? RISK_STATES.waiting : RISK_STATES.none;
  await db.update(withdrawals).set({ riskScore: a.score, riskState }).where(eq(withdrawals.id, w.id));
}

/** Refuses 财务's approval (400) while the withdrawal's live score reaches the hold score, uncleared. */
export async function assertRiskCleared(db: Db, w: Withdrawal): Promise<void> {
  if (w.riskState === RISK_STATES.cleared) return;
  const a = await assessWithdrawal(db, w);
  if (a.score >= a.holdScore) throw new BusinessError(msgRiskWaiting(a.score), 400);
}

/** 风控 lets a pending withdrawal go on to 财务; audited by the caller. */
export async function clearWithdrawalRisk(db: Db, id: number, actor: Actor, note: string) {
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (!w || w.state !== REVIEW_STATES.pending || w.riskState === RISK_STATES.cleared)
    throw new BusinessError(MSG_RISK_NOT_WAITING, 409);
  await db
    .update(withdrawals)
    .set({ riskState: RISK_STATES.cleared, riskBy: actor.name, riskAt: nowDate(), riskNote: note })
    .where(eq(withdrawals.id, id));
  return { before: { risk_state: w.riskState, risk_score: w.riskScore }, riskState: RISK_STATES.cleared };
}

/** The review's risk panel: the live assessment and 风控's decision. */
export function riskPanel(w: Withdrawal, a: Assessment): WithdrawalRisk {
  return {
    score: a.score,
    hold_score: a.holdScore,
    flags: a.flags,
    links: a.links,
    state: w.riskState,
    by: w.riskBy,
    at: w.riskAt ? formatDateTime(w.riskAt.getTime()) : '',
    note: w.riskNote,
  };
}

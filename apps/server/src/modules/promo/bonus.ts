import { formatCents, formatDateTime } from '@app/contract/codecs';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, asc, desc, eq, gte, isNotNull, type SQL } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import { pgErrorCode, UNIQUE_VIOLATION, type Db, type Tx } from '../../db/client';
import { deposits } from '../../db/schema/money';
import { activities, activityApplications } from '../../db/schema/promo';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { addRequirement } from '../wallet/turnover';

/* The bonus of an approved activity application: computed by the activity's rule (or named by the
 * operator), paid from the bonuses account to the member's central wallet, with the activity's own
 * turnover multiple added to the member's requirement, in the transaction that approves it. */

export const MSG_BONUS_NOT_APPLICABLE = '该活动无需申请，系统自动发放';
export const MSG_BONUS_ALREADY_PAID = '您已领取过该活动彩金，每位会员限领取一次';
export const MSG_BONUS_NO_DEPOSIT = '您暂无符合活动条件的存款，请先完成存款再申请';
export const MSG_BONUS_AMOUNT_REQUIRED = '没有符合活动规则的存款，请填写彩金金额';
export const MSG_APPLICATION_MISSING = '申请不存在';
export const MSG_BONUS_NO_DEPOSIT_OPS = '该会员暂无符合活动条件的存款，不能发放彩金';
export const msgBonusOverCap = (capCents: bigint) => `彩金不能超过该活动上限 ${formatCents(capCents)} 元`;
const MSG_OPS_ALREADY_PAID = '该会员已领取过该活动彩金';

export type BonusRule = Pick<
  typeof activities.$inferSelect,
  | 'bonusBasis'
  | 'bonusPercentBp'
  | 'bonusCapCents'
  | 'bonusMinDepositCents'
  | 'bonusPayType'
  | 'turnoverMultiple'
>;

/** percent of the deposit, rounded down to the cent, capped (cap 0: none). */
export function bonusOf(rule: BonusRule, depositCents: bigint): bigint {
  const raw = (depositCents * BigInt(rule.bonusPercentBp)) / 10_000n;
  return rule.bonusCapCents > 0n && raw > rule.bonusCapCents ? rule.bonusCapCents : raw;
}

/**
 * The deposit the rule counts: the member's first approved deposit (first_deposit; when it is below
 * the minimum, no later one takes its place) or the latest approved one of at least the minimum
 * (latest_deposit), of the rule's pay way when it names one. Null otherwise.
 */
export async function qualifyingDeposit(
  db: Db | Tx,
  userId: number,
  rule: BonusRule,
): Promise<{ id: number; amountCents: bigint } | null> {
  if (rule.bonusBasis !== 'first_deposit' && rule.bonusBasis !== 'latest_deposit') return null;
  const where: SQL[] = [eq(deposits.userId, userId), eq(deposits.state, REVIEW_STATES.approved)];
  if (rule.bonusPayType) where.push(eq(deposits.payType, rule.bonusPayType));
  const first = rule.bonusBasis === 'first_deposit';
  if (!first) where.push(gte(deposits.amountCents, rule.bonusMinDepositCents));
  const [d] = await db
    .select({ id: deposits.id, amountCents: deposits.amountCents })
    .from(deposits)
    .where(and(...where, isNotNull(deposits.reviewedAt)))
    .orderBy(
      first ? asc(deposits.reviewedAt) : desc(deposits.reviewedAt),
      first ? asc(deposits.id) : desc(deposits.id),
    )
    .limit(1);
  if (!d || d.amountCents < rule.bonusMinDepositCents) return null;
  return d;
}

async function alreadyPaid(db: Db | Tx, userId: number, activityId: number): Promise<boolean> {
  const [paid] = await db
    .select({ id: activityApplications.id })
    .from(activityApplications)
    .where(
      and(
        eq(activityApplications.userId, userId),
        eq(activityApplications.activityId, activityId),
        eq(activityApplications.state, REVIEW_STATES.approved),
        isNotNull(activityApplications.bonusCents),
      ),
    )
    .limit(1);
  return !!paid;
}

/**
 * What a member's application must meet (a hostile member applies before depositing, or again after
 * being paid): the activity takes applications, nothing was paid for it yet, and a deposit-based
 * rule has its deposit. After a rejection the member may apply again.
 */
export async function checkApplication(db: Db, userId: number, rule: BonusRule & { id: number }) {
  if (rule.bonusBasis === 'none') throw new BusinessError(MSG_BONUS_NOT_APPLICABLE);
  if (await alreadyPaid(db, userId, rule.id)) throw new BusinessError(MSG_BONUS_ALREADY_PAID);
  if (rule.bonusBasis === 'manual') return;
  if (!(await qualifyingDeposit(db, userId, rule))) throw new BusinessError(MSG_BONUS_NO_DEPOSIT);
}

export interface Approved {
  id: number;
  state: number;
  /** The bonus paid and the turnover it added, in cents. */
  bonusCents: bigint;
  turnoverCents: bigint;
  reviewedBy: string;
  reviewedAt: Date;
}

/**
 * The refusal for an item someone reviewed already, naming who and when: 该申请已由 caiwu01 于
 * 2026-11-25 10:31 通过 (rows reviewed before names were kept: 该申请已通过).
 */
export function reviewedRefusal(
  noun: string,
  row: { state: number; reviewedBy: string; reviewedAt: Date | null },
): string {
  const verb = row.state === REVIEW_STATES.approved ? '通过' : '拒绝';
  if (!row.reviewedBy || !row.reviewedAt)
    return row.state === REVIEW_STATES.approved ? `${noun}已通过` : `${noun}已被拒绝`;
  return `${noun}已由 ${row.reviewedBy} 于 ${formatDateTime(row.reviewedAt.getTime()).slice(0, 16)} ${verb}`;
}

/** The reason a guarded review found nothing pending: missing (404) or reviewed already (409, who and when). */
export async function notPending(db: Db | Tx, id: number): Promise<never> {
  const [found] = await db
    .select({
      state: activityApplications.state,
      reviewedBy: activityApplications.reviewedBy,
      reviewedAt: activityApplications.reviewedAt,
    })
    .from(activityApplications)
    .where(eq(activityApplications.id, id));
  if (!found) throw new BusinessError(MSG_APPLICATION_MISSING, 404);
  throw new BusinessError(reviewedRefusal('该申请', found), 409);
}

/** What the rule refuses an approval of `bonus` with: no application (own job), no deposit, over the cap. */
function ruleRefusal(rule: BonusRule, deposit: unknown, bonus: bigint): BusinessError | null {
  if (rule.bonusBasis === 'none') return new BusinessError(MSG_BONUS_NOT_APPLICABLE, 409);
  if (rule.bonusBasis !== 'manual' && !deposit) return new BusinessError(MSG_BONUS_NO_DEPOSIT_OPS, 409);
  if (bonus <= 0n) return new BusinessError(MSG_BONUS_AMOUNT_REQUIRED, 409);
  if (rule.bonusCapCents > 0n && bonus > rule.bonusCapCents) {
    return new BusinessError(msgBonusOverCap(rule.bonusCapCents));
  }
  return null;
}

/**
 * Approves a pending application and pays its bonus: `amountCents` when the operator names one (at
 * most the activity's cap), else the rule's figure (a 0 figure: MSG_BONUS_AMOUNT_REQUIRED). Refused
 * for an activity paid by its own job and for a deposit-based rule without its deposit. The state
 * change (guarded on pending, with the reviewer), the ledger movement and the turnover are one
 * transaction, so two approvals at once, or a retry, pay once: the second finds the application no
 * longer pending and is told who approved it.
 */
export async function approveApplication(
  db: Db,
  id: number,
  amountCents: bigint | null,
  actor: Actor,
): Promise<Approved> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ a: activityApplications, rule: activities })
        .from(activityApplications)
        .innerJoin(activities, eq(activities.id, activityApplications.activityId))
        .where(eq(activityApplications.id, id));
      if (!row || row.a.state !== REVIEW_STATES.pending) return notPending(tx, id);
      const deposit = await qualifyingDeposit(tx, row.a.userId, row.rule);
      const bonus = amountCents ?? (deposit ? bonusOf(row.rule, deposit.amountCents) : 0n);
      const refusal = ruleRefusal(row.rule, deposit, bonus);
      if (refusal) throw refusal;
      const reviewedAt = new Date(now());
      const [updated] = await tx
        .update(activityApplications)
        .set({
          state: REVIEW_STATES.approved,
          reviewedAt,
          reviewedBy: actor.name,
          bonusCents: bonus,
          depositId: deposit?.id ?? null,
        })
        .where(and(eq(activityApplications.id, id), eq(activityApplications.state, REVIEW_STATES.pending)))
        .returning({ id: activityApplications.id });
      if (!updated) return notPending(tx, id);
      await post(tx, {
        reason: 'activity_bonus',
        reference: `activity:${row.rule.id}#${id}`,
        legs: [
          { account: SYSTEM.bonuses, cents: -bonus },
          { wallet: await centralWalletId(tx, row.a.userId), cents: bonus },
        ],
      });
      const turnover = bonus * BigInt(row.rule.turnoverMultiple);
      await addRequirement(tx, row.a.userId, {
        source: 'activity_bonus',
        cents: turnover,
        reference: `activity:${row.rule.id}#${id}`,
      });
      return {
        id,
        state: REVIEW_STATES.approved,
        bonusCents: bonus,
        turnoverCents: turnover,
        reviewedBy: actor.name,
        reviewedAt,
      };
    });
  } catch (err) {
    // The last guard: another application of the member for this activity was paid meanwhile.
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new BusinessError(MSG_OPS_ALREADY_PAID, 409);
    throw err;
  }
}

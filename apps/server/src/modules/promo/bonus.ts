import { formatCents, formatDateTime } from '@app/contract/codecs';
import { REVIEW_STATES } from '@app/contract/enums';
import { MSG_NO_APPLICATION } from '@app/contract/promo';
import { weightsOf } from '@app/contract/turnover';
import { and, asc, desc, eq, gte, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import { pgErrorCode, UNIQUE_VIOLATION, type Db, type Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { deposits, withdrawals } from '../../db/schema/money';
import { activities, activityApplications } from '../../db/schema/promo';
import { chargeDailyTotal } from '../approvals/controls';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { addRequirement } from '../wallet/turnover';
import { guardPlay } from '../protection/guard';
import { claim, claimDeposit, depositUsed, identitiesOf, personAlreadyPaid, type Identity } from './claims';
import { chargeBudget, lockActivityForPaying, memberLimitReached, MSG_ACTIVITY_MEMBER_LIMIT } from './limits';
import { lastWeekend, netLoss, weekendOf } from './relief';
import { activityProblem, costsNow } from './value';

/* The bonus of an activity application: computed by the activity's rule (or named by the operator),
 * paid from the bonuses account to the member's central wallet, with a turnover requirement of the
 * rule's multiple and weights, in the transaction that approves it. What a hostile member tried
 * (review of 2026-11-27) is refused here, for every door: two bonuses on one deposit, a first-deposit
 * bonus for each account of one person, a bonus on a deposit already withdrawn, the trial account, a
 * relief on a loss the server did not see, and any rule worth more than 0 to a member. */

type Activity = typeof activities.$inferSelect;

export const MSG_BONUS_NOT_APPLICABLE = MSG_NO_APPLICATION;
export const MSG_BONUS_ALREADY_PAID = '您已领取过该活动彩金，每位会员限领取一次';
export const MSG_RELIEF_ALREADY_PAID = '您已领取过上周末的救援金，每个周末限领取一次';
export const MSG_BONUS_NO_DEPOSIT = '您暂无符合活动条件的存款，请先完成存款再申请';
export const MSG_BONUS_AMOUNT_REQUIRED = '没有符合活动规则的存款，请填写彩金金额';
export const MSG_APPLICATION_MISSING = '申请不存在';
export const MSG_BONUS_NO_DEPOSIT_OPS = '该会员暂无符合活动条件的存款，不能发放彩金';
export const MSG_TRIAL_NO_PROMO = '试玩账号不能申请活动';
export const MSG_RULE_SUSPENDED = '该活动规则调整中，暂不能申请';
export const msgBonusOverCap = (capCents: bigint) => `彩金不能超过该活动上限 ${formatCents(capCents)} 元`;
const MSG_OPS_ALREADY_PAID = '该会员已领取过该活动彩金';
export const msgOverRule = (cents: bigint) => `按活动规则该会员的彩金最多 ${formatCents(cents)} 元`;

/** A refusal in the member's words and in the operator's. */
interface Refusal {
  member: string;
  operator: string;
}
const REFUSALS = {
  depositUsed: {
    member: '该笔存款已参与其他优惠，每笔存款限参与一个优惠',
    operator: '该会员的这笔存款已领取过其他优惠彩金（每笔存款限一个优惠）',
  },
  withdrawn: {
    member: '该笔存款后已有提款，不能再申请彩金',
    operator: '该会员在这笔存款后已提款，彩金失效',
  },
  personPaid: {
    member: '您的手机号、银行卡、USDT 地址或真实姓名已领取过首存优惠，每人限领一次',
    operator: '该会员的手机号、银行卡、USDT 地址或真实姓名已被其他账户领取过首存优惠',
  },
  noDeposit: { member: MSG_BONUS_NO_DEPOSIT, operator: MSG_BONUS_NO_DEPOSIT_OPS },
} satisfies Record<string, Refusal>;
const lossTooSmall = (min: bigint): Refusal => ({
  member: `上周末投注净亏损未达到 ${formatCents(min)} 元，暂不能申请`,
  operator: `该会员该周末投注净亏损未达到 ${formatCents(min)} 元`,
});

/** percent of the deposit (or loss), rounded down to the cent, capped (cap 0: none). */
export function bonusOf(rule: Pick<Activity, 'bonusPercentBp' | 'bonusCapCents'>, baseCents: bigint): bigint {
  const raw = (baseCents * BigInt(rule.bonusPercentBp)) / 10_000n;
  return rule.bonusCapCents > 0n && raw > rule.bonusCapCents ? rule.bonusCapCents : raw;
}

const byDeposit = (rule: Activity) =>
  rule.bonusBasis === 'first_deposit' || rule.bonusBasis === 'latest_deposit';

/**
 * The deposit the rule counts: the member's first approved deposit (first_deposit; when it is below
 * the minimum, no later one takes its place) or the latest approved one of at least the minimum
 * (latest_deposit), of the rule's pay way when it names one. Null otherwise.
 */
export async function qualifyingDeposit(
  db: Db | Tx,
  userId: number,
  rule: Activity,
): Promise<{ id: number; amountCents: bigint; reviewedAt: Date | null } | null> {
  if (!byDeposit(rule)) return null;
  const where: SQL[] = [eq(deposits.userId, userId), eq(deposits.state, REVIEW_STATES.approved)];
  if (rule.bonusPayType) where.push(eq(deposits.payType, rule.bonusPayType));
  const first = rule.bonusBasis === 'first_deposit';
  if (!first) where.push(gte(deposits.amountCents, rule.bonusMinDepositCents));
  const [d] = await db
    .select({ id: deposits.id, amountCents: deposits.amountCents, reviewedAt: deposits.reviewedAt })
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

/** A withdrawal (in review or paid) submitted since the deposit was credited: the deposit left. */
async function withdrawnSince(db: Db | Tx, userId: number, since: Date | null): Promise<boolean> {
  if (!since) return false;
  const [w] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        inArray(withdrawals.state, [REVIEW_STATES.pending, REVIEW_STATES.approved]),
        gte(withdrawals.createdAt, since),
      ),
    )
    .limit(1);
  return !!w;
}

async function alreadyPaid(db: Db | Tx, userId: number, activityId: number, period: string) {
  const [paid] = await db
    .select({ id: activityApplications.id })
    .from(activityApplications)
    .where(
      and(
        eq(activityApplications.userId, userId),
        eq(activityApplications.activityId, activityId),
        eq(activityApplications.period, period),
        eq(activityApplications.state, REVIEW_STATES.approved),
        isNotNull(activityApplications.bonusCents),
      ),
    )
    .limit(1);
  return !!paid;
}

/** What the rule gives a member now: the base it counts and the bonus, or why it gives nothing. */
export type Eligibility =
  | {
      ok: true;
      /** '' once per member; a relief's weekend. */
      period: string;
      deposit: { id: number; amountCents: bigint } | null;
      /** The weekend's net loss of a relief, else null. */
      lossCents: bigint | null;
      /** The rule's figure (0 for a manual rule: the operator names it). */
      bonusCents: bigint;
      /** What a first-deposit bonus claims besides its deposit. */
      identities: Identity[];
    }
  | { ok: false; refusal: Refusal; status: number };

const no = (refusal: Refusal, status = 409): Eligibility => ({ ok: false, refusal, status });
const same = (message: string): Refusal => ({ member: message, operator: message });

/**
 * Everything a rule asks of a member, the same for an application, its approval and the console's
 * queue: the trial account is refused; the activity must take applications and not be worth more
 * than 0; once per member (or per weekend); a deposit-based rule needs its deposit, unused by another
 * bonus and not withdrawn since, and a first-deposit rule a person no other account got it for; a
 * relief needs the weekend's loss. `period` pins a pending relief to the weekend it was applied for.
 */
export async function eligibility(
  db: Db | Tx,
  userId: number,
  rule: Activity,
  period: string | null = null,
): Promise<Eligibility> {
  const [u] = await db.select({ trial: users.isTrial }).from(users).where(eq(users.id, userId));
  if (!u || u.trial === 1) return no(same(MSG_TRIAL_NO_PROMO), 403);
  if (rule.bonusBasis === 'none') return no(same(MSG_BONUS_NOT_APPLICABLE));
  const problem = activityProblem(rule, await costsNow(db));
  if (problem) return no({ member: MSG_RULE_SUSPENDED, operator: problem });
  const weekend = rule.bonusBasis === 'net_loss' ? (period ? weekendOf(period) : lastWeekend()) : null;
  const key = weekend?.saturday ?? '';
  if (await alreadyPaid(db, userId, rule.id, key)) {
    return no(
      weekend
        ? { member: MSG_RELIEF_ALREADY_PAID, operator: MSG_OPS_ALREADY_PAID }
        : {
            member: MSG_BONUS_ALREADY_PAID,
            operator: MSG_OPS_ALREADY_PAID,
          },
    );
  }
  if (await memberLimitReached(db, userId, rule)) return no(same(MSG_ACTIVITY_MEMBER_LIMIT));
  const base = { ok: true as const, period: key, deposit: null, lossCents: null, identities: [] };
  if (rule.bonusBasis === 'manual') return { ...base, bonusCents: 0n };
  if (weekend) {
    const loss = await netLoss(db, userId, weekend);
    if (loss <= 0n || loss < rule.bonusMinDepositCents) return no(lossTooSmall(rule.bonusMinDepositCents));
    return { ...base, lossCents: loss, bonusCents: bonusOf(rule, loss) };
  }
  const deposit = await qualifyingDeposit(db, userId, rule);
  if (!deposit) return no(REFUSALS.noDeposit);
  if (await depositUsed(db, deposit.id)) return no(REFUSALS.depositUsed);
  if (await withdrawnSince(db, userId, deposit.reviewedAt)) return no(REFUSALS.withdrawn);
  const identities = rule.bonusBasis === 'first_deposit' ? await identitiesOf(db, userId) : [];
  if (identities.length > 0 && (await personAlreadyPaid(db, userId))) return no(REFUSALS.personPaid);
  return {
    ...base,
    deposit: { id: deposit.id, amountCents: deposit.amountCents },
    identities,
    bonusCents: bonusOf(rule, deposit.amountCents),
  };
}

/** The turnover a bonus adds: its multiple of the bonus, or of the deposit and the bonus together. */
export function turnoverOf(
  rule: Activity,
  bonusCents: bigint,
  deposit: { amountCents: bigint } | null,
): bigint {
  return turnoverBaseOf(rule, bonusCents, deposit) * BigInt(rule.turnoverMultiple);
}

/** What the rule's multiple multiplies: the bonus, or the deposit and the bonus together. */
function turnoverBaseOf(rule: Activity, bonusCents: bigint, deposit: { amountCents: bigint } | null): bigint {
  return rule.turnoverBasis === 'deposit_bonus' && deposit ? deposit.amountCents + bonusCents : bonusCents;
}

/** The member's application may be filed: eligibility in the member's words, and its period. */
export async function checkApplication(db: Db, userId: number, rule: Activity): Promise<string> {
  const e = await eligibility(db, userId, rule);
  if (!e.ok) throw new BusinessError(e.refusal.member, e.status === 409 ? 400 : e.status);
  return e.period;
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

/** The bonus an approval pays: the one named (at most the cap, never above a rule's figure), else the rule's. */
function bonusToPay(rule: Activity, ruleCents: bigint, amountCents: bigint | null): bigint {
  const bonus = amountCents ?? ruleCents;
  if (bonus <= 0n) throw new BusinessError(MSG_BONUS_AMOUNT_REQUIRED, 409);
  if (rule.bonusCapCents > 0n && bonus > rule.bonusCapCents) {
    throw new BusinessError(msgBonusOverCap(rule.bonusCapCents));
  }
  // A rule-based bonus may be named lower (a partial refund of a complaint…), never above the rule.
  if (rule.bonusBasis !== 'manual' && bonus > ruleCents) throw new BusinessError(msgOverRule(ruleCents));
  return bonus;
}

/**
 * Approves a pending application and pays its bonus: `amountCents` when the operator names one (at
 * most the activity's cap), else the rule's figure (a 0 figure: MSG_BONUS_AMOUNT_REQUIRED). The rule's
 * eligibility is checked again inside the transaction; the state change (guarded on pending, with the
 * reviewer), the claims on the deposit and the person, the ledger movement and the turnover are one
 * transaction, so two approvals at once, or a retry, pay once: the second finds the application no
 * longer pending (and is told who approved it), or finds the deposit or the person claimed. Nothing is
 * paid to a member in a time-out or an exclusion (责任博彩: the reviewer is told).
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
        .where(eq(activityApplications.id, id))
        // Held to the end: a second approval at once then reads who approved, not this one's claim.
        .for('update', { of: activityApplications });
      if (!row || row.a.state !== REVIEW_STATES.pending) return notPending(tx, id);
      const { a } = row;
      // The activity's row, locked: its budget and per-member limit decide between approvals at once.
      const rule = await lockActivityForPaying(tx, a.activityId);
      const e = await eligibility(tx, a.userId, rule, rule.bonusBasis === 'net_loss' ? a.period : null);
      if (!e.ok) throw new BusinessError(e.refusal.operator, e.status);
      const bonus = bonusToPay(rule, e.bonusCents, amountCents);
      const reviewedAt = new Date(now());
      const [updated] = await tx
        .update(activityApplications)
        .set({
          state: REVIEW_STATES.approved,
          reviewedAt,
          reviewedBy: actor.name,
          bonusCents: bonus,
          depositId: e.deposit?.id ?? null,
          period: e.period,
        })
        .where(and(eq(activityApplications.id, id), eq(activityApplications.state, REVIEW_STATES.pending)))
        .returning({ id: activityApplications.id });
      if (!updated) return notPending(tx, id);
      // The operator's daily total of approvals (approvals/controls.ts): refused above it, rolled back.
      await chargeDailyTotal(tx, actor, 'approve', bonus);
      await chargeBudget(tx, rule.id, bonus);
      // The keys decide between approvals running at once (eligibility read before either committed).
      if (e.deposit && !(await claimDeposit(tx, a.userId, id, e.deposit.id))) {
        throw new BusinessError(REFUSALS.depositUsed.operator, 409);
      }
      if (!(await claim(tx, a.userId, id, e.identities))) {
        throw new BusinessError(REFUSALS.personPaid.operator, 409);
      }
      const reference = `activity:${rule.id}#${id}`;
      await post(tx, {
        reason: 'activity_bonus',
        reference,
        legs: [
          { account: SYSTEM.bonuses, cents: -bonus },
          { wallet: await centralWalletId(tx, a.userId), cents: bonus },
        ],
      });
      const turnover = turnoverOf(rule, bonus, e.deposit);
      await addRequirement(tx, a.userId, {
        source: 'activity_bonus',
        cents: turnover,
        base: turnoverBaseOf(rule, bonus, e.deposit),
        multiple: rule.turnoverMultiple,
        reference,
        weights: weightsOf(rule.turnoverWeights),
      });
      await guardPlay(tx, a.userId, { kinds: [], amount: bonus, audience: 'operator' });
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

import { activityTerms, type ActivityRule } from '@app/contract/activity-terms';
import { REBATE_CATEGORIES, type RebateCategory } from '@app/contract/enums';
import {
  bandValue,
  bonusValue,
  categoryCosts,
  bandName,
  HINT_BAND,
  valueProblem,
  type CategoryCosts,
  type PromoValue,
} from '@app/contract/promo-value';
import { weightsOf } from '@app/contract/turnover';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { activities, redPacketRules, vipLevels } from '../../db/schema/promo';
import { rateOf } from './rebates';

/* What each promotion is worth to a member who clears it on the cheapest play (contract promo-value.ts),
 * with the rebates the site pays today: every door that saves a rule, or pays one, asks here. */

type Activity = typeof activities.$inferSelect;
type Band = typeof redPacketRules.$inferSelect;

/** The highest rebate rate of each category over every VIP level (basis points). */
export function maxRebates(
  levels: readonly (typeof vipLevels.$inferSelect)[],
): Record<RebateCategory, number> {
  return Object.fromEntries(
    REBATE_CATEGORIES.map((c) => [c, levels.reduce((m, l) => Math.max(m, rateOf(l, c)), 0)]),
  ) as Record<RebateCategory, number>;
}

/** What a unit of valid bets of each category costs now: house edge less the best rebate. */
export async function costsNow(db: Db | Tx): Promise<CategoryCosts> {
  return categoryCosts(maxRebates(await db.select().from(vipLevels)));
}

/** The rule of a stored activity as the contract reads it. */
export function ruleOf(a: Activity): ActivityRule {
  return {
    basis: a.bonusBasis,
    percentBp: a.bonusPercentBp,
    capCents: a.bonusCapCents,
    minCents: a.bonusMinDepositCents,
    payType: a.bonusPayType,
    turnoverMultiple: a.turnoverMultiple,
    turnoverBasis: a.turnoverBasis,
    weights: weightsOf(a.turnoverWeights),
  };
}

export const activityValue = (a: Activity, costs: CategoryCosts): PromoValue | null =>
  bonusValue(ruleOf(a), costs);

export const termsOf = (a: Activity) => activityTerms(ruleOf(a));

export const bandValueOf = (
  b: Pick<Band, 'minDepositCents' | 'claims' | 'maxAmountCents'>,
  costs: CategoryCosts,
) =>
  bandValue(
    {
      minDepositCents: Number(b.minDepositCents),
      claims: b.claims,
      maxAmountCents: Number(b.maxAmountCents),
    },
    costs,
  );

export const activityProblem = (a: Activity, costs: CategoryCosts) =>
  valueProblem(`活动「${a.title}」`, activityValue(a, costs));

export const bandProblem = (b: Band, costs: CategoryCosts) =>
  valueProblem(bandName(Number(b.minDepositCents)), bandValueOf(b, costs), HINT_BAND);

/**
 * Every listed activity and red-packet band that would be worth more than 0 at `costs` (a change of
 * rebate rates is refused when it makes one so), as messages; [] when none.
 */
export async function promotionProblems(db: Db | Tx, costs: CategoryCosts, hint?: string): Promise<string[]> {
  const listed = await db
    .select()
    .from(activities)
    .where(sql`${activities.enabled} = 1`);
  const bands = await db.select().from(redPacketRules);
  return [
    ...listed.map((a) => valueProblem(`活动「${a.title}」`, activityValue(a, costs), hint)),
    ...bands.map((b) =>
      valueProblem(bandName(Number(b.minDepositCents)), bandValueOf(b, costs), hint ?? HINT_BAND),
    ),
  ].filter((p): p is string => p !== null);
}

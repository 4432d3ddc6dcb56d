import { asc } from 'drizzle-orm';
import { activities, activityTypes } from '../../src/db/schema/promo';
import { SEED_VIP_LEVELS } from '../../src/seed/promo';
import type { TestApp } from '../helpers';
import type { ConsoleSamples } from './types';

let seq = 0;

/** The first activity type's id. */
export async function firstActivityType(t: TestApp): Promise<number> {
  const [type] = await t.db
    .select({ id: activityTypes.id })
    .from(activityTypes)
    .orderBy(asc(activityTypes.id))
    .limit(1);
  if (!type) throw new Error('no activity type');
  return type.id;
}

/**
 * A valid activity form with a fresh title: a first-deposit bonus of 20 %, at most 500, 8 × (deposit +
 * bonus) of turnover with lottery counted at 50 % (worth −30.40 per 1,000 deposited at the seeded rebates).
 */
export async function activityForm(t: TestApp, title?: string) {
  seq += 1;
  return {
    title: title ?? `测试活动 ${process.pid}-${seq}`,
    type_id: await firstActivityType(t),
    banner: '/assets-seed/banner-1.svg',
    content: '<p>活动内容</p>',
    memo: '每位会员限一次',
    enabled: true,
    sort: 10,
    bonus_basis: 'first_deposit',
    bonus_percent: '20',
    bonus_cap: '500.00',
    bonus_min_deposit: '100',
    bonus_pay_type: '',
    turnover_multiple: 8,
    turnover_basis: 'deposit_bonus',
    turnover_weights: { realperson: 100, sport: 100, e_sport: 100, joker: 100, electron: 100, lottery: 50 },
  };
}

/** An activity in the database, made by hand (not through the console): no application, no bonus. */
export async function storedActivity(t: TestApp): Promise<number> {
  seq += 1;
  const [a] = await t.db
    .insert(activities)
    .values({
      title: `样例活动 ${process.pid}-${seq}`,
      typeId: await firstActivityType(t),
      banner: '/x.svg',
      bonusBasis: 'none',
    })
    .returning({ id: activities.id });
  if (!a) throw new Error('no activity');
  return a.id;
}

const pct = (bp: number) => (bp / 100).toFixed(2);

/** The seeded rates as the form sends them. */
export const seedRatesForm = () =>
  SEED_VIP_LEVELS.map((l) => ({
    level: l.level,
    realperson: pct(l.realperson),
    sport: pct(l.sport),
    e_sport: pct(l.eSport),
    joker: pct(l.joker),
    electron: pct(l.electron),
    lottery: pct(l.lottery),
  }));

/** The seeded thresholds as the form sends them. */
export const seedThresholdsForm = () =>
  SEED_VIP_LEVELS.map((l) => ({
    level: l.level,
    recharge: (Number(l.rechargeCents) / 100).toFixed(2),
    flow: (Number(l.flowCents) / 100).toFixed(2),
    keep_flow: (Number(l.keepFlowCents) / 100).toFixed(2),
  }));

/**
 * A valid request for each console call of this area (by call name), made fresh for every role the
 * role matrix tries (console-roles.test.ts): the call must succeed for the roles it names.
 */
export const SAMPLES: ConsoleSamples = {
  consolePromoActivities: async () => ({}),
  consoleCreateActivity: async (t) => activityForm(t),
  consoleUpdateActivity: async (t) => ({ id: await storedActivity(t), ...(await activityForm(t)) }),
  consoleEnableActivity: async (t) => ({ id: await storedActivity(t), enabled: false }),
  consolePromoVipLevels: async () => ({}),
  consoleUpdateRebateRates: async () => ({ levels: seedRatesForm() }),
  consoleUpdateVipLevels: async () => ({ levels: seedThresholdsForm() }),
};

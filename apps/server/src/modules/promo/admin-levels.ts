/* The ten VIP levels as the console edits them: rebate rates per category (basis points) and the
 * thresholds and retention (cents). The daily jobs read vip_levels when they run, so a change applies
 * from the next computation: rebates keep the rate stored with them, levels reached stay. */
import { formatCents } from '@app/contract/codecs';
import {
  msgRebateRateMax,
  MSG_VIP_LEVELS,
  percentText,
  vipThresholdProblem,
  type RebateRatesInput,
  type VipLevelRow,
  type VipLevelsInput,
} from '@app/contract/console-promo';
import { REBATE_CATEGORIES } from '@app/contract/enums';
import { REBATE_RATE_MAX_BP } from '@app/contract/promo-value';
import { asc, eq } from 'drizzle-orm';
import { HINT_REBATE } from '@app/contract/promo-value';
import { costsNow, promotionProblems } from './value';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { vipLevels } from '../../db/schema/promo';
import { rateOf } from './rebates';

type Level = typeof vipLevels.$inferSelect;

const rowOf = (l: Level): VipLevelRow => ({
  level: l.level,
  recharge: formatCents(l.rechargeCents),
  flow: formatCents(l.flowCents),
  keep_flow: formatCents(l.keepFlowCents),
  rates: Object.fromEntries(
    REBATE_CATEGORIES.map((c) => [c, percentText(rateOf(l, c))]),
  ) as VipLevelRow['rates'],
});

export async function vipLevelAdminList(db: Db) {
  const rows = await db.select().from(vipLevels).orderBy(asc(vipLevels.level));
  return { levels: rows.map(rowOf) };
}

/** The ten rows, locked for the rest of the transaction (two operators saving at once take turns). */
async function lockedLevels(db: Db): Promise<Level[]> {
  const rows = await db.select().from(vipLevels).orderBy(asc(vipLevels.level)).for('update');
  if (rows.length !== 10) throw new BusinessError(MSG_VIP_LEVELS, 409);
  return rows;
}

/** Per level, only what changed: { 3: { lottery: '0.45' } } before and after. */
function diff(before: VipLevelRow[], after: VipLevelRow[], pick: (r: VipLevelRow) => Record<string, string>) {
  const was: Record<number, Record<string, string>> = {};
  const now: Record<number, Record<string, string>> = {};
  after.forEach((row, i) => {
    const [b, a] = [pick(before[i] ?? row), pick(row)];
    const keys = Object.keys(a).filter((k) => a[k] !== b[k]);
    if (keys.length === 0) return;
    was[row.level] = Object.fromEntries(keys.map((k) => [k, b[k] ?? '']));
    now[row.level] = Object.fromEntries(keys.map((k) => [k, a[k] ?? '']));
  });
  return { before: was, after: now };
}

/** Sets every level's six rates (each below its category's maximum, checked here again). */
export async function updateRebateRates(db: Db, input: RebateRatesInput) {
  const before = (await lockedLevels(db)).map(rowOf);
  for (const l of input.levels) {
    for (const c of REBATE_CATEGORIES) {
      if (l[c] > REBATE_RATE_MAX_BP[c]) throw new BusinessError(msgRebateRateMax(c));
    }
    await db
      .update(vipLevels)
      .set({
        realperson: l.realperson,
        sport: l.sport,
        eSport: l.e_sport,
        joker: l.joker,
        electron: l.electron,
        lottery: l.lottery,
      })
      .where(eq(vipLevels.level, l.level));
  }
  // Rebates stack on every bet that clears a promotion: higher rates may make one worth more than 0.
  const problems = await promotionProblems(db, await costsNow(db), HINT_REBATE);
  if (problems.length > 0) throw new BusinessError(`返水比例调整后，${problems.join('；')}`);
  const after = (await vipLevelAdminList(db)).levels;
  return { levels: after, ...diff(before, after, (r) => r.rates) };
}

/** Sets every level's thresholds and retention (rising with the level, checked here again). */
export async function updateVipThresholds(db: Db, input: VipLevelsInput) {
  const problem = vipThresholdProblem(input.levels);
  if (problem) throw new BusinessError(problem);
  const before = (await lockedLevels(db)).map(rowOf);
  for (const l of input.levels) {
    await db
      .update(vipLevels)
      .set({
        rechargeCents: BigInt(l.recharge),
        flowCents: BigInt(l.flow),
        keepFlowCents: BigInt(l.keep_flow),
      })
      .where(eq(vipLevels.level, l.level));
  }
  const after = (await vipLevelAdminList(db)).levels;
  const pick = (r: VipLevelRow) => ({ recharge: r.recharge, flow: r.flow, keep_flow: r.keep_flow });
  return { levels: after, ...diff(before, after, pick) };
}

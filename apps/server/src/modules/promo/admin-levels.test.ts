import * as P from '@app/contract/console-promo';
import type { VipLevelRow } from '@app/contract/console-promo';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, beijingDate, dayStartOf, now } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/operators';
import { rebates, vipChanges } from '../../db/schema/promo';
import { computeRebates } from './rebates';
import { runVip } from './vip';
import { recordValidBet } from '../wallet/turnover';
import { buildTestApp, dataOf, type Reply, type TestApp } from '../../../test/helpers';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { approvedDeposit } from '../../../test/console-samples/applications';
import { seedRatesForm, seedThresholdsForm } from '../../../test/console-samples/promo';

let t: TestApp;
let c: TestConsole;
let content: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  content = await c.signIn('content');
}, 120_000);
afterAll(async () => {
  await c.close();
  await t.close();
});

type RatesForm = ReturnType<typeof seedRatesForm>;
type ThresholdsForm = ReturnType<typeof seedThresholdsForm>;
const levels = async () =>
  dataOf<{ levels: VipLevelRow[] }>(await content.get('/api/promo/vip-levels')).levels;
const saveRates = (rows: RatesForm) => content.post('/api/promo/rebate-rates', { levels: rows });
const saveThresholds = (rows: ThresholdsForm) => content.post('/api/promo/vip-levels', { levels: rows });
const refused = (r: Reply) => ({ status: r.status, message: r.body?.message });
const lastAudit = async (action: string) => {
  const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, action));
  return rows.at(-1);
};
/** The form with one level's fields changed. */
function withLevel<T extends { level: number }>(
  rows: T[],
  level: number,
  change: Partial<Record<keyof T, unknown>>,
) {
  return rows.map((r) => (r.level === level ? { ...r, ...change } : r)) as T[];
}

describe('VIP levels: the list', () => {
  it('shows ten levels with thresholds in yuan and rates in percent', async () => {
    const rows = await levels();
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual({
      level: 1,
      recharge: '0.00',
      flow: '0.00',
      keep_flow: '0.00',
      rates: {
        realperson: '0.40',
        sport: '0.40',
        e_sport: '0.40',
        joker: '0.50',
        electron: '0.50',
        lottery: '0.30',
      },
    });
    expect(rows[9]).toMatchObject({ level: 10, recharge: '5000000.00', rates: { electron: '1.40' } });
  });
});

describe('rebate rates', () => {
  it('saves them, audits only what changed, and refuses a rate at or above the house edge', async () => {
    const r = await saveRates(withLevel(seedRatesForm(), 3, { lottery: '0.45', sport: 0.5 }));
    expect(r.body?.message).toBe('返水比例已保存，从下一次计算返水起生效');
    expect(dataOf<{ levels: VipLevelRow[] }>(r).levels[2]?.rates).toMatchObject({
      lottery: '0.45',
      sport: '0.50',
    });
    const audit = await lastAudit('rebateRates.update');
    expect(audit).toMatchObject({ targetType: 'vipLevels', operatorName: content.name });
    expect(audit?.before).toEqual({ 3: { sport: '0.60', lottery: '0.40' } });
    expect(audit?.after).toEqual({ 3: { sport: '0.50', lottery: '0.45' } });

    expect(
      (await saveRates(withLevel(seedRatesForm(), 10, { lottery: '0.85', realperson: '1.50' }))).status,
    ).toBe(200);
    // Within each category's ceiling, but rebates stack on the bets that clear a promotion: 1.50 % of
    // lottery makes the seeded first-deposit bonus worth more than it costs to clear (promo-value.ts).
    const stacked = await saveRates(withLevel(seedRatesForm(), 10, { lottery: '1.50' }));
    expect(refused(stacked)).toEqual({
      status: 400,
      message: expect.stringMatching(
        /^返水比例调整后，活动「新会员首存送 38%」的期望收益为正.*请先调整这些优惠，或降低返水比例/,
      ),
    });
    const over: [Record<string, unknown>, string][] = [
      [{ lottery: '1.51' }, P.msgRebateRateMax('lottery')],
      [{ lottery: '2' }, P.msgRebateRateMax('lottery')],
      [{ realperson: '3.51' }, P.msgRebateRateMax('realperson')],
      [{ electron: '4.00' }, P.msgRebateRateMax('electron')],
      [{ sport: '-0.1' }, P.MSG_REBATE_RATE],
      [{ joker: '0.555' }, P.MSG_REBATE_RATE],
      [{ e_sport: '' }, P.MSG_REBATE_RATE],
    ];
    for (const [change, message] of over) {
      expect(refused(await saveRates(withLevel(seedRatesForm(), 5, change))), JSON.stringify(change)).toEqual(
        {
          status: 400,
          message,
        },
      );
    }
    expect(P.msgRebateRateMax('lottery')).toBe('彩票返水比例最高 1.50%（须低于该类游戏的庄家优势 2.00%）');
  });

  it('needs all ten levels in order', async () => {
    expect(refused(await saveRates(seedRatesForm().slice(0, 9)))).toEqual({
      status: 400,
      message: P.MSG_VIP_LEVELS,
    });
    const swapped = seedRatesForm().reverse();
    expect(refused(await saveRates(swapped))).toEqual({ status: 400, message: P.MSG_VIP_LEVELS });
  });

  it('a computed rebate keeps its rate and amount; the next day is computed at the new rate', async () => {
    await saveRates(seedRatesForm());
    const m = await t.newMember();
    const day = addDays(beijingDate(now()), -3);
    const bet = (d: string) =>
      recordValidBet(t.db, m.id, {
        platform: 'demo',
        category: 'realbet',
        stakeCents: 100_000n,
        validCents: 100_000n,
        at: new Date(dayStartOf(d) + 3600_000),
      });
    await bet(day);
    await computeRebates(t.db, day);
    const mine = () => t.db.select().from(rebates).where(eq(rebates.userId, m.id));
    expect(await mine()).toMatchObject([{ day, rateBasisPoints: 40, amountCents: 400n }]);

    await saveRates(withLevel(seedRatesForm(), 1, { realperson: '1.00' }));
    await computeRebates(t.db, day);
    expect(await mine()).toMatchObject([{ day, rateBasisPoints: 40, amountCents: 400n }]);

    const next = addDays(day, 1);
    await bet(next);
    await computeRebates(t.db, next);
    const rows = (await mine()).sort((a, b) => a.day.localeCompare(b.day));
    expect(rows.map((r) => [r.day, r.rateBasisPoints, r.amountCents])).toEqual([
      [day, 40, 400n],
      [next, 100, 1_000n],
    ]);
    await saveRates(seedRatesForm());
  });
});

describe('VIP thresholds', () => {
  it('saves them, audits what changed, and they must rise with the level from 0', async () => {
    const r = await saveThresholds(
      withLevel(seedThresholdsForm(), 2, { recharge: '1500', keep_flow: '2500.50' }),
    );
    expect(r.body?.message).toBe('VIP 门槛已保存，从下一次晋级计算起生效');
    expect(dataOf<{ levels: VipLevelRow[] }>(r).levels[1]).toMatchObject({
      recharge: '1500.00',
      keep_flow: '2500.50',
    });
    const audit = await lastAudit('vipLevels.update');
    expect(audit?.before).toEqual({ 2: { recharge: '1000.00', keep_flow: '2000.00' } });
    expect(audit?.after).toEqual({ 2: { recharge: '1500.00', keep_flow: '2500.50' } });

    const bad: [ThresholdsForm, string][] = [
      [withLevel(seedThresholdsForm(), 1, { recharge: '1' }), P.MSG_VIP_FIRST_ZERO],
      [withLevel(seedThresholdsForm(), 4, { recharge: '4999.99' }), P.msgVipNotRising(4, '累计存款')],
      [withLevel(seedThresholdsForm(), 10, { flow: '1' }), P.msgVipNotRising(10, '累计流水')],
      [withLevel(seedThresholdsForm(), 6, { keep_flow: '0' }), P.msgVipNotRising(6, '保级流水')],
      [withLevel(seedThresholdsForm(), 10, { recharge: '100000000.01' }), P.MSG_VIP_AMOUNT],
      [withLevel(seedThresholdsForm(), 3, { flow: '-1' }), P.MSG_VIP_AMOUNT],
      [withLevel(seedThresholdsForm(), 3, { flow: 'abc' }), P.MSG_VIP_AMOUNT],
      [seedThresholdsForm().slice(1), P.MSG_VIP_LEVELS],
    ];
    for (const [rows, message] of bad) {
      expect(refused(await saveThresholds(rows)), message).toEqual({ status: 400, message });
    }
    expect(P.msgVipNotRising(4, '累计存款')).toBe('VIP4 的累计存款不能低于 VIP3');
  });

  it('a level already reached stays when the thresholds rise; a later run uses the new ones', async () => {
    await saveThresholds(seedThresholdsForm());
    const m = await t.newMember();
    // Today: the member exists only from now on.
    const day = beijingDate(now());
    await approvedDeposit(t, m.id, 200_000n, { minutesAgo: 0 });
    await t.db.update(users).set({ paysumCents: 200_000n }).where(eq(users.id, m.id));
    await recordValidBet(t.db, m.id, {
      platform: 'demo',
      category: 'realbet',
      stakeCents: 600_000n,
      validCents: 600_000n,
    });
    await runVip(t.db, day);
    const level = async () => (await t.db.select().from(users).where(eq(users.id, m.id)))[0]?.vipLevel;
    expect(await level()).toBe(2);

    const higher = seedThresholdsForm().map((r) =>
      r.level === 1 ? r : { ...r, recharge: '900000', flow: '9000000', keep_flow: '9000000' },
    );
    expect((await saveThresholds(higher)).status).toBe(200);
    await runVip(t.db, day);
    await runVip(t.db, addDays(day, 1));
    expect(await level()).toBe(2);
    const changes = await t.db
      .select()
      .from(vipChanges)
      .where(and(eq(vipChanges.userId, m.id)));
    expect(changes.map((x) => [x.day, x.fromLevel, x.toLevel])).toEqual([[day, 1, 2]]);

    // Lowered: the next day's run promotes by the new thresholds.
    const lower = withLevel(seedThresholdsForm(), 3, { recharge: '2000', flow: '6000' });
    expect((await saveThresholds(lower)).status).toBe(200);
    await runVip(t.db, addDays(day, 2));
    expect(await level()).toBe(3);
    await saveThresholds(seedThresholdsForm());
  });
});

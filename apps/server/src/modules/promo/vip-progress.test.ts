import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { deposits, validBets } from '../../db/schema/money';
import { vipChanges } from '../../db/schema/promo';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;

describe('vipProgress', () => {
  it('counts deposits and valid bets since the last drop against the next level', async () => {
    const m = await t.newMember();
    const progress = async () => dataOf(await t.post('/api/vipProgress', {}, { token: m.token }));
    expect(await progress()).toEqual({
      level: 1,
      next_level: 2,
      deposits: '0.00',
      bets: '0.00',
      next_recharge: '1000.00',
      next_flow: '5000.00',
    });
    const old = new Date(Date.now() - 48 * HOUR);
    await t.db.insert(deposits).values({
      depositNo: `VP-${m.id}`,
      userId: m.id,
      payType: 'bank',
      amountCents: 120_000n,
      state: 2,
      createdAt: old,
      reviewedAt: old,
    });
    await t.db
      .update(users)
      .set({ paysumCents: sql`${users.paysumCents} + 120000` })
      .where(eq(users.id, m.id));
    await t.db.insert(validBets).values({
      userId: m.id,
      platform: 'AG',
      category: 'realbet',
      stakeCents: 30_000n,
      validCents: 30_000n,
      state: 'settled',
      createdAt: old,
      recordedAt: old,
    });
    // The deposit reaches VIP2's 1000 but the bets (300) do not reach its 5000: no promotion yet.
    expect(await progress()).toMatchObject({ deposits: '1200.00', bets: '300.00' });
    // After a drop, only what came later counts.
    await t.db.update(users).set({ vipLevel: 2 }).where(eq(users.id, m.id));
    await t.db.insert(vipChanges).values({
      userId: m.id,
      day: '2026-01-01',
      fromLevel: 3,
      toLevel: 2,
      createdAt: new Date(Date.now() - HOUR),
    });
    expect(await progress()).toEqual({
      level: 2,
      next_level: 3,
      deposits: '0.00',
      bets: '0.00',
      next_recharge: '5000.00',
      next_flow: '25000.00',
    });
    expect((await t.post('/api/vipProgress', {})).status).toBe(401);
  });
});

import { balance } from '@app/contract/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRAL_VENUE, wallets } from '../../db/schema/wallets';
import { buildTestApp, dataOf, expectEnvelope, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('balance', () => {
  it('answers the central wallet as a two-place decimal string', async () => {
    const token = await t.login('demo001', 'demo123');
    const data = dataOf(await t.post('/api/balance', {}, { token }));
    expect(data).toEqual({ balance: '1000.00' });
    expect(balance.response.parse(data)).toBe(100_000);
  });

  it('a new member has one central wallet at 0.00', async () => {
    const m = await t.newMember();
    expect(dataOf(await t.post('/api/balance', {}, { token: m.token }))).toEqual({ balance: '0.00' });
    const rows = await t.db.select().from(wallets).where(eq(wallets.userId, m.id));
    expect(rows.map((w) => [w.venue, w.balanceCents])).toEqual([[CENTRAL_VENUE, 0n]]);
  });

  it('venue wallets count toward gameblance, not balance', async () => {
    const m = await t.newMember();
    await t.db
      .update(wallets)
      .set({ balanceCents: 12_345n })
      .where(and(eq(wallets.userId, m.id), eq(wallets.venue, CENTRAL_VENUE)));
    await t.db.insert(wallets).values([
      { userId: m.id, venue: 'AG', balanceCents: 1_050n },
      { userId: m.id, venue: 'KY', balanceCents: 5n },
    ]);
    const info = dataOf(await t.post('/api/user', {}, { token: m.token }));
    expect([info.balance, info.gameblance]).toEqual(['123.45', '10.55']);
  });

  it('a wallet can never go negative (database check)', async () => {
    const m = await t.newMember();
    await expect(
      t.db.update(wallets).set({ balanceCents: -1n }).where(eq(wallets.userId, m.id)),
    ).rejects.toThrow();
  });

  it('needs a member', async () => {
    const r = await t.post('/api/balance');
    expectEnvelope(r);
    expect([r.status, r.body.message]).toEqual([401, '请先登录']);
  });
});

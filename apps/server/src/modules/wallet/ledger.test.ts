import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRAL_VENUE, wallets } from '../../db/schema/wallets';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { post, SYSTEM } from './ledger';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const central = async (token: string) =>
  dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token })).balance;

describe('ledger', () => {
  it('refuses an unbalanced movement and a debit beyond the balance, writing nothing', async () => {
    const m = await t.newMember();
    const [w] = await t.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.userId, m.id), eq(wallets.venue, CENTRAL_VENUE)));
    if (!w) throw new Error('no wallet');
    await expect(
      t.db.transaction((tx) =>
        post(tx, {
          reason: 'x',
          legs: [
            { wallet: w.id, cents: 5n },
            { account: SYSTEM.bonuses, cents: -4n },
          ],
        }),
      ),
    ).rejects.toThrow(/unbalanced/);
    await expect(
      t.db.transaction((tx) =>
        post(tx, {
          reason: 'x',
          legs: [
            { wallet: w.id, cents: -1n },
            { account: SYSTEM.bonuses, cents: 1n },
          ],
        }),
      ),
    ).rejects.toThrow('余额不足');
    expect(await central(m.token)).toBe('0.00');
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
  });

  it("a credit to the same wallet cannot fund its debit (a round's payout is not its stake); both legs move once", async () => {
    const m = await t.newMember();
    await t.fund(m.id, '20.00');
    const [w] = await t.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.userId, m.id), eq(wallets.venue, CENTRAL_VENUE)));
    if (!w) throw new Error('no wallet');
    const round = (stake: bigint) =>
      t.db.transaction((tx) =>
        post(tx, {
          reason: 'game_round',
          legs: [
            { wallet: w.id, cents: -stake },
            { account: SYSTEM.gameHouse, cents: stake },
            { wallet: w.id, cents: stake * 2n },
            { account: SYSTEM.gameHouse, cents: -stake * 2n },
          ],
        }),
      );
    await expect(round(2_001n)).rejects.toThrow('余额不足');
    expect(await central(m.token)).toBe('20.00');
    await round(2_000n);
    expect(await central(m.token)).toBe('40.00');
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
  });

  it('wallet:credit is an adjustment through the ledger; bad amounts and unknown members are refused', async () => {
    const m = await t.newMember();
    const r = await t.op('/wallet/credit', { username: m.name.toUpperCase(), amount: '88.80' });
    expect(dataOf(r)).toEqual({ username: m.name, amount: '88.80', balance: '88.80' });
    for (const amount of ['-1', '0', '1.001', 'NaN', 'abc', '1e3', '100000000.01']) {
      const bad = await t.op('/wallet/credit', { username: m.name, amount });
      expect([bad.status, bad.body?.message], amount).toEqual([400, '金额无效']);
    }
    expect((await t.op('/wallet/credit', { username: 'nobody999', amount: '1' })).status).toBe(404);
    expect(await central(m.token)).toBe('88.80');
    const report = dataOf<{ ok: boolean; accounts: Record<string, string> }>(await t.op('/ledger/check'));
    expect(report.ok).toBe(true);
    expect(BigInt(report.accounts.adjustments ?? '0')).toBeLessThan(0n);
  });

  it('ledger:check answers 409 with the broken wallet when a balance differs from its entries', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '10.00');
    const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, m.id));
    if (!w) throw new Error('no wallet');
    await t.db.update(wallets).set({ balanceCents: 1_001n }).where(eq(wallets.id, w.id));
    const r = await t.op('/ledger/check');
    expect([r.status, r.body?.message]).toEqual([409, '账目不平衡']);
    expect((r.body?.data as { broken: unknown[] }).broken).toEqual([
      { walletId: w.id, balance: '1001', entries: '1000' },
    ]);
    await t.db.update(wallets).set({ balanceCents: 1_000n }).where(eq(wallets.id, w.id));
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true });
  });
});

import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { CENTRAL_VENUE, wallets } from '../../db/schema/wallets';
import { withdrawals } from '../../db/schema/money';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { addRequirement, recordValidBet, turnover } from './turnover';
import { turnoverRequirements } from '../../db/schema/wallets';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await t.close();
});

const PAY = 'secret123';

/** A member with 200.00 of operator credit (no turnover), a bank card and a bound mobile. */
async function ready() {
  const m = await t.newMember();
  await t.fund(m.id, '200.00');
  dataOf(
    await t.post(
      '/api/bindcard',
      {
        bank: '招商银行',
        bank_owner: '张三',
        bank_no: '6222000011112222',
        bank_address: '深圳',
        pay_pass: PAY,
      },
      { token: m.token },
    ),
  );
  dataOf(await t.post('/api/auth/updateuserinfo', { mobile: '13812345678' }, { token: m.token }));
  const [card] = dataOf<{ id: number }[]>(await t.post('/api/getcard', { type: 1 }, { token: m.token }));
  if (!card) throw new Error('no card');
  return { ...m, card: card.id };
}

type Member = Awaited<ReturnType<typeof ready>>;

const withdraw = (m: Member, amount: number) =>
  t.post(
    '/api/withdraw',
    { type: 'bank', amount, bank: m.card, password: PAY },
    { token: m.token, headers: idem() },
  );

async function lastWithdrawalId(m: Member): Promise<number> {
  const [w] = await t.db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, m.id), eq(withdrawals.state, 1)))
    .orderBy(desc(withdrawals.id))
    .limit(1);
  if (!w) throw new Error('no pending withdrawal');
  return w.id;
}

async function deposit(m: Member, amount: number): Promise<string> {
  const r = await t.post('/api/recharge', { paytype: 'alipay', amount }, { token: m.token, headers: idem() });
  return dataOf<{ deposit_no: string }>(r).deposit_no;
}

/** getBetAmount's two spec fields (its `items` breakdown is tested on its own below). */
const betAmount = async (m: Member) => {
  const { bet_amount, recharge_amount } = dataOf<{ bet_amount: string; recharge_amount: string }>(
    await t.post('/api/getBetAmount', {}, { token: m.token }),
  );
  return { bet_amount, recharge_amount };
};

describe('turnover is a running requirement', () => {
  // The attack: keep a small withdrawal pending, deposit 1000, have both reviewed, withdraw the
  // 1000 without betting. Every order of the two reviews, approve or reject, must leave 1000 owed.
  for (const review of ['approve', 'reject'] as const) {
    for (const order of ['withdrawal reviewed after the deposit', 'withdrawal reviewed before it'] as const) {
      it(`${review}: ${order} leaves the deposit's turnover owed`, async () => {
        const m = await ready();
        dataOf(await withdraw(m, 100));
        const pending = await lastWithdrawalId(m);
        const depositNo = await deposit(m, 1000);
        const reviewWithdrawal = async () => dataOf(await t.op(`/withdrawals/${review}`, { id: pending }));
        if (order === 'withdrawal reviewed before it') await reviewWithdrawal();
        dataOf(await t.op('/deposits/approve', { deposit_no: depositNo }));
        if (order === 'withdrawal reviewed after the deposit') await reviewWithdrawal();

        expect(await betAmount(m)).toEqual({ bet_amount: '0.00', recharge_amount: '1000.00' });
        const again = await withdraw(m, 1000);
        expect([again.status, again.body?.message]).toEqual([400, '打码量不足，还需1000.00元有效投注']);

        // Valid bets, and only they, pay it down; once met the member may withdraw.
        dataOf(await t.op('/bets/record', { username: m.name, platform: 'AG', amount: '999.99' }));
        expect(await betAmount(m)).toEqual({ bet_amount: '999.99', recharge_amount: '1000.00' });
        expect((await withdraw(m, 1000)).body?.message).toBe('打码量不足，还需0.01元有效投注');
        dataOf(await t.op('/bets/record', { username: m.name, platform: 'AG', amount: '0.01' }));
        expect(await betAmount(m)).toEqual({ bet_amount: '0.00', recharge_amount: '0.00' });
        dataOf(await withdraw(m, 1000));
      });
    }
  }

  it('a claimed bonus adds its own turnover; approving an older withdrawal does not wipe it', async () => {
    const m = await ready();
    dataOf(await withdraw(m, 100));
    const pending = await lastWithdrawalId(m);
    await t.db.transaction((tx) => addRequirement(tx, m.id, { source: 'activity_bonus', cents: 5_000n }));
    dataOf(await t.op('/withdrawals/approve', { id: pending }));
    expect(await betAmount(m)).toEqual({ bet_amount: '0.00', recharge_amount: '50.00' });
  });

  it('bets while nothing is owed bank no credit for the next deposit', async () => {
    const m = await ready();
    dataOf(await t.op('/bets/record', { username: m.name, platform: 'AG', amount: '500' }));
    expect(await betAmount(m)).toEqual({ bet_amount: '0.00', recharge_amount: '0.00' });
    dataOf(await t.op('/deposits/approve', { deposit_no: await deposit(m, 300) }));
    expect(await betAmount(m)).toEqual({ bet_amount: '0.00', recharge_amount: '300.00' });
  });

  it('concurrent valid bets and additions never lose an update and never go below 0', async () => {
    const m = await ready();
    await t.db.transaction((tx) => addRequirement(tx, m.id, { source: 'adjustment', cents: 100_000n }));
    // 40 bets of 10.00 and 10 additions of 50.00 at once: 1000 + 500 owed, 400 paid ⇒ 1100 left.
    await Promise.all([
      ...Array.from({ length: 40 }, () =>
        t.db.transaction((tx) =>
          recordValidBet(tx, m.id, {
            platform: 'AG',
            category: 'realbet',
            stakeCents: 1_000n,
            validCents: 1_000n,
          }),
        ),
      ),
      ...Array.from({ length: 10 }, () =>
        t.db.transaction((tx) => addRequirement(tx, m.id, { source: 'adjustment', cents: 5_000n })),
      ),
    ]);
    const left = await turnover(t.db, m.id);
    expect(left.required - left.bet).toBe(110_000n);
    const rows = await t.db.select().from(turnoverRequirements).where(eq(turnoverRequirements.userId, m.id));
    expect(rows.every((r) => r.doneCents >= 0n && r.doneCents <= r.requiredCents)).toBe(true);
  });

  // PGlite runs one transaction at a time, so the race only exists (and is only tested) on PostgreSQL.
  it.skipIf(inject('serverTestDb').kind !== 'postgres')(
    'a deposit approved while a withdrawal runs is never withdrawn without its turnover',
    async () => {
      const m = await ready();
      let locked: () => void = () => undefined;
      let release: () => void = () => undefined;
      const isLocked = new Promise<void>((r) => (locked = r));
      const released = new Promise<void>((r) => (release = r));
      // Stands in for a deposit approval: it locks the central wallet, then adds turnover, and
      // commits only after the withdrawal has passed its first check and is waiting on the wallet.
      const approval = t.db.transaction(async (tx) => {
        await tx
          .select({ id: wallets.id })
          .from(wallets)
          .where(and(eq(wallets.userId, m.id), eq(wallets.venue, CENTRAL_VENUE)))
          .for('update');
        await addRequirement(tx, m.id, { source: 'deposit', cents: 100_000n });
        locked();
        await released;
      });
      await isLocked;
      const pending = withdraw(m, 100);
      await new Promise((r) => setTimeout(r, 300));
      release();
      await approval;
      const r = await pending;
      expect([r.status, r.body?.message]).toEqual([400, '打码量不足，还需1000.00元有效投注']);
    },
  );
});

describe('requirement rows are paid in order, each counting its own share of a bet', () => {
  const rowsOf = async (userId: number) =>
    (
      await t.db
        .select()
        .from(turnoverRequirements)
        .where(eq(turnoverRequirements.userId, userId))
        .orderBy(turnoverRequirements.id)
    ).map((r) => [r.source, r.requiredCents, r.doneCents]);
  const bet = (userId: number, category: string, cents: bigint) =>
    t.db.transaction((tx) =>
      recordValidBet(tx, userId, { platform: 'X', category, stakeCents: cents, validCents: cents }),
    );

  it('a bonus counting lottery at 50 % needs twice the lottery stake; venues count in full; nothing is banked', async () => {
    const m = await t.newMember();
    await t.db.transaction(async (tx) => {
      await addRequirement(tx, m.id, { source: 'deposit', cents: 100_000n });
      await addRequirement(tx, m.id, {
        source: 'activity_bonus',
        cents: 100_000n,
        weights: { realperson: 100, sport: 100, e_sport: 100, joker: 100, electron: 100, lottery: 50 },
      });
      await addRequirement(tx, m.id, { source: 'rebate', cents: 10_000n });
    });
    // 1,500.00 of lottery: the deposit's 1,000.00 in full, then 500.00 counting 250.00 toward the bonus.
    await bet(m.id, 'lottery', 150_000n);
    expect(await rowsOf(m.id)).toEqual([
      ['deposit', 100_000n, 100_000n],
      ['activity_bonus', 100_000n, 25_000n],
      ['rebate', 10_000n, 0n],
    ]);
    // 900.00 at a live casino (realbet → realperson, in full): the bonus's 750.00, the rebate's 100.00,
    // and 50.00 that nothing owed any more keeps for later.
    await bet(m.id, 'realbet', 90_000n);
    expect(await rowsOf(m.id)).toEqual([
      ['deposit', 100_000n, 100_000n],
      ['activity_bonus', 100_000n, 100_000n],
      ['rebate', 10_000n, 10_000n],
    ]);
    await addRequirement(t.db, m.id, { source: 'red_packet', cents: 500n });
    expect(await turnover(t.db, m.id)).toEqual({ bet: 0n, required: 500n });
  });

  it('a row that does not count a category lets its bets pay the rows after it', async () => {
    const m = await t.newMember();
    const noLottery = { realperson: 100, sport: 100, e_sport: 100, joker: 100, electron: 100, lottery: 0 };
    await addRequirement(t.db, m.id, { source: 'activity_bonus', cents: 50_000n, weights: noLottery });
    await addRequirement(t.db, m.id, { source: 'deposit', cents: 20_000n });
    await bet(m.id, 'lottery', 30_000n);
    expect(await rowsOf(m.id)).toEqual([
      ['activity_bonus', 50_000n, 0n],
      ['deposit', 20_000n, 20_000n],
    ]);
    // An odd share rounds the bet a row needs up and what it credits down: never more than the bet.
    const odd = await t.newMember();
    const third = { ...noLottery, lottery: 33 };
    await addRequirement(t.db, odd.id, { source: 'activity_bonus', cents: 1_000n, weights: third });
    await addRequirement(t.db, odd.id, { source: 'deposit', cents: 1_000n });
    await bet(odd.id, 'lottery', 3_100n);
    // 1,000 × 100 / 33 ⇒ 3,031 of the bet for the bonus (credited ⌊3,031 × 33 / 100⌋ = 1,000), 69 left.
    expect(await rowsOf(odd.id)).toEqual([
      ['activity_bonus', 1_000n, 1_000n],
      ['deposit', 1_000n, 69n],
    ]);
  });
});

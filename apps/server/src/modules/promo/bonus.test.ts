import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetClock } from '../../core/clock';
import { deposits, ledgerEntries } from '../../db/schema/money';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { readyMember } from '../withdrawals/test-support';
import { SEED_ACTIVITIES } from '../../seed/promo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  resetClock();
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await t.close();
});

type Activity = { id: number; title: string };
type Member = Awaited<ReturnType<typeof readyMember>>;

async function activityId(title: string): Promise<number> {
  const all = dataOf<{ data: Activity[] }>(await t.post('/api/activitylist')).data;
  const found = all.find((a) => a.title === title);
  if (!found) throw new Error(`no activity ${title}`);
  return found.id;
}

/** A bank deposit of `yuan`, approved by the operator. */
async function deposit(token: string, yuan: number): Promise<void> {
  const r = await t.post(
    '/api/recharge',
    {
      paytype: 'bank',
      amount: yuan,
      bank_owner: '张三',
      bank: '招商银行',
      bank_no: '6222000011112222',
      bank_address: '深圳',
    },
    { token, headers: idem() },
  );
  dataOf(await t.op('/deposits/approve', { deposit_no: dataOf<{ deposit_no: string }>(r).deposit_no }));
}

const apply = (token: string, activityid: number) =>
  t.post('/api/doactivityapply', { activityid }, { token });

/** The member's pending application id (via the operator's list). */
async function pendingOf(name: string): Promise<number> {
  const list = dataOf<{ applications: { id: number; username: string }[] }>(
    await t.op('/activities/applications'),
  ).applications;
  const id = list.find((a) => a.username === name)?.id;
  if (id === undefined) throw new Error(`no pending application of ${name}`);
  return id;
}

const balance = async (m: Member) =>
  dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token: m.token })).balance;
const betAmount = async (m: Member) =>
  dataOf<{ bet_amount: string; recharge_amount: string }>(
    await t.post('/api/getBetAmount', {}, { token: m.token }),
  );

/** A member with a card and mobile, their opening 1.00, and a first approved deposit of `yuan`. */
async function depositor(yuan: number): Promise<Member> {
  const m = await readyMember(t, '1.00');
  await deposit(m.token, yuan);
  return m;
}

const FIRST_DEPOSIT = '新会员首存送 38%';

describe('activity bonus', () => {
  it('pays 38% of the first deposit through the ledger, adds 15 × (deposit + bonus) to the turnover, and cannot be withdrawn unplayed', async () => {
    const m = await depositor(500);
    const id = await activityId(FIRST_DEPOSIT);
    expect(await balance(m)).toBe('501.00');
    expect((await apply(m.token, id)).status).toBe(200);
    const paid = dataOf(await t.op('/activities/approve', { id: await pendingOf(m.name) }));
    expect(paid).toMatchObject({ state: 2, bonus: '190.00', turnover: '10350.00' });
    expect(await balance(m)).toBe('691.00');
    // The deposit's 1× plus the bonus's 15 × (500 + 190).
    expect(await betAmount(m)).toMatchObject({ bet_amount: '0.00', recharge_amount: '10850.00' });
    // The member's breakdown says what each part multiplied: the deposit ×1, (deposit + bonus) ×15.
    const { items } = dataOf<{ items: { source: string; base: string; multiple: number }[] }>(
      await t.post('/api/getBetAmount', {}, { token: m.token }),
    );
    expect(items.map((i) => [i.source, i.base, i.multiple])).toEqual([
      ['存款', '500.00', 1],
      ['活动彩金', '690.00', 15],
    ]);
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reason, 'activity_bonus')));
    const mine = entries.filter((e) => e.reference.endsWith(`#${paid.id as number}`));
    expect(mine.map((e) => [e.account, e.amountCents]).sort()).toEqual(
      [
        ['bonuses', -19_000n],
        [null, 19_000n],
      ].sort(),
    );
    // A hostile member withdraws at once: the turnover holds the bonus back.
    const w = await t.post(
      '/api/withdraw',
      { type: 'bank', amount: 600, bank: m.bank, password: 'secret123' },
      { token: m.token, headers: idem() },
    );
    expect(w.body?.message).toBe('打码量不足，还需10850.00元有效投注');
    // Paid once: a second application is refused.
    const again = await apply(m.token, id);
    expect([again.status, again.body?.message]).toEqual([400, '您已领取过该活动彩金，每位会员限领取一次']);
  });

  it('caps the bonus, and the operator may name a lower amount, never more than the rule gives', async () => {
    const id = await activityId(FIRST_DEPOSIT);
    const big = await depositor(5000);
    await apply(big.token, id);
    expect(dataOf(await t.op('/activities/approve', { id: await pendingOf(big.name) }))).toMatchObject({
      bonus: '888.00',
      turnover: '88320.00',
    });
    const other = await depositor(100);
    await apply(other.token, id);
    const appId = await pendingOf(other.name);
    const bad = await t.op('/activities/approve', { id: appId, amount: '0' });
    expect([bad.status, bad.body?.message]).toEqual([400, '金额无效']);
    const over = await t.op('/activities/approve', { id: appId, amount: '66.60' });
    expect([over.status, over.body?.message]).toEqual([400, '按活动规则该会员的彩金最多 38.00 元']);
    expect(dataOf(await t.op('/activities/approve', { id: appId, amount: '20.00' }))).toMatchObject({
      bonus: '20.00',
      turnover: '1800.00',
    });
    expect(await balance(other)).toBe('121.00');
    expect(await betAmount(other)).toMatchObject({ bet_amount: '0.00', recharge_amount: '1900.00' });
  });

  it('refuses to apply before depositing, with a first deposit below the minimum, or without a USDT deposit', async () => {
    const id = await activityId(FIRST_DEPOSIT);
    const fresh = await t.newMember();
    const early = await apply(fresh.token, id);
    expect([early.status, early.body?.message]).toEqual([
      400,
      '您暂无符合活动条件的存款，请先完成存款再申请',
    ]);
    // The first deposit (50, below 100; e.g. a method with a lower minimum) disqualifies: a later,
    // larger one does not become the first.
    const small = await readyMember(t, '1.00');
    await t.db.insert(deposits).values({
      depositNo: `D-small-${small.id}`,
      userId: small.id,
      payType: 'wxpay',
      amountCents: 5_000n,
      state: 2,
      createdAt: new Date(Date.now() - 3_600_000),
      reviewedAt: new Date(Date.now() - 3_600_000),
    });
    await deposit(small.token, 1000);
    expect((await apply(small.token, id)).body?.message).toBe('您暂无符合活动条件的存款，请先完成存款再申请');
    const usdt = await apply(small.token, await activityId('USDT 存款加赠 2%'));
    expect(usdt.body?.message).toBe('您暂无符合活动条件的存款，请先完成存款再申请');
  });

  it('approving at once from many operators (or a retry) pays once', async () => {
    const id = await activityId(FIRST_DEPOSIT);
    const m = await depositor(1000);
    await apply(m.token, id);
    const appId = await pendingOf(m.name);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => t.op('/activities/approve', { id: appId })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of replies.filter((x) => x.status === 409)) {
      expect(r.body?.message).toMatch(/^该申请已由 命令行 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 通过$/);
    }
    expect(await balance(m)).toBe('1381.00');
    expect(await betAmount(m)).toMatchObject({ bet_amount: '0.00', recharge_amount: '21700.00' });
    const retry = await t.op('/activities/approve', { id: appId, amount: '10' });
    expect(retry.status).toBe(409);
    expect(await balance(m)).toBe('1381.00');
  });

  it('a rejected application may be made again and then paid', async () => {
    const id = await activityId(FIRST_DEPOSIT);
    const m = await depositor(200);
    await apply(m.token, id);
    dataOf(await t.op('/activities/reject', { id: await pendingOf(m.name) }));
    expect((await apply(m.token, id)).status).toBe(200);
    expect(dataOf(await t.op('/activities/approve', { id: await pendingOf(m.name) }))).toMatchObject({
      bonus: '76.00',
    });
  });
});

describe('seeded activities', () => {
  it('each states the percentage, cap and turnover multiple its rule pays, under its own banner', () => {
    for (const a of SEED_ACTIVITIES) {
      expect(a.content, a.title).toContain(`${a.turnoverMultiple ?? 1} 倍`);
      if (a.bonusBasis === 'none') continue;
      expect(a.content, a.title).toContain(`${(a.bonusPercentBp ?? 0) / 100}%`);
      expect(a.content, a.title).toContain(`${Number(a.bonusCapCents ?? 0n) / 100} 元`);
    }
    const banners = SEED_ACTIVITIES.map((a) => a.banner);
    expect(new Set(banners).size).toBe(banners.length);
  });
});

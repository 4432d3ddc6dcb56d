import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayStartOf, resetClock, setClock } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { deposits, validBets } from '../../db/schema/money';
import { rebates, vipChanges } from '../../db/schema/promo';
import { COMMANDS } from '../../ops/commands/all';
import { UsageError } from '../../ops/commands/format';
import { commandRequest } from '../../ops/commands/wire';
import { turnover } from '../wallet/turnover';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { computeRebates } from './rebates';
import { runVip } from './vip';

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

const DAY = '2026-11-20';
/** Epoch ms of a Beijing wall-clock time on `day`. */
const at = (day: string, hour: number, minute = 0) => dayStartOf(day) + (hour * 60 + minute) * 60_000;

async function bet(userId: number, category: string, yuan: number, when: number, platform = 'AG') {
  const cents = BigInt(Math.round(yuan * 100));
  await t.db.insert(validBets).values({
    userId,
    platform,
    category,
    stakeCents: cents,
    validCents: cents,
    state: 'settled',
    createdAt: new Date(when),
    recordedAt: new Date(when),
  });
}

async function approvedDeposit(userId: number, yuan: number, when: number) {
  await t.db.insert(deposits).values({
    depositNo: `T${randomBytes(8).toString('hex')}`,
    userId,
    payType: 'bank',
    amountCents: BigInt(yuan * 100),
    state: 2,
    createdAt: new Date(when),
    reviewedAt: new Date(when),
  });
  await t.db
    .update(users)
    .set({ paysumCents: sql`${users.paysumCents} + ${BigInt(yuan * 100)}` })
    .where(eq(users.id, userId));
}

type Fanshui = {
  list: { data: { gamename: string; money: string; state: number }[]; total: number };
  jisuan: string;
  nojisuan: string;
};
const fanshui = async (token: string, body: Record<string, unknown> = {}) =>
  dataOf<Fanshui>(await t.post('/api/getfanshui', body, { token }));

describe('rebates', () => {
  it('turns a day of valid bets into pending rebates once; claimed once, adding 1× turnover', async () => {
    setClock(at(DAY, 12));
    const a = await t.newMember();
    const b = await t.newMember();
    await t.db.update(users).set({ vipLevel: 5 }).where(eq(users.id, b.id));
    await bet(a.id, 'realbet', 600, at(DAY, 0, 0));
    await bet(a.id, 'realbet', 400, at(DAY, 23, 59));
    await bet(a.id, 'sport', 500, at(DAY, 13), 'IM');
    await bet(a.id, 'lottery', 200, at(DAY, 14), 'CP');
    await bet(a.id, 'concise', 333.33, at(DAY, 15), 'PG');
    await bet(a.id, 'realbet', 999, at(addDays(DAY, 1), 0, 0)); // the next day
    await bet(a.id, 'realbet', 999, at(DAY, 0) - 1); // the day before
    await bet(b.id, 'realbet', 1000, at(DAY, 16));

    setClock(at(addDays(DAY, 1), 0, 5));
    expect(await computeRebates(t.db, DAY)).toBe(5);
    expect(await computeRebates(t.db, DAY)).toBe(0);
    const rows = await t.db.select().from(rebates).where(eq(rebates.userId, a.id));
    const byCat = Object.fromEntries(
      rows.map((r) => [r.category, [r.amountCents, r.rateBasisPoints, r.state]]),
    );
    expect(byCat).toEqual({
      realperson: [400n, 40, 0],
      sport: [200n, 40, 0],
      lottery: [60n, 30, 0],
      electron: [166n, 50, 0],
    });
    const [rb] = await t.db.select().from(rebates).where(eq(rebates.userId, b.id));
    expect([rb?.amountCents, rb?.vipLevel]).toEqual([800n, 5]);
    // The operator command of the same day adds nothing either.
    expect(dataOf(await t.op('/rebates/compute', { day: DAY }))).toEqual({ day: DAY, created: 0 });
    expect((await t.op('/rebates/compute', { day: '2026-02-30' })).status).toBe(400);

    setClock(at(addDays(DAY, 1), 10));
    const token = await t.login(a.name, a.password);
    const all = await fanshui(token);
    expect([all.list.total, all.jisuan, all.nojisuan]).toEqual([4, '0.00', '8.26']);
    expect(all.list.data.every((r) => r.state === 0)).toBe(true);
    expect((await fanshui(token, { type: 1 })).list.total).toBe(0);
    const lottery = await fanshui(token, { api_type: 'lottery', date: 1, page: 1 });
    expect(lottery.list.data.map((r) => r.money)).toEqual(['0.60']);
    expect((await fanshui(token, { api_type: 'AG' })).list.data.map((r) => r.money)).toEqual(['4.00']);
    expect((await fanshui(token, { api_type: 'NOPE' })).list.total).toBe(0);

    const before = dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token })).balance;
    const owed0 = await turnover(t.db, a.id);
    const taps = await Promise.all(
      Array.from({ length: 5 }, () => t.post('/api/dofanshui', undefined, { token, headers: idem() })),
    );
    expect(taps.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of taps.filter((x) => x.status !== 200)) expect(r.body?.message).toBe('暂无领取额度！');
    const after = dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token })).balance;
    expect(Number(after) - Number(before)).toBeCloseTo(8.26, 2);
    const owed1 = await turnover(t.db, a.id);
    expect(owed1.required - owed0.required).toBe(826n);
    const claimed = await fanshui(token);
    expect([claimed.jisuan, claimed.nojisuan, claimed.list.data.every((r) => r.state === 1)]).toEqual([
      '8.26',
      '0.00',
      true,
    ]);
    expect((await fanshui(token, { type: 0 })).list.total).toBe(0);
    const none = await t.post('/api/dofanshui', undefined, { token, headers: idem() });
    expect([none.status, none.body?.message]).toEqual([400, '暂无领取额度！']);
  });

  it('getfanshui validates its filters; visitors get 401', async () => {
    const m = await t.newMember();
    expect((await t.post('/api/getfanshui', { date: 9 }, { token: m.token })).status).toBe(400);
    expect((await t.post('/api/getfanshui', { type: 3 }, { token: m.token })).status).toBe(400);
    expect((await t.post('/api/getfanshui', {})).status).toBe(401);
  });
});

describe('VIP', () => {
  it('uservip lists ten levels with percent rates', async () => {
    const levels = dataOf<
      { level: number; recharge: string; flow: string; realperson: number; lottery: number }[]
    >(await t.post('/api/uservip'));
    expect(levels).toHaveLength(10);
    expect(levels[4]).toMatchObject({ level: 5, recharge: '50000.00', flow: '300000.00', realperson: 0.8 });
    const recharges = levels.map((l) => Number(l.recharge));
    expect([...recharges].sort((x, y) => x - y)).toEqual(recharges);
  });

  it('promotes one level a day at most, and drops one level after 90 days without the retention turnover', async () => {
    setClock(at(DAY, 9));
    const m = await t.newMember();
    await approvedDeposit(m.id, 6000, at(DAY, 10)); // enough for level 3 (5000 / 25000)
    await bet(m.id, 'realbet', 30_000, at(DAY, 11));
    const level = async () =>
      (await t.db.select({ l: users.vipLevel }).from(users).where(eq(users.id, m.id)))[0]?.l;

    setClock(at(addDays(DAY, 1), 0, 5));
    expect((await runVip(t.db, DAY)).promoted).toBeGreaterThanOrEqual(1);
    expect(await level()).toBe(2);
    expect(dataOf(await t.post('/api/user', undefined, { token: m.token }))).toMatchObject({ vip: 'P2' });
    // The same day again: nothing more (one change a day).
    await runVip(t.db, DAY);
    expect(await level()).toBe(2);

    setClock(at(addDays(DAY, 2), 0, 5));
    dataOf(await t.op('/vip/run', { day: addDays(DAY, 1) }));
    expect(await level()).toBe(3);
    setClock(at(addDays(DAY, 3), 0, 5));
    await runVip(t.db, addDays(DAY, 2));
    expect(await level()).toBe(3); // level 4 needs 20000 / 100000

    // 90 days at level 3 with 10000 retention turnover: 9000 within the window is not enough.
    const later = addDays(DAY, 95);
    await bet(m.id, 'sport', 9000, at(addDays(later, -10), 12));
    setClock(at(addDays(later, 1), 0, 5));
    await runVip(t.db, later);
    expect(await level()).toBe(2);
    // The next day: no re-promotion on the old totals, and level 2 was only just reached.
    setClock(at(addDays(later, 2), 0, 5));
    await runVip(t.db, addDays(later, 1));
    expect(await level()).toBe(2);
    const changes = await t.db.select().from(vipChanges).where(eq(vipChanges.userId, m.id));
    expect(changes.map((c) => [c.fromLevel, c.toLevel])).toEqual([
      [1, 2],
      [2, 3],
      [3, 2],
    ]);
  });

  it('keeps the level when the retention turnover is met', async () => {
    setClock(at(DAY, 9));
    const m = await t.newMember();
    await approvedDeposit(m.id, 1000, at(DAY, 10));
    await bet(m.id, 'realbet', 5000, at(DAY, 11));
    setClock(at(addDays(DAY, 1), 0, 5));
    await runVip(t.db, DAY);
    const later = addDays(DAY, 100);
    await bet(m.id, 'joker', 2000, at(addDays(later, -30), 12)); // level 2 keeps with 2000
    setClock(at(addDays(later, 1), 0, 5));
    await runVip(t.db, later);
    const [u] = await t.db.select({ l: users.vipLevel }).from(users).where(eq(users.id, m.id));
    expect(u?.l).toBe(2);
    const drops = await t.db
      .select()
      .from(vipChanges)
      .where(and(eq(vipChanges.userId, m.id), eq(vipChanges.day, later)));
    expect(drops).toHaveLength(0);
  });

  it('does not drop a level held for less than 90 days', async () => {
    setClock(at(addDays(DAY, -120), 9));
    const m = await t.newMember();
    await bet(m.id, 'realbet', 5000, at(addDays(DAY, -120), 10)); // long before the 90-day window
    await approvedDeposit(m.id, 1000, at(DAY, 10));
    setClock(at(addDays(DAY, 1), 0, 5));
    await runVip(t.db, DAY);
    setClock(at(addDays(DAY, 2), 0, 5));
    await runVip(t.db, addDays(DAY, 1));
    const [u] = await t.db.select({ l: users.vipLevel }).from(users).where(eq(users.id, m.id));
    expect(u?.l).toBe(2);
  });

  it('operator commands map to the operator API', () => {
    const wire = (name: string, args: string[]) => {
      const found = COMMANDS.find((c) => c.name === name);
      if (!found) throw new Error(`no command ${name}`);
      return commandRequest(found, args);
    };
    expect(wire('rebate:compute', ['2026-11-20'])).toEqual({
      method: 'POST',
      path: '/ops/rebates/compute',
      body: { day: '2026-11-20' },
    });
    expect(wire('vip:run', ['2026-11-20'])).toMatchObject({ path: '/ops/vip/run' });
    expect(() => wire('vip:run', ['yesterday'])).toThrow(UsageError);
  });
});

describe('the daily job', () => {
  it('runs for the previous Beijing day once the app listens, and stops with it', async () => {
    const day = '2026-12-01';
    setClock(at(day, 9));
    const m = await t.newMember();
    await bet(m.id, 'sport', 1000, at(day, 10), 'IM');
    setClock(at(addDays(day, 1), 0, 1));
    const app = await buildApp({ config: t.config, db: t.db, logger: false, scheduledJobs: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (let i = 0; i < 100; i++) {
        const rows = await t.db.select().from(rebates).where(eq(rebates.userId, m.id));
        if (rows.length > 0) {
          expect(rows.map((r) => [r.day, r.category, r.amountCents])).toEqual([[day, 'sport', 400n]]);
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the daily job did not run');
    } finally {
      await app.close();
    }
  });
});

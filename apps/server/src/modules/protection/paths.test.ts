/**
 * Issue 32: every path that moves money into play asks the guard inside its own transaction —
 * deposit orders and their approval, demo-game rounds, opening a game, transfers into a venue, red
 * packets, rebate claims, activity applications and bonus approval — while withdrawing and moving
 * money out of a venue keep working during a break. (Lottery orders: lottery-limits.test.ts.)
 */
import { REBATE_STATES } from '@app/contract/enums';
import { breakMessage, limitMessage, type Protection } from '@app/contract/protection';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock, setClock } from '../../core/clock';
import { deposits } from '../../db/schema/money';
import { activityApplications, rebates } from '../../db/schema/promo';
import { buildTestApp, dataOf, expectEnvelope, idem, type Reply, type TestApp } from '../../../test/helpers';
import { sessionOf, spin, WIN_FROM } from '../games/demo';
import { readyMember } from '../withdrawals/test-support';
import { takeBreak } from './service';

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

// 10:30 in Beijing (red packets are claimed 10:00–12:00).
const T0 = Date.UTC(2030, 2, 1, 2, 30, 0);
const LOSE = WIN_FROM - 1;

const refusal = (r: Reply) => {
  expectEnvelope(r);
  return [r.status, r.body.message];
};
const setLimit = (token: string, kind: string, period: string, amount: string) =>
  t.post('/api/protection/limit', { kind, period, amount }, { token });
const recharge = (token: string, yuan: number) =>
  t.post(
    '/api/recharge',
    { paytype: 'usdt', amount: yuan.toFixed(2), catepay: 'trc20' },
    { token, headers: idem() },
  );
const balance = async (token: string) =>
  dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token })).balance;
const transfer = (token: string, amount: number, sourcetype: string, targettype: string) =>
  t.post('/api/transfer', { amount, sourcetype, targettype }, { token, headers: idem() });
const launch = (token: string, plat_name = 'AG') =>
  t.post('/api/getGameUrl', { is_mobile_url: 1, plat_name, game_type: 'concise', game_code: '' }, { token });

/** A member with a game session of AG and `yuan` in that venue. */
async function player(yuan: number) {
  const m = await t.newMember();
  await t.fund(m.id, String(yuan));
  dataOf(await transfer(m.token, yuan, 'userbalance', 'AG'));
  const { url } = dataOf<{ url: string }>(await launch(m.token));
  const ticket = new URL(url, 'http://x').searchParams.get('ticket') ?? '';
  const gameToken = dataOf<{ token: string }>(await t.post('/demo-game/api/session', { ticket })).token;
  return { ...m, session: await sessionOf(t.db, gameToken) };
}

/** Takes a break of `days` and signs in again (the break ended the member's sessions). */
async function onBreak(m: { id: number; name: string; password: string; token: string }, days = 7) {
  await takeBreak(t.db, t.app.roomBus, m.id, { kind: 'timeout', days });
  m.token = await t.login(m.name, m.password);
  return breakMessage(days === 7 ? '2030-03-08 10:30' : '');
}

describe('deposit limits', () => {
  it('a deposit order counts with those in review; the next one beyond the limit is refused with what is left', async () => {
    setClock(T0);
    const m = await t.newMember();
    dataOf(await setLimit(m.token, 'deposit', 'day', '1000'));
    dataOf(await setLimit(m.token, 'deposit', 'week', '3000'));
    dataOf(await recharge(m.token, 720));
    expect(refusal(await recharge(m.token, 500))).toEqual([400, limitMessage('每24小时存款限额', '280.00')]);
    dataOf(await recharge(m.token, 280));
    const p = dataOf<Protection>(await t.get('/api/protection', {}, { token: m.token }));
    // Used counts credited deposits; orders in review count when a new order is placed.
    expect(p.limits.map((l) => [l.period, l.used])).toEqual([
      ['day', '0.00'],
      ['week', '0.00'],
    ]);
  });

  it('an approval beyond the member’s limit is refused with the reason, and the deposit stays in review', async () => {
    setClock(T0);
    const m = await t.newMember();
    const { deposit_no } = dataOf<{ deposit_no: string }>(await recharge(m.token, 720));
    dataOf(await setLimit(m.token, 'deposit', 'day', '500'));
    const r = await t.op('/deposits/approve', { deposit_no });
    expect(refusal(r)).toEqual([409, '超出会员设置的每24小时存款限额']);
    const [d] = await t.db.select().from(deposits).where(eq(deposits.depositNo, deposit_no));
    expect(d?.state).toBe(1);
    expect(await balance(m.token)).toBe('0.00');
    // The operator rejects it; within the limit, an approval credits and counts.
    dataOf(await t.op('/deposits/reject', { deposit_no, reason: '超出会员存款限额' }));
    const small = dataOf<{ deposit_no: string }>(await recharge(m.token, 300)).deposit_no;
    dataOf(await t.op('/deposits/approve', { deposit_no: small }));
    const p = dataOf<Protection>(await t.get('/api/protection', {}, { token: m.token }));
    expect(p.limits.map((l) => [l.used, l.remaining])).toEqual([['300.00', '200.00']]);
  });
});

describe('demo-game rounds', () => {
  it('a loss limit counts the stake as lost: a round that would win is refused as one that would lose', async () => {
    setClock(T0);
    const m = await player(100);
    dataOf(await setLimit(m.token, 'loss', 'day', '10'));
    await spin(t.db, m.session, 800n, LOSE);
    const win = spin(t.db, m.session, 500n, WIN_FROM);
    await expect(win).rejects.toThrow(limitMessage('每24小时亏损限额', '2.00'));
    await spin(t.db, m.session, 200n, LOSE);
    await expect(spin(t.db, m.session, 1n, WIN_FROM)).rejects.toThrow(
      limitMessage('每24小时亏损限额', '0.00'),
    );
    const p = dataOf<Protection>(await t.get('/api/protection', {}, { token: m.token }));
    expect(p.limits.map((l) => [l.used, l.remaining])).toEqual([['10.00', '0.00']]);
  });

  it('the session summary (reality check) counts this sign-in’s stakes, winnings and net result', async () => {
    setClock(T0);
    const m = await player(100);
    await spin(t.db, m.session, 800n, LOSE);
    await spin(t.db, m.session, 500n, WIN_FROM);
    const summary = dataOf(await t.get('/api/protection/session', {}, { token: m.token }));
    expect(summary).toEqual({
      started_at: '2030-03-01 10:30:00',
      ends_at: null,
      stakes: '13.00',
      winnings: '10.00',
      net: '-3.00',
    });
    // A sign-in a minute later starts a count of its own.
    advanceClock(60_000);
    const again = await t.login(m.name, m.password);
    expect(dataOf(await t.get('/api/protection/session', {}, { token: again }))).toMatchObject({
      started_at: '2030-03-01 10:31:00',
      ends_at: null,
      stakes: '0.00',
      net: '0.00',
    });
  });

  it('a wager limit counts stakes whatever they paid', async () => {
    setClock(T0);
    const m = await player(100);
    dataOf(await setLimit(m.token, 'wager', 'day', '20'));
    await spin(t.db, m.session, 1500n, WIN_FROM);
    await expect(spin(t.db, m.session, 600n, LOSE)).rejects.toThrow(limitMessage('每24小时投注限额', '5.00'));
    await spin(t.db, m.session, 500n, LOSE);
  });
});

describe('during a break', () => {
  it('refuses deposits, games, transfers into venues, red packets, rebates and activities; withdrawals and transfers out work', async () => {
    setClock(T0);
    const m = await readyMember(t, '1000.00');
    dataOf(await transfer(m.token, 100, 'userbalance', 'AG'));
    await t.db.insert(rebates).values({
      userId: m.id,
      category: 'realperson',
      day: '2030-02-28',
      validCents: 10_000n,
      rateBasisPoints: 100,
      amountCents: 100n,
      vipLevel: 1,
      state: REBATE_STATES.unclaimed,
      createdAt: new Date(T0),
    });
    const message = await onBreak(m);
    const refused = [400, message];
    expect(refusal(await recharge(m.token, 100))).toEqual(refused);
    expect(refusal(await launch(m.token))).toEqual(refused);
    expect(refusal(await transfer(m.token, 10, 'userbalance', 'AG'))).toEqual(refused);
    expect(
      refusal(await t.post('/api/douserredpacket', undefined, { token: m.token, headers: idem() })),
    ).toEqual(refused);
    expect(refusal(await t.post('/api/dofanshui', {}, { token: m.token, headers: idem() }))).toEqual(refused);
    const activities = dataOf<{ data: { id: number }[] }>(await t.post('/api/activitylist')).data;
    expect(
      refusal(await t.post('/api/doactivityapply', { activityid: activities[0]?.id }, { token: m.token })),
    ).toEqual(refused);
    // What still works: money out of a venue, a withdrawal, reading one's records.
    dataOf(await transfer(m.token, 100, 'AG', 'userbalance'));
    dataOf(
      await t.post(
        '/api/withdraw',
        { type: 'bank', amount: 100, bank: m.bank, password: 'secret123' },
        { token: m.token, headers: idem() },
      ),
    );
    dataOf(await t.post('/api/gettransrecord', {}, { token: m.token }));
    expect(await balance(m.token)).toBe('900.00');
  });

  it('a bonus approval for a member in a break is refused with the reason; the application stays pending', async () => {
    setClock(T0);
    const m = await readyMember(t, '1.00');
    const deposit_no = dataOf<{ deposit_no: string }>(await recharge(m.token, 500)).deposit_no;
    dataOf(await t.op('/deposits/approve', { deposit_no }));
    const activities = dataOf<{ data: { id: number; title: string }[] }>(
      await t.post('/api/activitylist'),
    ).data;
    const first = activities.find((a) => a.title === '新会员首存送 38%');
    dataOf(await t.post('/api/doactivityapply', { activityid: first?.id }, { token: m.token }));
    const [application] = await t.db
      .select()
      .from(activityApplications)
      .where(and(eq(activityApplications.userId, m.id), eq(activityApplications.state, 1)));
    await onBreak(m);
    const r = await t.op('/activities/approve', { id: application?.id });
    expect(refusal(r)).toEqual([400, '会员处于暂停期间（至2030-03-08 10:30）']);
    const [still] = await t.db
      .select({ state: activityApplications.state })
      .from(activityApplications)
      .where(eq(activityApplications.id, application?.id ?? 0));
    expect(still?.state).toBe(1);
    expect(await balance(m.token)).toBe('501.00');
  });

  it('a demo-game round of a session opened before the break is refused', async () => {
    setClock(T0);
    const m = await player(50);
    await takeBreak(t.db, t.app.roomBus, m.id, { kind: 'exclusion', months: 6 });
    // The break ended the sign-in session, so the game session is refused as expired first.
    await expect(spin(t.db, m.session, 100n, LOSE)).rejects.toThrow();
  });
});

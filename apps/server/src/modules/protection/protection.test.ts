/**
 * Issue 32 (责任博彩): limits a member sets, their changes (lower at once, higher or removed after
 * 24 h and a confirmation within 7 days), their order (day ≤ week ≤ month), and a time-out or a
 * self-exclusion that ends every session at once.
 */
import {
  breakMessage,
  MSG_BREAK_ACTIVE,
  MSG_BREAK_CONFIRM,
  MSG_BREAK_FOREVER,
  MSG_BREAK_KIND,
  MSG_LIMIT_AMOUNT,
  MSG_LIMIT_KIND,
  MSG_LIMIT_NO_PENDING,
  MSG_LIMIT_NOT_YET,
  MSG_LIMIT_ORDER_DAY,
  MSG_LIMIT_ORDER_WEEK,
  MSG_LIMIT_PERIOD,
  MSG_REALITY_CHECK,
  type Protection,
} from '@app/contract/protection';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock, setClock } from '../../core/clock';
import { playLimitEvents } from '../../db/schema/protection';
import { buildTestApp, dataOf, expectEnvelope, type Reply, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(() => {
  resetClock();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const T0 = Date.UTC(2030, 2, 1, 4, 0, 0);

const state = async (token: string) => dataOf<Protection>(await t.get('/api/protection', {}, { token }));
const setLimit = (token: string, body: Record<string, unknown>) =>
  t.post('/api/protection/limit', body, { token });
const confirm = (token: string, kind: string, period: string) =>
  t.post('/api/protection/limit/confirm', { kind, period }, { token });
const refusal = (r: Reply) => {
  expectEnvelope(r);
  return [r.status, r.body.message];
};
const brief = (p: Protection) =>
  p.limits.map((l) => [l.kind, l.period, l.amount, l.used, l.remaining, l.pending?.amount ?? '-']);

describe('setting limits', () => {
  it('a first limit applies at once and shows used, remaining and when its period restarts', async () => {
    setClock(T0);
    const m = await t.newMember();
    expect(await state(m.token)).toEqual({
      limits: [],
      break: null,
      reality_check: 0,
      session_limit: { minutes: 0, pending: null },
    });
    const r = await setLimit(m.token, { kind: 'deposit', period: 'day', amount: '500' });
    expect(r.body?.message).toBe('设置成功');
    const p = dataOf<Protection>(r);
    expect(brief(p)).toEqual([['deposit', 'day', '500.00', '0.00', '500.00', '-']]);
    // Beijing time of T0 + 24 h: the fixed period counted from when the limit first applied.
    expect(p.limits[0]?.resets_at).toBe('2030-03-02 12:00:00');
    // The period rolls on from the same anchor.
    advanceClock(30 * HOUR);
    expect((await state(m.token)).limits[0]?.resets_at).toBe('2030-03-03 12:00:00');
  });

  it('refuses a bad kind, period or amount with its message, in order', async () => {
    const m = await t.newMember();
    expect(refusal(await setLimit(m.token, { kind: 'x', period: 'day', amount: '1' }))).toEqual([
      400,
      MSG_LIMIT_KIND,
    ]);
    expect(refusal(await setLimit(m.token, { kind: 'loss', period: 'year', amount: '1' }))).toEqual([
      400,
      MSG_LIMIT_PERIOD,
    ]);
    for (const amount of ['abc', '-5', '0', '1.234']) {
      expect(refusal(await setLimit(m.token, { kind: 'loss', period: 'day', amount }))).toEqual([
        400,
        MSG_LIMIT_AMOUNT,
      ]);
    }
    expect((await state(m.token)).limits).toEqual([]);
  });

  it('keeps daily ≤ weekly ≤ monthly within a kind', async () => {
    const m = await t.newMember();
    dataOf(await setLimit(m.token, { kind: 'wager', period: 'week', amount: '1000' }));
    expect(refusal(await setLimit(m.token, { kind: 'wager', period: 'day', amount: '1500' }))).toEqual([
      400,
      MSG_LIMIT_ORDER_DAY,
    ]);
    expect(refusal(await setLimit(m.token, { kind: 'wager', period: 'month', amount: '800' }))).toEqual([
      400,
      MSG_LIMIT_ORDER_WEEK,
    ]);
    // Another kind has its own order.
    dataOf(await setLimit(m.token, { kind: 'loss', period: 'day', amount: '1500' }));
    dataOf(await setLimit(m.token, { kind: 'wager', period: 'day', amount: '1000' }));
    expect(brief(await state(m.token)).map((l) => l.slice(0, 3))).toEqual([
      ['loss', 'day', '1500.00'],
      ['wager', 'day', '1000.00'],
      ['wager', 'week', '1000.00'],
    ]);
  });
});

describe('changing a limit', () => {
  it('a lower one applies at once; a higher one waits 24 h, then needs confirming within 7 days', async () => {
    setClock(T0);
    const m = await t.newMember();
    dataOf(await setLimit(m.token, { kind: 'loss', period: 'day', amount: '300' }));
    dataOf(await setLimit(m.token, { kind: 'loss', period: 'day', amount: '200' }));
    expect(brief(await state(m.token))).toEqual([['loss', 'day', '200.00', '0.00', '200.00', '-']]);

    const raised = dataOf<Protection>(
      await setLimit(m.token, { kind: 'loss', period: 'day', amount: '900' }),
    );
    expect(brief(raised)).toEqual([['loss', 'day', '200.00', '0.00', '200.00', '900.00']]);
    expect(raised.limits[0]?.pending).toMatchObject({
      confirm_from: '2030-03-02 12:00:00',
      confirm_by: '2030-03-09 12:00:00',
    });
    expect(refusal(await confirm(m.token, 'loss', 'day'))).toEqual([400, MSG_LIMIT_NOT_YET]);
    advanceClock(24 * HOUR);
    const done = await confirm(m.token, 'loss', 'day');
    expect(done.body?.message).toBe('限额已更新');
    expect(brief(dataOf<Protection>(done))).toEqual([['loss', 'day', '900.00', '0.00', '900.00', '-']]);
    expect(refusal(await confirm(m.token, 'loss', 'day'))).toEqual([400, MSG_LIMIT_NO_PENDING]);

    const events = await t.db
      .select({ action: playLimitEvents.action, cents: playLimitEvents.amountCents })
      .from(playLimitEvents)
      .where(eq(playLimitEvents.userId, m.id))
      .orderBy(playLimitEvents.id);
    expect(events.map((e) => [e.action, e.cents])).toEqual([
      ['set', 30_000n],
      ['lowered', 20_000n],
      ['raise_requested', 90_000n],
      ['raised', 90_000n],
    ]);
  });

  it('a lower amount while a raise waits drops the raise', async () => {
    const m = await t.newMember();
    dataOf(await setLimit(m.token, { kind: 'deposit', period: 'week', amount: '1000' }));
    dataOf(await setLimit(m.token, { kind: 'deposit', period: 'week', amount: '5000' }));
    const lowered = dataOf<Protection>(
      await setLimit(m.token, { kind: 'deposit', period: 'week', amount: '800' }),
    );
    expect(brief(lowered)).toEqual([['deposit', 'week', '800.00', '0.00', '800.00', '-']]);
  });

  it('an unconfirmed raise lapses after 7 days; a removal waits the same way', async () => {
    setClock(T0);
    const m = await t.newMember();
    dataOf(await setLimit(m.token, { kind: 'wager', period: 'month', amount: '100' }));
    dataOf(await setLimit(m.token, { kind: 'wager', period: 'month', amount: '200' }));
    advanceClock((24 + 7 * 24) * HOUR + 1000);
    // A session does not last 8 days: the member signs in again.
    m.token = await t.login(m.name, m.password);
    expect(brief(await state(m.token))).toEqual([['wager', 'month', '100.00', '0.00', '100.00', '-']]);
    expect(refusal(await confirm(m.token, 'wager', 'month'))).toEqual([400, MSG_LIMIT_NO_PENDING]);

    const removing = dataOf<Protection>(
      await setLimit(m.token, { kind: 'wager', period: 'month', amount: '' }),
    );
    expect(removing.limits[0]?.pending).toMatchObject({ amount: null });
    expect(refusal(await confirm(m.token, 'wager', 'month'))).toEqual([400, MSG_LIMIT_NOT_YET]);
    advanceClock(24 * HOUR);
    expect(dataOf<Protection>(await confirm(m.token, 'wager', 'month')).limits).toEqual([]);
  });
});

describe('a time-out or a self-exclusion', () => {
  const takeBreak = (token: string, body: Record<string, unknown>) =>
    t.post('/api/protection/break', body, { token });

  it('refuses without the confirmation or with a length not offered', async () => {
    const m = await t.newMember();
    expect(refusal(await takeBreak(m.token, { kind: 'timeout', days: 1 }))).toEqual([400, MSG_BREAK_CONFIRM]);
    expect(refusal(await takeBreak(m.token, { kind: 'timeout', days: 3, confirm: 1 }))).toEqual([
      400,
      MSG_BREAK_KIND,
    ]);
    expect(refusal(await takeBreak(m.token, { kind: 'exclusion', months: 7, confirm: 1 }))).toEqual([
      400,
      MSG_BREAK_KIND,
    ]);
    expect(refusal(await takeBreak(m.token, { kind: 'forever', confirm: 1 }))).toEqual([400, MSG_BREAK_KIND]);
    expect((await state(m.token)).break).toBeNull();
  });

  it('a time-out ends every session at once; signing in again shows it; only a longer one follows', async () => {
    setClock(T0);
    const m = await t.newMember();
    const second = await t.login(m.name, m.password);
    const r = await takeBreak(m.token, { kind: 'timeout', days: 7, confirm: 1 });
    expect(r.body?.message).toBe('已生效，您已退出登录');
    expect(dataOf<Protection>(r).break).toEqual({
      kind: 'timeout',
      started_at: '2030-03-01 12:00:00',
      ends_at: '2030-03-08 12:00:00',
    });
    for (const token of [m.token, second])
      expect((await t.get('/api/protection', {}, { token })).status).toBe(401);

    const again = await t.login(m.name, m.password);
    expect((await state(again)).break?.ends_at).toBe('2030-03-08 12:00:00');
    expect(refusal(await takeBreak(again, { kind: 'timeout', days: 1, confirm: 1 }))).toEqual([
      400,
      MSG_BREAK_ACTIVE,
    ]);
    const longer = await takeBreak(again, { kind: 'exclusion', months: 0, confirm: 1 });
    expect(dataOf<Protection>(longer).break).toMatchObject({ kind: 'exclusion', ends_at: null });
    const third = await t.login(m.name, m.password);
    expect(refusal(await takeBreak(third, { kind: 'exclusion', months: 60, confirm: 1 }))).toEqual([
      400,
      MSG_BREAK_ACTIVE,
    ]);
  });

  it('ends by itself when its time is over', async () => {
    setClock(T0);
    const m = await t.newMember();
    dataOf(await takeBreak(m.token, { kind: 'timeout', days: 1, confirm: 1 }));
    advanceClock(24 * HOUR + 1000);
    const token = await t.login(m.name, m.password);
    expect((await state(token)).break).toBeNull();
  });

  it('the refusal tells when the break ends', () => {
    expect(breakMessage('2030-03-08 12:00')).toBe('您已暂停游戏至2030-03-08 12:00，期间只能提款和查看记录');
    expect(MSG_BREAK_FOREVER).toBe('您已永久自我排除，只能提款和查看记录');
  });
});

describe('the reality check', () => {
  it('keeps the interval chosen; the session summary counts this sign-in’s play only', async () => {
    const m = await t.newMember();
    expect((await state(m.token)).reality_check).toBe(0);
    expect(
      refusal(await t.post('/api/protection/reality_check', { minutes: 7 }, { token: m.token })),
    ).toEqual([400, MSG_REALITY_CHECK]);
    const r = dataOf<Protection>(
      await t.post('/api/protection/reality_check', { minutes: 30 }, { token: m.token }),
    );
    expect(r.reality_check).toBe(30);
    expect((await state(m.token)).reality_check).toBe(30);
    const summary = dataOf<Record<string, string>>(
      await t.get('/api/protection/session', {}, { token: m.token }),
    );
    expect(summary).toMatchObject({ stakes: '0.00', winnings: '0.00', net: '0.00' });
    expect(summary.started_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});

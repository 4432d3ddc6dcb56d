import { TRIAL_ACCOUNT } from '@app/contract/auth';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock, setClock } from '../core/clock';
import { attemptLimits } from '../db/schema/accounts';
import { buildTestApp, dataOf, expectEnvelope, idem, type Reply, type TestApp } from '../../test/helpers';
import { ATTEMPT_WINDOW_MS, KNOWN_ADDRESS_MS, pruneAttempts } from './limits';

/* Failure limits of the payment password and of sign-in (limits.ts), on whichever database runs. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  resetClock();
});

const MIN = 60_000;
const BAD_PAY = '支付密码错误';
const payLocked = (minutes: number) => `支付密码错误次数过多，请${minutes}分钟后再试`;
const BAD_LOGIN = '账号或密码错误';
const loginLocked = (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试`;
const nameLocked = (minutes: number) => `该账号登录失败次数过多，请${minutes}分钟后再试`;

const said = (r: Reply) => {
  expectEnvelope(r);
  return [r.status, r.body.message] as const;
};
const tally = (replies: Reply[]) => {
  const counts: Record<string, number> = {};
  for (const r of replies) {
    const [status, message] = said(r);
    const k = `${status} ${message}`;
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
};

/* Payment password --------------------------------------------------------------------------------- */

const card = (n: number) => ({
  bank: '招商银行',
  bank_owner: '张三',
  bank_no: `6222 0000 1111 ${String(1000 + n)}`,
  bank_address: '深圳',
});
const bindCard = (a: TestApp, token: string, payPass: string, n = 0) =>
  a.post('/api/bindcard', { ...card(n), pay_pass: payPass }, { token });
const editPay = (a: TestApp, token: string, old: string, next = 'newpay123') =>
  a.post('/api/editPayPassword', { password: old, paypassword: next }, { token });

/** A member (payment password secret123) with a bank card and a bound mobile; returns the card id. */
async function withCard() {
  const m = await t.newMember();
  dataOf(await bindCard(t, m.token, m.password));
  dataOf(await t.post('/api/auth/updateuserinfo', { mobile: '13812345678' }, { token: m.token }));
  const cards = dataOf<{ id: number }[]>(await t.post('/api/getcard', { type: 1 }, { token: m.token }));
  const id = cards[0]?.id;
  if (id === undefined) throw new Error('no card');
  return { ...m, card: id };
}

describe('payment password', () => {
  it('allows 5 wrong tries in 15 minutes, then refuses every try until the window ends', async () => {
    setClock(now());
    const m = await withCard();
    const other = await withCard();
    const withdraw = (password: string) =>
      t.post(
        '/api/withdraw',
        { type: 'bank', amount: 100, bank: m.card, password },
        { token: m.token, headers: idem() },
      );

    // The three places share one count: bind card, withdraw, change (old password).
    expect(said(await bindCard(t, m.token, 'wrong001', 1))).toEqual([400, BAD_PAY]);
    advanceClock(2 * MIN);
    expect(said(await withdraw('wrong002'))).toEqual([400, BAD_PAY]);
    expect(said(await editPay(t, m.token, 'wrong003'))).toEqual([400, '原支付密码错误']);
    expect(said(await withdraw('wrong004'))).toEqual([400, BAD_PAY]);
    expect(said(await bindCard(t, m.token, 'wrong005', 1))).toEqual([400, BAD_PAY]);
    // Locked: even the right password is refused, everywhere, with the minutes left of the window.
    expect(said(await bindCard(t, m.token, m.password, 1))).toEqual([429, payLocked(13)]);
    expect(said(await withdraw(m.password))).toEqual([429, payLocked(13)]);
    expect(said(await editPay(t, m.token, m.password))).toEqual([429, payLocked(13)]);
    advanceClock(12 * MIN + 30_000);
    expect(said(await withdraw(m.password))).toEqual([429, payLocked(1)]);
    // Another member is not affected.
    dataOf(await bindCard(t, other.token, other.password, 2));
    // The window ends 15 minutes after its first failure; the right password works again.
    advanceClock(30_000);
    dataOf(await bindCard(t, m.token, m.password, 1));
    expect(said(await editPay(t, m.token, 'wrong006'))).toEqual([400, '原支付密码错误']);
    dataOf(await editPay(t, m.token, m.password));
  });

  it('a right password clears the count', async () => {
    const m = await t.newMember();
    for (let i = 0; i < 4; i++)
      expect(said(await bindCard(t, m.token, 'wrong123', 1))).toEqual([400, BAD_PAY]);
    dataOf(await bindCard(t, m.token, m.password, 1));
    for (let i = 0; i < 5; i++)
      expect(said(await bindCard(t, m.token, 'wrong123', 2))).toEqual([400, BAD_PAY]);
    expect(said(await bindCard(t, m.token, m.password, 2))[0]).toBe(429);
  });

  it('of 50 wrong tries at once, exactly 5 are checked and 45 refused as locked', async () => {
    setClock(now());
    const m = await t.newMember();
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? bindCard(t, m.token, `wrong${i}x`, 1) : editPay(t, m.token, `wrong${i}x`),
      ),
    );
    const counts = tally(replies);
    expect((counts[`400 ${BAD_PAY}`] ?? 0) + (counts['400 原支付密码错误'] ?? 0)).toBe(5);
    expect(counts[`429 ${payLocked(15)}`]).toBe(45);
    const [row] = await t.db
      .select()
      .from(attemptLimits)
      .where(and(eq(attemptLimits.kind, 'pay_password'), eq(attemptLimits.subject, String(m.id))));
    expect(row?.failures).toBe(50);
  });

  it('the count is in the database: two app instances share it', async () => {
    const second = await buildTestApp({ database: t.database });
    try {
      const m = await t.newMember();
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? t : second;
        expect(said(await bindCard(app, m.token, 'wrong123', 1))).toEqual([400, BAD_PAY]);
      }
      expect(said(await bindCard(second, m.token, m.password, 1))[0]).toBe(429);
      expect(said(await bindCard(t, m.token, m.password, 1))[0]).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('a window left in the future by a clock moved back does not lock for longer than a window', async () => {
    const m = await t.newMember();
    setClock(now() + 2 * 3600_000);
    for (let i = 0; i < 5; i++) await bindCard(t, m.token, 'wrong123', 1);
    expect(said(await bindCard(t, m.token, m.password, 1))[0]).toBe(429);
    resetClock();
    dataOf(await bindCard(t, m.token, m.password, 1));
  });
});

/* Sign-in ------------------------------------------------------------------------------------------ */

const login = (a: TestApp, name: string, password: string, remoteAddress: string) =>
  a.post('/api/login_pc', { name, password }, { remoteAddress });

describe('sign-in limits', () => {
  it('5 failures per name and address, then that address is refused; another address still gets in', async () => {
    setClock(now());
    const m = await t.newMember();
    for (const name of [m.name, 'ghost0042']) {
      for (let i = 0; i < 5; i++) {
        expect(said(await login(t, name, 'wrongpass', '198.51.100.10'))).toEqual([400, BAD_LOGIN]);
      }
      // Existing and unknown names alike (no probing), the right password too.
      const password = name === m.name ? m.password : 'whatever1';
      expect(said(await login(t, name, password, '198.51.100.10'))).toEqual([429, loginLocked(15)]);
      // Case does not matter for the name.
      expect(said(await login(t, name.toUpperCase(), password, '198.51.100.10'))[0]).toBe(429);
    }
    // The member from another address: wrong is still the ordinary message, right gets in.
    expect(said(await login(t, m.name, 'wrongpass', '198.51.100.11'))).toEqual([400, BAD_LOGIN]);
    dataOf(await login(t, m.name, m.password, '198.51.100.11'));
    // Other names from the locked address are not affected.
    const other = await t.newMember();
    dataOf(await login(t, other.name, other.password, '198.51.100.10'));
    advanceClock(10 * MIN);
    expect(said(await login(t, m.name, m.password, '198.51.100.10'))).toEqual([429, loginLocked(5)]);
    advanceClock(5 * MIN);
    dataOf(await login(t, m.name, m.password, '198.51.100.10'));
  });

  it('a successful sign-in clears that address', async () => {
    const m = await t.newMember();
    for (let i = 0; i < 4; i++) await login(t, m.name, 'wrongpass', '198.51.100.20');
    dataOf(await login(t, m.name, m.password, '198.51.100.20'));
    for (let i = 0; i < 5; i++) {
      expect(said(await login(t, m.name, 'wrongpass', '198.51.100.20'))).toEqual([400, BAD_LOGIN]);
    }
    expect(said(await login(t, m.name, m.password, '198.51.100.20'))[0]).toBe(429);
  });

  it('of 30 wrong passwords at once from one address, only 5 are checked', async () => {
    setClock(now());
    const m = await t.newMember();
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => login(t, m.name, 'wrongpass', '198.51.100.30')),
    );
    expect(tally(replies)).toEqual({ [`400 ${BAD_LOGIN}`]: 5, [`429 ${loginLocked(15)}`]: 25 });
    dataOf(await login(t, m.name, m.password, '198.51.100.31'));
  });

  it('a name ceiling across addresses, which the usual address passes', async () => {
    setClock(now());
    const ceiling = await buildTestApp({
      database: t.database,
      config: { rateLimit: { loginNameFailuresPer15Min: 10 } },
    });
    try {
      const m = await t.newMember();
      const usual = '203.0.113.200';
      dataOf(await login(ceiling, m.name, m.password, usual));
      // 30 addresses at once, one wrong password each: 10 are checked, 20 refused.
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(ceiling, m.name, 'wrongpass', `203.0.113.${i + 1}`)),
      );
      expect(tally(replies)).toEqual({ [`400 ${BAD_LOGIN}`]: 10, [`429 ${nameLocked(15)}`]: 20 });
      // A new address is refused, the right password too.
      expect(said(await login(ceiling, m.name, m.password, '203.0.113.99'))).toEqual([429, nameLocked(15)]);
      // The member's usual address still gets in; a wrong password there is checked as usual.
      expect(said(await login(ceiling, m.name, 'wrongpass', usual))).toEqual([400, BAD_LOGIN]);
      dataOf(await login(ceiling, m.name, m.password, usual));
      // Unknown names have a ceiling too.
      for (let i = 0; i < 10; i++) await login(ceiling, 'ghost0043', 'wrongpass', `192.0.2.${i + 1}`);
      expect(said(await login(ceiling, 'ghost0043', 'wrongpass', '192.0.2.99'))).toEqual([
        429,
        nameLocked(15),
      ]);
      // The window ends.
      advanceClock(ATTEMPT_WINDOW_MS);
      dataOf(await login(ceiling, m.name, m.password, '203.0.113.99'));
      // A usual address stays usual for 30 days only.
      advanceClock(KNOWN_ADDRESS_MS);
      for (let i = 0; i < 10; i++) await login(ceiling, m.name, 'wrongpass', `203.0.113.${i + 1}`);
      expect(said(await login(ceiling, m.name, m.password, usual))).toEqual([429, nameLocked(15)]);
    } finally {
      await ceiling.close();
    }
  });

  it('never locks the trial account', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => login(t, TRIAL_ACCOUNT.name, 'wrongpass', '198.51.100.40')),
    );
    expect(tally(replies)).toEqual({ [`400 ${BAD_LOGIN}`]: 20 });
    dataOf(await login(t, TRIAL_ACCOUNT.name, TRIAL_ACCOUNT.password, '198.51.100.40'));
    const rows = await t.db
      .select()
      .from(attemptLimits)
      .where(like(attemptLimits.subject, `${TRIAL_ACCOUNT.name}%`));
    expect(rows).toEqual([]);
  });

  it('prunes counters whose window is over, and usual addresses after 30 days', async () => {
    setClock(now());
    const m = await t.newMember();
    await login(t, m.name, 'wrongpass', '198.51.100.50');
    dataOf(await login(t, m.name, m.password, '198.51.100.51'));
    await bindCard(t, m.token, 'wrong123', 1);
    const mine = async () =>
      (
        await t.db
          .select({ kind: attemptLimits.kind })
          .from(attemptLimits)
          .where(like(attemptLimits.subject, `${m.name}%`))
      )
        .map((r) => r.kind)
        .sort();
    expect(await mine()).toEqual(['login', 'login_known', 'login_name']);
    advanceClock(ATTEMPT_WINDOW_MS + 1000);
    await pruneAttempts(t.db, true);
    expect(await mine()).toEqual(['login_known']);
    const pay = await t.db
      .select()
      .from(attemptLimits)
      .where(eq(attemptLimits.subject, String(m.id)));
    expect(pay).toEqual([]);
    advanceClock(KNOWN_ADDRESS_MS);
    // Pruning also runs by itself when a new window starts.
    await login(t, 'ghost0044', 'wrongpass', '198.51.100.52');
    expect(await mine()).toEqual([]);
  });
});

import {
  TRIAL_ACCOUNT,
  MSG_CONFIRM,
  MSG_LOGIN_MISSING,
  MSG_PASSWORD,
  MSG_USERNAME,
  UserInfo,
} from '@app/contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, DAY_MS, now, resetClock, setClock } from '../../core/clock';
import { sessions, users } from '../../db/schema/accounts';
import { buildTestApp, dataOf, expectEnvelope, type TestApp } from '../../../test/helpers';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../identity/sessions';

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

const register = (body: Record<string, unknown>, remoteAddress?: string) =>
  t.post('/api/register', body, remoteAddress ? { remoteAddress } : {});

describe('register', () => {
  it('creates a member, signs them in and opens a central wallet', async () => {
    const r = await register({
      name: 'alice001',
      password: 'pass1234',
      confirmPass: 'pass1234',
      code: 'x1y2',
    });
    const data = dataOf<{ api_token: string }>(r);
    expect(r.body?.message).toBe('注册成功');
    expect(data.api_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = dataOf<Record<string, unknown>>(await t.post('/api/user', {}, { token: data.api_token }));
    expect(info).toMatchObject({
      username: 'alice001',
      balance: '0.00',
      gameblance: '0.00',
      vip: 'P1',
      joinday: 0,
    });
    // The session row keeps only the hash of the token.
    const rows = await t.db.select().from(sessions);
    expect(rows.some((s) => s.tokenHash === data.api_token)).toBe(false);
  });

  it('stores passwords as Argon2id hashes, the payment password too', async () => {
    await register({
      name: 'hashme01',
      password: 'pass1234',
      confirmPass: 'pass1234',
      paypassword: 'pay12345',
    });
    const [u] = await t.db.select().from(users).where(eq(users.username, 'hashme01'));
    expect(u?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(u?.payPasswordHash).toMatch(/^\$argon2id\$/);
    expect(u?.payPasswordHash).not.toBe(u?.passwordHash);
  });

  it('refuses a taken name, whatever its case', async () => {
    await register({ name: 'bobby001', password: 'pass1234', confirmPass: 'pass1234' });
    for (const name of ['bobby001', 'BOBBY001', 'demo001']) {
      const r = await register({ name, password: 'pass1234', confirmPass: 'pass1234' });
      expectEnvelope(r);
      expect([r.status, r.body.message]).toEqual([400, '用户名已存在']);
    }
  });

  it('one of two racing registrations of one name wins', async () => {
    const body = { name: 'racer001', password: 'pass1234', confirmPass: 'pass1234' };
    const replies = await Promise.all([register(body), register(body), register(body)]);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) expect(r.body?.message).toBe('用户名已存在');
  });

  it.each([
    [{ password: 'pass1234', confirmPass: 'pass1234' }, MSG_USERNAME],
    [{ name: 'abc', password: 'pass1234', confirmPass: 'pass1234' }, MSG_USERNAME],
    [{ name: 'abcdefghijklmnopq', password: 'pass1234', confirmPass: 'pass1234' }, MSG_USERNAME],
    [{ name: 'bad_name1', password: 'pass1234', confirmPass: 'pass1234' }, MSG_USERNAME],
    [{ name: '用户名六个字', password: 'pass1234', confirmPass: 'pass1234' }, MSG_USERNAME],
    [{ name: 'goodname1' }, MSG_PASSWORD],
    [{ name: 'goodname1', password: '12345', confirmPass: '12345' }, MSG_PASSWORD],
    [{ name: 'goodname1', password: 'pass1234', confirmPass: 'pass12345' }, MSG_CONFIRM],
    [{ name: 'goodname1', password: 'pass1234' }, MSG_CONFIRM],
    [{ name: 'goodname1', password: 'pass1234', confirmPass: 'pass1234', pid: 99999999 }, '推荐人不存在'],
    [{ name: 'goodname1', password: 'pass1234', confirmPass: 'pass1234', pid: 'abc' }, 'ID无效'],
  ])('refuses %j with its message', async (body, message) => {
    const r = await register(body);
    expectEnvelope(r);
    expect([r.status, r.body.message]).toEqual([400, message]);
  });

  it('records an existing referrer; an empty pid means none', async () => {
    const referrer = await t.newMember();
    const r1 = await register({
      name: 'invited01',
      password: 'pass1234',
      confirmPass: 'pass1234',
      pid: String(referrer.id),
    });
    dataOf(r1);
    const r2 = await register({ name: 'invited02', password: 'pass1234', confirmPass: 'pass1234', pid: '' });
    dataOf(r2);
    const rows = await t.db.select({ name: users.username, pid: users.pid }).from(users);
    expect(rows.find((u) => u.name === 'invited01')?.pid).toBe(referrer.id);
    expect(rows.find((u) => u.name === 'invited02')?.pid).toBeNull();
  });

  it('accepts a urlencoded form as well as JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=formuser1&password=pass1234&confirmPass=pass1234&code=ab',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('login', () => {
  it('signs in the demo member; each login is a new session and both stay valid', async () => {
    const a = await t.login('demo001', 'demo123');
    const b = await t.login('DEMO001', 'demo123');
    expect(a).not.toBe(b);
    for (const token of [a, b]) {
      expect(dataOf(await t.post('/api/user', {}, { token }))).toMatchObject({ username: 'demo001' });
    }
  });

  it('signs in the trial account, marked is_trial', async () => {
    const token = await t.login(TRIAL_ACCOUNT.name, TRIAL_ACCOUNT.password);
    const info = dataOf(await t.post('/api/user', {}, { token }));
    expect(info.is_trial).toBe(1);
    expect(UserInfo.parse(info).isTrial).toBe(true);
  });

  it('answers one message for a wrong password and an unknown name', async () => {
    const wrong = await t.post('/api/login_pc', { name: 'demo001', password: 'nope1234' });
    const unknown = await t.post('/api/login_pc', { name: 'nobody999', password: 'nope1234' });
    for (const r of [wrong, unknown]) {
      expectEnvelope(r);
      expect([r.status, r.body.message, r.body.data]).toEqual([400, '账号或密码错误', null]);
    }
  });

  it.each([
    [{}, MSG_LOGIN_MISSING],
    [{ name: 'demo001' }, MSG_LOGIN_MISSING],
    [{ password: 'demo123' }, MSG_LOGIN_MISSING],
    [{ name: '', password: '' }, MSG_LOGIN_MISSING],
    [{ name: 'demo001', password: 12345678 }, MSG_LOGIN_MISSING],
    [{ name: 'demo001', password: 'x'.repeat(17) }, '账号或密码错误'],
  ])('refuses %j', async (body, message) => {
    const r = await t.post('/api/login_pc', body);
    expectEnvelope(r);
    expect([r.status, r.body.message]).toEqual([400, message]);
  });

  it('locks a name at an address after 5 failures in 15 minutes, for existing and unknown names alike', async () => {
    const m = await t.newMember();
    for (const name of [m.name, 'ghost0001']) {
      for (let i = 0; i < 5; i++) {
        expect((await t.post('/api/login_pc', { name, password: 'wrongpass' })).status).toBe(400);
      }
      const locked = await t.post('/api/login_pc', {
        name,
        password: name === m.name ? m.password : 'whatever',
      });
      expectEnvelope(locked);
      expect([locked.status, locked.body.message]).toEqual([429, '登录失败次数过多，请15分钟后再试']);
    }
    // Other names are not affected, nor the member at another address (more in limits.test.ts).
    await t.login('demo001', 'demo123');
    dataOf(
      await t.post('/api/login_pc', { name: m.name, password: m.password }, { remoteAddress: '192.0.2.77' }),
    );
    // After the window, the right password works again.
    advanceClock(15 * 60_000 + 1000);
    await t.login(m.name, m.password);
  });

  it('a blocked member cannot sign in (403), and their sessions answer 403', async () => {
    const m = await t.newMember();
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, m.id));
    const call = await t.post('/api/user', {}, { token: m.token });
    expectEnvelope(call);
    expect([call.status, call.body.message]).toEqual([403, '账号已被冻结']);
    const login = await t.post('/api/login_pc', { name: m.name, password: m.password });
    expect([login.status, login.body?.message]).toEqual([403, '账号已被冻结']);
    // A wrong password still gets the ordinary message (no probing of blocked accounts).
    const wrong = await t.post('/api/login_pc', { name: m.name, password: 'wrongpass' });
    expect([wrong.status, wrong.body?.message]).toEqual([400, '账号或密码错误']);
  });
});

describe('sessions', () => {
  it('logoff revokes this session only', async () => {
    const a = await t.login('demo001', 'demo123');
    const b = await t.login('demo001', 'demo123');
    const off = await t.post('/api/logoff', {}, { token: a });
    expect(off.body?.message).toBe('退出成功');
    const after = await t.post('/api/user', {}, { token: a });
    expectEnvelope(after);
    expect(after.status).toBe(401);
    dataOf(await t.post('/api/user', {}, { token: b }));
    expect((await t.post('/api/logoff', {}, { token: a })).status).toBe(401);
  });

  it.each([
    ['no token', undefined, '请先登录'],
    ['a malformed token', { authorization: 'Bearer not-a-token' }, '登录已过期，请重新登录'],
    ['an unknown token', { authorization: `Bearer ${'A'.repeat(43)}` }, '登录已过期，请重新登录'],
    ['a wrong scheme', { authorization: `Basic ${'A'.repeat(43)}` }, '请先登录'],
    ['a 10 KB token', { authorization: `Bearer ${'A'.repeat(10_000)}` }, '登录已过期，请重新登录'],
  ])('member calls with %s answer 401', async (_label, headers, message) => {
    for (const path of ['/api/user', '/api/refreshusermoney', '/api/balance', '/api/logoff']) {
      const r = await t.post(path, {}, headers ? { headers } : {});
      expectEnvelope(r);
      expect([r.status, r.body.message]).toEqual([401, message]);
    }
  });

  it('ignores a _token query outside the chat socket (issue 13)', async () => {
    const token = await t.login('demo001', 'demo123');
    const r = await t.post('/api/user', {}, { query: { _token: token } });
    expectEnvelope(r);
    expect([r.status, r.body.message]).toEqual([401, '请先登录']);
  });

  it('ends after 7 idle days', async () => {
    setClock(now());
    const token = await t.login('demo001', 'demo123');
    advanceClock(SESSION_IDLE_MS - 60_000);
    dataOf(await t.post('/api/balance', {}, { token }));
    advanceClock(SESSION_IDLE_MS - 60_000);
    dataOf(await t.post('/api/balance', {}, { token })); // still alive: used a moment ago
    advanceClock(SESSION_IDLE_MS + 1000);
    const r = await t.post('/api/balance', {}, { token });
    expect([r.status, r.body?.message]).toEqual([401, '登录已过期，请重新登录']);
  });

  it('ends 30 days after sign-in even when used every few days', async () => {
    const start = now();
    setClock(start);
    const token = await t.login('demo001', 'demo123');
    for (let day = 6; day < 30; day += 6) {
      setClock(start + day * DAY_MS);
      dataOf(await t.post('/api/balance', {}, { token }));
    }
    setClock(start + SESSION_ABSOLUTE_MS - 1000);
    dataOf(await t.post('/api/balance', {}, { token }));
    setClock(start + SESSION_ABSOLUTE_MS + 1000);
    const r = await t.post('/api/balance', {}, { token });
    expect([r.status, r.body?.message]).toEqual([401, '登录已过期，请重新登录']);
  });

  it('writes last_seen_at at most once a minute', async () => {
    setClock(now());
    const token = await t.login('demo001', 'demo123');
    const lastSeen = async () => {
      const rows = await t.db.select().from(sessions).orderBy(sessions.id);
      return rows.at(-1)?.lastSeenAt.getTime();
    };
    const first = await lastSeen();
    advanceClock(30_000);
    await t.post('/api/balance', {}, { token });
    expect(await lastSeen()).toBe(first);
    advanceClock(31_000);
    await Promise.all([t.post('/api/balance', {}, { token }), t.post('/api/balance', {}, { token })]);
    expect(await lastSeen()).toBe(now());
  });
});

describe('user info', () => {
  it('answers the fields of spec §3 for the demo member, valid for the contract', async () => {
    const token = await t.login('demo001', 'demo123');
    for (const path of ['/api/user', '/api/refreshusermoney']) {
      const info = dataOf<Record<string, unknown>>(await t.post(path, undefined, { token }));
      expect(info).toMatchObject({
        username: 'demo001',
        realname: '演示会员',
        balance: '1000.00',
        gameblance: '0.00',
        vip: 'P1',
        current_vip: 'P1',
        paysum: '0.00',
        isagent: 0,
        transferstatus: 0,
        is_trial: 0,
      });
      expect(typeof info.id).toBe('number');
      for (const key of [
        'avatar',
        'mobile',
        'email',
        'birthday',
        'usdtrate',
        'withdrawcashfee',
        'withdrawfeeusdttrc',
        'withdrawusdtrate',
      ]) {
        expect(info).toHaveProperty(key);
      }
      const parsed = UserInfo.parse(info);
      expect(parsed.balance).toBe(100_000);
      expect(parsed.vipLevel).toBe(1);
    }
  });

  it('counts join days in whole days since registration', async () => {
    setClock(now());
    const m = await t.newMember();
    advanceClock(DAY_MS - 1000);
    expect(dataOf(await t.post('/api/user', {}, { token: m.token })).joinday).toBe(0);
    advanceClock(2000);
    expect(dataOf(await t.post('/api/user', {}, { token: m.token })).joinday).toBe(1);
    advanceClock(3 * DAY_MS);
    expect(dataOf(await t.post('/api/user', {}, { token: m.token })).joinday).toBe(4);
  });
});

describe('signing in prunes the member’s dead sessions', () => {
  it('removes revoked, idle and too old sessions, and keeps the live ones', async () => {
    const m = await t.newMember();
    const tokens = [m.token];
    for (let i = 0; i < 3; i++) tokens.push(await t.login(m.name, m.password));
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, m.id)).orderBy(sessions.id);
    const [live, revoked, idle, old] = rows.map((r) => r.id);
    const at = now();
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date(at) })
      .where(eq(sessions.id, revoked ?? 0));
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(at - SESSION_IDLE_MS) })
      .where(eq(sessions.id, idle ?? 0));
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(at - SESSION_ABSOLUTE_MS) })
      .where(eq(sessions.id, old ?? 0));
    await t.login(m.name, m.password);
    const left = (await t.db.select().from(sessions).where(eq(sessions.userId, m.id))).map((r) => r.id);
    expect(left).toHaveLength(2);
    expect(left).toContain(live);
    expect(left).not.toContain(revoked);
    expect(left).not.toContain(idle);
    expect(left).not.toContain(old);
  });
});

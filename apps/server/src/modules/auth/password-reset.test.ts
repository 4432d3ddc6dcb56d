/*
 * A password an operator resets is a one-time password (issue 29): the console and the command line
 * set must_change_password / must_change_pay_password; a session signed in with a one-time login
 * password only reads the member, changes the password and signs out; a one-time payment password
 * refuses withdrawals and card binding. Changing the password (old = the one-time one) lifts the hold.
 */
import { MSG_MUST_CHANGE_PASSWORD, UserInfo } from '@app/contract/auth';
import { MSG_MUST_CHANGE_PAY_PASSWORD } from '@app/contract/withdrawals';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { dataOf, expectEnvelope, idem, type Reply } from '../../../test/helpers';
import { sessions, users } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/operators';
import { endedSessions } from '../../identity/sessions';
import {
  createLotteryWithRooms,
  listeningTestApp,
  SocketClient,
  type ListeningApp,
} from '../chat/test-support';
import { readyMember } from '../withdrawals/test-support';

let t: ListeningApp;
let c: TestConsole;
let support: ConsoleAgent;
let room: number;
beforeAll(async () => {
  t = await listeningTestApp();
  c = await buildTestConsole(t);
  support = await c.signIn('support');
  [room = 0] = (await createLotteryWithRooms(t.db, 2, 1)).roomIds;
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
});

const refused = (r: Reply) => {
  expectEnvelope(r);
  return [r.status, r.body.message];
};
const flags = async (id: number) => {
  const [u] = await t.db
    .select({ login: users.mustChangePassword, pay: users.mustChangePayPassword })
    .from(users)
    .where(eq(users.id, id));
  return u;
};
const consoleReset = async (id: number, kind: 'login' | 'pay') =>
  dataOf<{ password: string }>(await support.post('/api/members/reset-password', { id, kind })).password;
const cliReset = async (username: string, kind: 'login' | 'pay') =>
  dataOf<{ password: string; kind: string; username: string }>(
    await t.op('/users/reset-password', { username, kind }),
  );
const withdraw = (token: string, body: Record<string, unknown>) =>
  t.post('/api/withdraw', body, { token, headers: idem() });

describe('the reset sets the one-time flags', () => {
  it('by the console: login and payment, each its own flag', async () => {
    const m = await t.newMember();
    expect(await flags(m.id)).toEqual({ login: false, pay: false });
    await consoleReset(m.id, 'pay');
    expect(await flags(m.id)).toEqual({ login: false, pay: true });
    await consoleReset(m.id, 'login');
    expect(await flags(m.id)).toEqual({ login: true, pay: true });
  });

  it('by the command line (user:reset-password), shown once and never in the audit', async () => {
    const m = await t.newMember();
    const login = await cliReset(m.name.toUpperCase(), 'login');
    expect(login).toMatchObject({ username: m.name, kind: 'login' });
    expect(login.password).toMatch(/^[A-Za-z0-9]{10}$/);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'opsResetMemberPassword'));
    expect(JSON.stringify(audited)).toContain(m.name.toUpperCase());
    expect(JSON.stringify(audited)).not.toContain(login.password);
    expect((await t.post('/api/balance', {}, { token: m.token })).status).toBe(401);
    await cliReset(m.name, 'pay');
    expect(await flags(m.id)).toEqual({ login: true, pay: true });
    const bad = await t.op('/users/reset-password', { username: m.name, kind: 'both' });
    expect(bad.status).toBe(400);
    const unknown = await t.op('/users/reset-password', { username: 'nobody9999', kind: 'login' });
    expect(refused(unknown)).toEqual([404, '用户不存在']);
    const [guest] = await t.db.select().from(users).where(eq(users.username, 'guest888'));
    expect((await t.op('/users/reset-password', { username: guest?.username, kind: 'login' })).status).toBe(
      403,
    );
  });
});

describe('a one-time login password', () => {
  it('signs in to a session held to reading oneself, changing the password and signing out', async () => {
    const m = await t.newMember();
    const once = await consoleReset(m.id, 'login');
    const login = await t.post('/api/login_pc', { name: m.name, password: once });
    const { api_token: token, must_change_password } = dataOf<{
      api_token: string;
      must_change_password: boolean;
    }>(login);
    expect(must_change_password).toBe(true);
    const info = dataOf(await t.post('/api/user', {}, { token }));
    expect(UserInfo.parse(info)).toMatchObject({ mustChangePassword: true, mustChangePayPassword: false });

    for (const path of ['/api/balance', '/api/refreshusermoney', '/api/getcard', '/api/updateuserinfo']) {
      expect(refused(await t.post(path, { type: 1 }, { token })), path).toEqual([
        403,
        MSG_MUST_CHANGE_PASSWORD,
      ]);
    }
    const game = await t.post('/api/getGameUrl', { plat_name: 'AG', is_mobile_url: 1 }, { token });
    expect(refused(game)).toEqual([403, MSG_MUST_CHANGE_PASSWORD]);
    expect(refused(await withdraw(token, { type: 'bank', amount: 100, bank: 1, password: once }))).toEqual([
      403,
      MSG_MUST_CHANGE_PASSWORD,
    ]);
    // Optional calls see a visitor; the chat socket refuses the session.
    const socket = await SocketClient.open(t.socketUrl(room, token));
    expect((await socket.closed).code).toBe(4401);
    const logoff = await t.post('/api/logoff', {}, { token });
    expect(logoff.status).toBe(200);
    expect((await t.post('/api/user', {}, { token })).status).toBe(401);
  });

  it('is changed with the one-time password as the old one, to another one; the session then goes on', async () => {
    const m = await t.newMember();
    const other = await t.login(m.name, m.password);
    const once = await consoleReset(m.id, 'login');
    const token = await t.login(m.name, once);
    const change = (password: string, paypassword: string) =>
      t.post('/api/editPassword', { password, paypassword }, { token });
    expect(refused(await change(once, once))).toEqual([400, '新旧密码不能一致！']);
    expect(refused(await change(m.password, 'mine12345'))).toEqual([400, '原密码错误']);
    expect((await flags(m.id))?.login).toBe(true);

    dataOf(await change(once, 'mine12345'));
    expect((await flags(m.id))?.login).toBe(false);
    expect(dataOf(await t.post('/api/balance', {}, { token }))).toEqual({ balance: '0.00' });
    expect(dataOf(await t.post('/api/user', {}, { token })).must_change_password).toBe(false);
    expect((await t.post('/api/balance', {}, { token: other })).status).toBe(401);
    // The one-time password is gone; the member's own signs in without a hold.
    expect((await t.post('/api/login_pc', { name: m.name, password: once })).status).toBe(400);
    const again = dataOf(await t.post('/api/login_pc', { name: m.name, password: 'mine12345' }));
    expect(again.must_change_password).toBe(false);
  });

  it('leaves no session live for games and the chat re-check while the hold is on', async () => {
    const m = await t.newMember();
    const token = await t.login(m.name, m.password);
    const rows = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, m.id));
    const ids = rows.map((s) => s.id);
    expect((await endedSessions(t.db, ids)).size).toBe(0);
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, m.id));
    expect([...(await endedSessions(t.db, ids)).values()]).toEqual(ids.map(() => 'revoked'));
    expect(refused(await t.post('/api/balance', {}, { token }))).toEqual([403, MSG_MUST_CHANGE_PASSWORD]);
  });
});

describe('a one-time payment password', () => {
  it('refuses withdrawals and card binding until changed, the session stays open', async () => {
    const m = await readyMember(t, '500.00');
    const once = await consoleReset(m.id, 'pay');
    dataOf(await t.post('/api/balance', {}, { token: m.token }));
    expect(dataOf(await t.post('/api/user', {}, { token: m.token })).must_change_pay_password).toBe(true);
    for (const password of [once, m.password]) {
      const w = await withdraw(m.token, { type: 'bank', amount: 100, bank: m.bank, password });
      expect(refused(w)).toEqual([403, MSG_MUST_CHANGE_PAY_PASSWORD]);
    }
    const card = await t.post(
      '/api/bindcard',
      {
        bank: '招商银行',
        bank_owner: '某人',
        bank_no: '6222000011112222',
        bank_address: '深圳',
        pay_pass: once,
      },
      { token: m.token },
    );
    expect(refused(card)).toEqual([403, MSG_MUST_CHANGE_PAY_PASSWORD]);

    const change = (password: string, paypassword: string) =>
      t.post('/api/editPayPassword', { password, paypassword }, { token: m.token });
    expect(refused(await change(once, once))).toEqual([400, '新旧密码不能一致！']);
    expect(refused(await change(m.password, 'pay123456'))).toEqual([400, '原支付密码错误']);
    dataOf(await change(once, 'pay123456'));
    expect(await flags(m.id)).toEqual({ login: false, pay: false });
    expect(dataOf(await t.post('/api/user', {}, { token: m.token })).must_change_pay_password).toBe(false);
    const w = await withdraw(m.token, { type: 'bank', amount: 100, bank: m.bank, password: 'pay123456' });
    expect(w.body?.message).toBe('提交成功，等待后台审核');
  });

  it('by the command line holds withdrawals the same way', async () => {
    const m = await readyMember(t, '500.00');
    const { password } = await cliReset(m.name, 'pay');
    const w = await withdraw(m.token, { type: 'bank', amount: 100, bank: m.bank, password });
    expect(refused(w)).toEqual([403, MSG_MUST_CHANGE_PAY_PASSWORD]);
  });
});

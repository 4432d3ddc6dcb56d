import { CSRF_HEADER } from '@app/contract/console-define';
import { MSG_CONSOLE_LOGIN_FAILED, MSG_CONSOLE_TOO_MANY, MSG_TOTP_WRONG } from '@app/contract/console-auth';
import { MSG_OPS_OPERATOR, OPS_OPERATOR_HEADER } from '@app/contract/ops-fields';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../core/clock';
import { auditLog, operators } from '../db/schema/operators';
import { buildTestApp, dataOf, type TestApp } from '../../test/helpers';
import {
  buildTestConsole,
  cookieLineOf,
  cookieOf,
  OPERATOR_TEST_PASSWORD,
  type TestConsole,
} from '../../test/console-helpers';
import { createOperator, currentTotp } from '../identity/operators';
import { CONSOLE_IDLE_MS } from '../identity/operator-sessions';

let t: TestApp;
let c: TestConsole;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
});
afterAll(async () => {
  await c.close();
  await t.close();
});
afterEach(() => resetClock());

describe('console sign-in', () => {
  it('asks a new operator for a password, then a TOTP enrolment, then a code', async () => {
    const { password } = await createOperator(t.db, 'newadmin', 'admin');
    const login = await c.send('POST', '/api/login', { body: { name: 'NewAdmin', password } });
    expect(dataOf(login)).toMatchObject({ next: 'password' });
    const line = cookieLineOf(login);
    const cookie = cookieOf(login);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).not.toMatch(/Secure/); // plain http here; Secure over https
    const csrf = (login.body?.data as { csrf: string }).csrf;
    const headers = { [CSRF_HEADER]: csrf };

    // Half-way through, the console's calls are closed.
    expect((await c.send('GET', '/api/session', { cookie })).status).toBe(401);
    // The CSRF header is required on every write, the sign-in's steps included.
    expect(
      (await c.send('POST', '/api/login/password', { cookie, body: { password: 'x'.repeat(12) } })).status,
    ).toBe(403);
    const short = await c.send('POST', '/api/login/password', {
      cookie,
      headers,
      body: { password: 'short' },
    });
    expect(short.body?.message).toBe('密码为10-64位');
    const same = await c.send('POST', '/api/login/password', { cookie, headers, body: { password } });
    expect(same.body?.message).toBe('新密码不能与一次性密码相同');
    const set = await c.send('POST', '/api/login/password', {
      cookie,
      headers,
      body: { password: OPERATOR_TEST_PASSWORD },
    });
    expect(dataOf(set)).toMatchObject({ next: 'enroll' });

    const enroll = dataOf<{ secret: string; otpauth_url: string }>(
      await c.send('GET', '/api/login/enroll', { cookie }),
    );
    expect(enroll.otpauth_url).toMatch(/^otpauth:\/\/totp\/.*newadmin\?.*secret=/);
    const wrong = await c.send('POST', '/api/login/totp', { cookie, headers, body: { code: '000000' } });
    expect(wrong.body?.message).toBe(MSG_TOTP_WRONG);
    const badShape = await c.send('POST', '/api/login/totp', { cookie, headers, body: { code: '12ab' } });
    expect(badShape.body?.message).toBe('请输入6位动态验证码');
    const code = currentTotp(enroll.secret);
    const ok = await c.send('POST', '/api/login/totp', { cookie, headers, body: { code } });
    expect(dataOf(ok)).toMatchObject({ name: 'newadmin', role: 'admin', idle_minutes: 30 });
    expect(dataOf(await c.send('GET', '/api/session', { cookie }))).toMatchObject({ name: 'newadmin' });

    // The same code again (a second tab, a replay) is refused.
    const again = await c.send('POST', '/api/login', {
      body: { name: 'newadmin', password: OPERATOR_TEST_PASSWORD },
    });
    expect(dataOf(again)).toMatchObject({ next: 'totp' });
    const again2 = cookieOf(again);
    const replay = await c.send('POST', '/api/login/totp', {
      cookie: again2,
      headers: { [CSRF_HEADER]: (again.body?.data as { csrf: string }).csrf },
      body: { code },
    });
    expect(replay.body?.message).toBe(MSG_TOTP_WRONG);

    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'operator.enrollTotp'));
    expect(row).toMatchObject({ operatorName: 'newadmin', targetType: 'operator' });
  });

  it('refuses a wrong password and an unknown name alike, then locks after 5 failures', async () => {
    await createOperator(t.db, 'lockme', 'finance');
    const wrong = await c.send('POST', '/api/login', { body: { name: 'lockme', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body?.message).toBe(MSG_CONSOLE_LOGIN_FAILED);
    const unknown = await c.send('POST', '/api/login', { body: { name: 'nobody', password: 'nope' } });
    expect(unknown.body?.message).toBe(MSG_CONSOLE_LOGIN_FAILED);
    for (let i = 0; i < 4; i += 1)
      await c.send('POST', '/api/login', { body: { name: 'lockme', password: 'x' } });
    const locked = await c.send('POST', '/api/login', { body: { name: 'lockme', password: 'x' } });
    expect(locked.status).toBe(429);
    expect(locked.body?.message).toBe(MSG_CONSOLE_TOO_MANY);
  });

  it('ends a session after 30 idle minutes, and at sign-out', async () => {
    const op = await c.signIn('support');
    expect((await op.get('/api/session')).status).toBe(200);
    advanceClock(CONSOLE_IDLE_MS - 60_000);
    expect((await op.get('/api/session')).status).toBe(200);
    advanceClock(CONSOLE_IDLE_MS + 1000);
    const idle = await op.get('/api/session');
    expect(idle.status).toBe(401);
    expect(idle.body?.message).toBe('请先登录');

    const fresh = await c.signIn('support');
    await fresh.post('/api/logout');
    expect((await fresh.get('/api/session')).status).toBe(401);
  });

  it('refuses a disabled operator and every session of it at once', async () => {
    const op = await c.signIn('content');
    await t.db.update(operators).set({ disabled: true }).where(eq(operators.id, op.id));
    expect((await op.get('/api/session')).status).toBe(401);
  });

  it('refuses a write without the CSRF token, or with another session’s', async () => {
    const a = await c.signIn('admin');
    const b = await c.signIn('admin');
    const body = { old_password: OPERATOR_TEST_PASSWORD, password: 'another-pass-1' };
    const none = await a.post('/api/password', body, { csrf: null });
    expect(none.status).toBe(403);
    expect(none.body?.message).toBe('页面已过期，请刷新后重试');
    expect((await a.post('/api/password', body, { csrf: b.csrf })).status).toBe(403);
    expect(dataOf(await a.post('/api/password', body))).toBeNull();
  });

  it('marks the cookie Secure when the console is reached over https (through a trusted proxy)', async () => {
    const tp = await buildTestApp({ config: { trustProxy: true }, database: t.database });
    const cp = await buildTestConsole(tp);
    try {
      const { password } = await createOperator(t.db, 'httpsop', 'support');
      const r = await cp.send('POST', '/api/login', {
        body: { name: 'httpsop', password },
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(cookieLineOf(r)).toMatch(/; Secure/);
    } finally {
      await cp.close();
      await tp.close();
    }
  });

  it('takes JSON only: a form posted from another site cannot reach a call', async () => {
    const r = await c.send('POST', '/api/login', {
      body: 'name=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(415);
  });

  it('is never served on the members’ address', async () => {
    expect((await t.post('/api/login', { name: 'x', password: 'y' })).status).toBe(404);
    expect((await t.get('/api/session')).status).toBe(404);
  });
});

describe('the audit log', () => {
  it('refuses to change or delete a row', async () => {
    const op = await c.signIn('admin');
    await op.post('/api/password', { old_password: OPERATOR_TEST_PASSWORD, password: 'another-pass-2' });
    const refused = async (work: Promise<unknown>) => {
      const err = await work.then(
        () => null,
        (e: unknown) => e as { cause?: { message?: string } },
      );
      expect(err?.cause?.message).toMatch(/audit_log is append-only/);
    };
    await refused(t.db.update(auditLog).set({ action: 'x' }));
    await refused(t.db.delete(auditLog));
    await refused(t.db.execute(sql`truncate audit_log`));
    expect((await t.db.select().from(auditLog)).length).toBeGreaterThan(0);
  });

  it('records every command-line write as 命令行, with who ran it when the command line says', async () => {
    dataOf(await t.op('/operators/create', { name: 'fromcli', role: 'support' }));
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'opsCreateOperator'));
    expect(rows[0]).toMatchObject({ operatorName: '命令行', after: { name: 'fromcli', role: 'support' } });
    const as = (who: string) => ({
      headers: { authorization: `Bearer ${t.operatorToken}`, [OPS_OPERATOR_HEADER]: who },
    });
    dataOf(await t.post('/ops/operators/create', { name: 'fromcli2', role: 'support' }, as('bob')));
    const [signed] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'opsCreateOperator'), eq(auditLog.operatorName, '命令行（bob）')));
    expect(signed).toMatchObject({ operatorId: null, after: { name: 'fromcli2' } });
    const forged = await t.post(
      '/ops/operators/create',
      { name: 'fromcli3', role: 'support' },
      as('<b>x</b>'),
    );
    expect([forged.status, forged.body?.message]).toEqual([400, MSG_OPS_OPERATOR]);
  });
});

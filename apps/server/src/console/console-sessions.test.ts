import {
  MSG_CONSOLE_TOO_MANY,
  MSG_ENROLL_SHOWN,
  MSG_OLD_PASSWORD_WRONG,
  MSG_TOTP_WRONG,
} from '@app/contract/console-auth';
import { BACKGROUND_HEADER, CSRF_HEADER } from '@app/contract/console-define';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../core/clock';
import { auditLog } from '../db/schema/operators';
import { buildTestApp, dataOf, type Reply, type TestApp } from '../../test/helpers';
import {
  buildTestConsole,
  cookieOf,
  OPERATOR_TEST_PASSWORD,
  type ConsoleAgent,
  type TestConsole,
} from '../../test/console-helpers';
import { createOperator, currentTotp, findOperator } from '../identity/operators';
import { CONSOLE_PASSWORD_MAX_FAILURES, CONSOLE_NAME_MAX_FAILURES } from '../identity/operator-sign-in';
import { CONSOLE_IDLE_MS, CONSOLE_SESSION_MAX_MS } from '../identity/operator-sessions';

/* Console sessions and sign-in as an insider would attack them (review of 2026-11-27): a tab left
 * open, a password known to someone else, guesses from many addresses, and what the audit log keeps. */

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

const MINUTE = 60_000;
const csrfOf = (r: Reply) => (r.body?.data as { csrf: string }).csrf;
const session = (cookie: string, headers: Record<string, string> = {}) =>
  c.send('GET', '/api/session', { cookie, headers });

/** A second session of an enrolled operator (a fresh TOTP step, as codes are good once). */
async function secondSession(op: { id: number; name: string }, remoteAddress = '127.0.0.1') {
  const secret = (await findOperator(t.db, op.id))?.totpSecret ?? '';
  advanceClock(31_000);
  const login = await c.send('POST', '/api/login', {
    body: { name: op.name, password: OPERATOR_TEST_PASSWORD },
    remoteAddress,
  });
  const cookie = cookieOf(login);
  const verify = await c.send('POST', '/api/login/totp', {
    cookie,
    remoteAddress,
    headers: { [CSRF_HEADER]: csrfOf(login) },
    body: { code: currentTotp(secret) },
  });
  return { cookie, csrf: csrfOf(verify), status: verify.status };
}

async function auditRows(name: string, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.operatorName, name), eq(auditLog.action, action)));
}

const changePassword = (op: ConsoleAgent, old_password: string, password: string) =>
  op.post('/api/password', { old_password, password });

describe('console sessions', () => {
  it('end 12 hours after sign-in however busy the operator is', async () => {
    const op = await c.signIn('finance');
    let elapsed = 0;
    while (elapsed + 29 * MINUTE < CONSOLE_SESSION_MAX_MS) {
      advanceClock(29 * MINUTE);
      elapsed += 29 * MINUTE;
      expect((await op.get('/api/session')).status, `${elapsed / MINUTE} min`).toBe(200);
    }
    advanceClock(CONSOLE_SESSION_MAX_MS - elapsed + MINUTE);
    const over = await op.get('/api/session');
    expect([over.status, over.body?.message]).toEqual([401, '请先登录']);
  });

  it('are not kept alive by the console’s own refreshes: an open dashboard tab times out', async () => {
    const op = await c.signIn('finance');
    const background = { [BACKGROUND_HEADER]: '1' };
    // 10, 20 and 29 minutes after the last call a person made: still open, but not renewed.
    for (const step of [10, 10, 9]) {
      advanceClock(step * MINUTE);
      expect((await session(op.cookie, background)).status).toBe(200);
    }
    advanceClock(2 * MINUTE);
    expect((await session(op.cookie, background)).status).toBe(401);

    // A person's call renews it.
    const other = await c.signIn('finance');
    advanceClock(CONSOLE_IDLE_MS - MINUTE);
    expect((await other.get('/api/session')).status).toBe(200);
    advanceClock(CONSOLE_IDLE_MS - MINUTE);
    expect((await other.get('/api/session')).status).toBe(200);
  });

  it('a change of one’s own password ends the other sessions; old-password guesses are limited and audited', async () => {
    const op = await c.signIn('support');
    const thief = await secondSession(op);
    expect(thief.status).toBe(200);
    const next = 'a-new-password-1';
    for (let i = 0; i < CONSOLE_PASSWORD_MAX_FAILURES; i += 1) {
      expect((await changePassword(op, `guess-${i}-wrong`, next)).body?.message).toBe(MSG_OLD_PASSWORD_WRONG);
    }
    const locked = await changePassword(op, OPERATOR_TEST_PASSWORD, next);
    expect([locked.status, locked.body?.message]).toEqual([429, MSG_CONSOLE_TOO_MANY]);
    expect(await auditRows(op.name, 'operator.changePasswordFailed')).toHaveLength(
      CONSOLE_PASSWORD_MAX_FAILURES,
    );
    expect(await auditRows(op.name, 'operator.lockedOut')).toMatchObject([{ after: { scope: 'password' } }]);
    expect((await session(thief.cookie)).status).toBe(200);

    advanceClock(16 * MINUTE);
    expect(dataOf(await changePassword(op, OPERATOR_TEST_PASSWORD, next))).toBeNull();
    expect((await session(thief.cookie)).status).toBe(401);
    expect((await op.get('/api/session')).status).toBe(200);
    expect(await auditRows(op.name, 'operator.changePassword')).toMatchObject([
      { after: { other_sessions_ended: 1 } },
    ]);
    const old = await c.send('POST', '/api/login', {
      body: { name: op.name, password: OPERATOR_TEST_PASSWORD },
    });
    expect(old.status).toBe(401);
  });

  it('records sign-outs and the first password', async () => {
    const op = await c.signIn('content');
    expect(await auditRows(op.name, 'operator.firstPassword')).toHaveLength(1);
    await op.post('/api/logout');
    expect(await auditRows(op.name, 'operator.signOut')).toMatchObject([{ operatorId: op.id }]);
    // Signing out an ended session again writes nothing more.
    await op.post('/api/logout');
    expect(await auditRows(op.name, 'operator.signOut')).toHaveLength(1);
  });
});

describe('console sign-in under attack', () => {
  it('shows a pending enrolment’s secret once, to the session that started it', async () => {
    const { operator, password } = await createOperator(t.db, 'enrolee', 'finance');
    const first = await c.send('POST', '/api/login', { body: { name: 'enrolee', password } });
    const mine = cookieOf(first);
    const headers = { [CSRF_HEADER]: csrfOf(first) };
    const body = { password: OPERATOR_TEST_PASSWORD };
    dataOf(await c.send('POST', '/api/login/password', { cookie: mine, headers, body }));
    const shown = dataOf<{ secret: string }>(await c.send('GET', '/api/login/enroll', { cookie: mine }));
    const twice = await c.send('GET', '/api/login/enroll', { cookie: mine });
    expect([twice.status, twice.body?.message]).toEqual([409, MSG_ENROLL_SHOWN]);

    // Someone else who knows the password gets a secret of its own, not this one.
    const other = await c.send('POST', '/api/login', {
      body: { name: 'enrolee', password: OPERATOR_TEST_PASSWORD },
    });
    expect(dataOf(other)).toMatchObject({ next: 'enroll' });
    const theirs = dataOf<{ secret: string }>(
      await c.send('GET', '/api/login/enroll', { cookie: cookieOf(other) }),
    );
    expect(theirs.secret).not.toBe(shown.secret);
    const code = currentTotp(shown.secret);
    const stolen = await c.send('POST', '/api/login/totp', {
      cookie: cookieOf(other),
      headers: { [CSRF_HEADER]: csrfOf(other) },
      body: { code },
    });
    expect(stolen.body?.message).toBe(MSG_TOTP_WRONG);
    expect(await auditRows('enrolee', 'operator.totpFailed')).toHaveLength(1);

    dataOf(await c.send('POST', '/api/login/totp', { cookie: mine, headers, body: { code } }));
    expect(await findOperator(t.db, operator.id)).toMatchObject({
      totpEnabled: true,
      totpSecret: shown.secret,
    });
  });

  it('never locks the owner out from an address it signed in from; new addresses are counted and audited', async () => {
    const op = await c.signIn('admin'); // from 127.0.0.1
    for (let i = 1; i <= CONSOLE_NAME_MAX_FAILURES + 1; i += 1) {
      const r = await c.send('POST', '/api/login', {
        body: { name: op.name, password: 'wrong-guess' },
        remoteAddress: `10.0.0.${i}`,
      });
      expect(r.status, `try ${i}`).toBe(i <= CONSOLE_NAME_MAX_FAILURES ? 401 : 429);
    }
    const stranger = await c.send('POST', '/api/login', {
      body: { name: op.name, password: OPERATOR_TEST_PASSWORD },
      remoteAddress: '10.0.1.1',
    });
    expect([stranger.status, stranger.body?.message]).toEqual([429, MSG_CONSOLE_TOO_MANY]);
    const owner = await c.send('POST', '/api/login', {
      body: { name: op.name, password: OPERATOR_TEST_PASSWORD },
      remoteAddress: '127.0.0.1',
    });
    expect(dataOf(owner)).toMatchObject({ next: 'totp' });

    const failed = await auditRows(op.name, 'operator.signInFailed');
    expect(failed).toHaveLength(CONSOLE_NAME_MAX_FAILURES);
    expect(failed[0]).toMatchObject({ operatorId: op.id, ip: '10.0.0.1', after: { why: 'wrong_password' } });
    expect(await auditRows(op.name, 'operator.lockedOut')).toMatchObject([{ after: { scope: 'name' } }]);
  });
});

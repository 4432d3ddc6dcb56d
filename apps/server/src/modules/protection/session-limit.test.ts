/**
 * Issue 32 (责任博彩): the session-time limit (单次登录时长). The server ends a session when it is
 * reached, with its own message; a shorter limit applies at once, to sessions already open too; a
 * longer one or none waits 24 h and the member's confirmation within 7 days.
 */
import { MSG_SESSION_LIMIT_REACHED } from '@app/contract/session-limit';
import {
  MSG_LIMIT_NO_PENDING,
  MSG_LIMIT_NOT_YET,
  MSG_SESSION_LIMIT,
  type Protection,
} from '@app/contract/protection';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock, setClock } from '../../core/clock';
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2030, 4, 1, 2, 0, 0);

const setSessionLimit = (token: string, minutes: unknown) =>
  t.post('/api/protection/session_limit', { minutes }, { token });
const confirm = (token: string) => t.post('/api/protection/session_limit/confirm', {}, { token });
const limitOf = async (token: string) =>
  dataOf<Protection>(await t.get('/api/protection', {}, { token })).session_limit;
const session = (token: string) => t.get('/api/protection/session', {}, { token });
const refusal = (r: Reply) => {
  expectEnvelope(r);
  return [r.status, r.body.message];
};

describe('单次登录时长', () => {
  it('refuses a length not offered', async () => {
    const m = await t.newMember();
    for (const minutes of [45, -1, 'x', null]) {
      expect(refusal(await setSessionLimit(m.token, minutes))).toEqual([400, MSG_SESSION_LIMIT]);
    }
  });

  it('a first limit applies at once, to this session too: it ends when reached, with its own message', async () => {
    setClock(T0);
    const m = await t.newMember();
    advanceClock(20 * MINUTE);
    const r = await setSessionLimit(m.token, 30);
    expect(r.body?.message).toBe('设置成功');
    expect(dataOf<Protection>(r).session_limit).toEqual({ minutes: 30, pending: null });
    // Signed in at T0: this session now ends at T0 + 30 min.
    expect(dataOf<{ ends_at: string }>(await session(m.token)).ends_at).toBe('2030-05-01 10:30:00');
    advanceClock(10 * MINUTE - 1000);
    expect((await session(m.token)).status).toBe(200);
    advanceClock(1000);
    expect(refusal(await t.post('/api/balance', {}, { token: m.token }))).toEqual([
      401,
      MSG_SESSION_LIMIT_REACHED,
    ]);
    // Signing in again gives a new session of 30 minutes.
    const again = await t.login(m.name, m.password);
    expect(dataOf<{ ends_at: string }>(await session(again)).ends_at).toBe('2030-05-01 11:00:00');
    advanceClock(29 * MINUTE);
    expect((await t.post('/api/balance', {}, { token: again })).status).toBe(200);
    advanceClock(MINUTE);
    expect((await t.post('/api/balance', {}, { token: again })).status).toBe(401);
  });

  it('a shorter one ends a session already past it at once', async () => {
    setClock(T0);
    const m = await t.newMember();
    dataOf(await setSessionLimit(m.token, 120));
    advanceClock(45 * MINUTE);
    dataOf(await setSessionLimit(m.token, 30));
    expect(refusal(await session(m.token))).toEqual([401, MSG_SESSION_LIMIT_REACHED]);
  });

  it('a longer one or none waits 24 h, then the member confirms it within 7 days', async () => {
    setClock(T0);
    const m = await t.newMember();
    dataOf(await setSessionLimit(m.token, 60));
    let token = m.token;
    const relogin = async () => {
      token = await t.login(m.name, m.password);
    };
    dataOf(await setSessionLimit(token, 240));
    expect(await limitOf(token)).toEqual({
      minutes: 60,
      pending: { minutes: 240, confirm_from: '2030-05-02 10:00:00', confirm_by: '2030-05-09 10:00:00' },
    });
    expect(refusal(await confirm(token))).toEqual([400, MSG_LIMIT_NOT_YET]);
    advanceClock(24 * HOUR);
    await relogin();
    const done = await confirm(token);
    expect(done.body?.message).toBe('单次登录时长已更新');
    expect(dataOf<Protection>(done).session_limit).toEqual({ minutes: 240, pending: null });
    // This session keeps its hour; the next one gets four.
    expect(dataOf<{ ends_at: string }>(await session(token)).ends_at).toBe('2030-05-02 11:00:00');
    await relogin();
    expect(dataOf<{ ends_at: string }>(await session(token)).ends_at).toBe('2030-05-02 14:00:00');

    // Removing it waits too, and lapses unconfirmed after 7 days.
    dataOf(await setSessionLimit(token, 0));
    expect((await limitOf(token)).pending?.minutes).toBe(0);
    advanceClock((24 + 7 * 24) * HOUR + 1000);
    await relogin();
    expect(await limitOf(token)).toEqual({ minutes: 240, pending: null });
    expect(refusal(await confirm(token))).toEqual([400, MSG_LIMIT_NO_PENDING]);
  });

  it('choosing the limit in force again withdraws a waiting change', async () => {
    const m = await t.newMember();
    dataOf(await setSessionLimit(m.token, 60));
    dataOf(await setSessionLimit(m.token, 0));
    expect((await limitOf(m.token)).pending).not.toBeNull();
    dataOf(await setSessionLimit(m.token, 60));
    expect(await limitOf(m.token)).toEqual({ minutes: 60, pending: null });
  });

  it('without a limit a session has no end of its own', async () => {
    const m = await t.newMember();
    expect(dataOf<{ ends_at: string | null }>(await session(m.token)).ends_at).toBeNull();
  });
});

import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../core/clock';
import { users } from '../db/schema/accounts';
import { cards } from '../db/schema/money';
import { activityApplications, agentApplications } from '../db/schema/promo';
import { buildTestApp, dataOf, idem, type Reply, type TestApp } from '../../test/helpers';
import { MSG_KEY_REUSED } from './idempotency';

/*
 * A double tap on a form that creates something (issue 30): the repeat of the same request under the
 * same Idempotency-Key gets the first one's answer, never an error about the first one's success.
 */

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

let serial = 0;
const uniqueName = (prefix: string) => `${prefix}${process.pid % 1000}x${(serial += 1)}`.slice(0, 16);
const ok = (r: Reply) => [r.status, r.body?.code, r.body?.message];
const registration = (name: string, password = 'pass1234') => ({
  name,
  realname: '',
  password,
  confirmPass: password,
  paypassword: password,
  code: 'abcd',
  pid: '',
});

async function usersNamed(name: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(users)
    .where(sql`lower(${users.username}) = ${name.toLowerCase()}`);
  return Number(row?.n ?? 0);
}

/** The member a token signs in as. */
async function memberOf(token: string): Promise<{ id: number; username: string }> {
  return dataOf<{ id: number; username: string }>(await t.post('/api/user', undefined, { token }));
}

describe('a repeated registration', () => {
  it.each([
    ['one after the other', false],
    ['at once', true],
  ])('%s: both answer 注册成功, signed in to the one account created', async (_, atOnce) => {
    const name = uniqueName(atOnce ? 'twin' : 'again');
    const key = idem();
    const send = () => t.post('/api/register', registration(name), { headers: key });
    const replies = atOnce ? await Promise.all([send(), send(), send()]) : [await send(), await send()];
    for (const r of replies) expect(ok(r)).toEqual([200, 200, '注册成功']);
    expect(await usersNamed(name)).toBe(1);
    const members = await Promise.all(
      replies.map((r) => memberOf(dataOf<{ api_token: string }>(r).api_token)),
    );
    expect(new Set(members.map((m) => m.id)).size).toBe(1);
    expect(members[0]?.username).toBe(name);
  });

  it('refuses the same key with another request, and a key guessed without the password', async () => {
    const name = uniqueName('guess');
    const key = idem();
    expect(ok(await t.post('/api/register', registration(name), { headers: key }))).toEqual([
      200,
      200,
      '注册成功',
    ]);
    const otherPassword = await t.post('/api/register', registration(name, 'other999'), { headers: key });
    expect([otherPassword.status, otherPassword.body?.message, otherPassword.body?.data]).toEqual([
      409,
      MSG_KEY_REUSED,
      null,
    ]);
    const otherFields = await t.post(
      '/api/register',
      { ...registration(name), realname: '张三' },
      { headers: key },
    );
    expect([otherFields.status, otherFields.body?.message]).toEqual([409, MSG_KEY_REUSED]);
    // Without the key (or with another one) the name is simply taken, as before.
    for (const headers of [{}, idem()]) {
      const taken = await t.post('/api/register', registration(name), { headers });
      expect([taken.status, taken.body?.message]).toEqual([400, '用户名已存在']);
    }
  });
});

/** Sends the same call twice under one key, one after the other or at once. */
async function twice(path: string, body: unknown, token: string, atOnce: boolean): Promise<Reply[]> {
  const opts = { token, headers: idem() };
  if (atOnce) return Promise.all([t.post(path, body, opts), t.post(path, body, opts)]);
  return [await t.post(path, body, opts), await t.post(path, body, opts)];
}

describe.each([
  ['one after the other', false],
  ['at once', true],
])('a repeated member submission, %s', (_, atOnce) => {
  it('binding a bank card or a USDT address: both 绑定成功, one card', async () => {
    const m = await t.newMember();
    const bank = {
      bank: '招商银行',
      bank_owner: '张三',
      bank_no: '6225880112345678',
      bank_address: '深圳',
      pay_pass: m.password,
    };
    const usdt = {
      bank: 'USDT',
      bank_owner: 'TRC20',
      bank_no: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      pay_pass: m.password,
    };
    for (const body of [bank, usdt]) {
      const replies = await twice('/api/bindcard', body, m.token, atOnce);
      for (const r of replies) expect(ok(r)).toEqual([200, 200, '绑定成功']);
    }
    const rows = await t.db.select({ type: cards.type }).from(cards).where(eq(cards.userId, m.id));
    expect(rows.map((r) => r.type).sort()).toEqual([1, 2]);
  });

  it('an agent application: both 提交成功, one application', async () => {
    const m = await t.newMember();
    const body = { mobile: '13812345678', apply_info: '我有很多朋友' };
    const replies = await twice('/api/applyagentdo', body, m.token, atOnce);
    for (const r of replies) expect(ok(r)).toEqual([200, 200, '提交成功，等待后台审核']);
    const [row] = await t.db
      .select({ n: count() })
      .from(agentApplications)
      .where(eq(agentApplications.userId, m.id));
    expect(Number(row?.n)).toBe(1);
  });

  it('an activity application: both 提交成功, one application', async () => {
    // 周末救援金 needs last weekend's net loss: lost on Saturday 2026-11-14, applied on Friday the 20th.
    setClock(Date.UTC(2026, 10, 14, 4));
    const m = await t.newMember();
    dataOf(await t.op('/bets/record', { username: m.name, platform: 'AG', amount: '1000' }));
    setClock(Date.UTC(2026, 10, 20, 4));
    const all = dataOf<{ data: { id: number; title: string }[] }>(await t.post('/api/activitylist')).data;
    const rescue = all.find((a) => a.title === '周末救援金');
    const replies = await twice('/api/doactivityapply', { activityid: rescue?.id }, m.token, atOnce);
    for (const r of replies) expect(ok(r)).toEqual([200, 200, '提交成功，等待后台审核']);
    const [row] = await t.db
      .select({ n: count() })
      .from(activityApplications)
      .where(
        and(eq(activityApplications.userId, m.id), eq(activityApplications.activityId, rescue?.id ?? 0)),
      );
    expect(Number(row?.n)).toBe(1);
  });
});

it('a member call under a used key with another request is refused', async () => {
  const m = await t.newMember();
  const opts = { token: m.token, headers: idem() };
  const first = await t.post('/api/applyagentdo', { mobile: '13812345678', apply_info: '第一次' }, opts);
  expect(first.status).toBe(200);
  const other = await t.post('/api/applyagentdo', { mobile: '13812345678', apply_info: '第二次' }, opts);
  expect([other.status, other.body?.message]).toEqual([409, MSG_KEY_REUSED]);
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvedBy,
  buildTestConsole,
  type ConsoleAgent,
  type TestConsole,
} from '../../../test/console-helpers';
import { dataOf } from '../../../test/helpers';
import { users } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/operators';
import { siteMessages } from '../../db/schema/promo';
import { clearAttempts, KIND, reserveAttempt } from '../../identity/limits';
import {
  createLotteryWithRooms,
  listeningTestApp,
  SocketClient,
  type ListeningApp,
} from '../chat/test-support';

let t: ListeningApp;
let c: TestConsole;
let support: ConsoleAgent;
let finance: ConsoleAgent;
let checker: ConsoleAgent;
let room: number;
beforeAll(async () => {
  t = await listeningTestApp();
  c = await buildTestConsole(t);
  support = await c.signIn('support');
  finance = await c.signIn('finance');
  checker = await c.signIn('finance');
  [room = 0] = (await createLotteryWithRooms(t.db, 2, 1)).roomIds;
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
});

const auditOf = (action: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));
const balanceOf = async (token: string) =>
  dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token })).balance;

describe('block and unblock', () => {
  it('puts a signed-in member out at once: next call 401, chat socket closed, sign-in refused', async () => {
    const m = await t.newMember();
    const socket = await SocketClient.open(t.socketUrl(room, m.token));
    const r = await support.post('/api/members/block', { id: m.id, blocked: true, reason: '风控' });
    expect(dataOf(r)).toEqual({ id: m.id, blocked: true, sessions_ended: 1 });
    expect(r.body?.message).toContain('已冻结');
    expect((await t.post('/api/balance', {}, { token: m.token })).status).toBe(401);
    expect(await socket.closed).toEqual({ code: 4403, reason: '账号已被冻结' });
    const again = await t.post('/api/login_pc', { name: m.name, password: m.password });
    expect([again.status, again.body?.message]).toEqual([403, '账号已被冻结']);
    const [row] = await auditOf('member.block', m.id);
    expect(row).toMatchObject({
      operatorName: support.name,
      targetType: 'member',
      before: { blocked: false },
      after: { blocked: true, reason: '风控', sessions_ended: 1 },
    });

    dataOf(await support.post('/api/members/block', { id: m.id, blocked: false }));
    expect(await auditOf('member.unblock', m.id)).toHaveLength(1);
    const token = await t.login(m.name, m.password);
    expect(await balanceOf(token)).toBe('0.00');
  });

  it('refuses an unknown member and a reason that is too long', async () => {
    expect((await support.post('/api/members/block', { id: 999999, blocked: true })).status).toBe(404);
    const m = await t.newMember();
    const long = await support.post('/api/members/block', {
      id: m.id,
      blocked: true,
      reason: 'x'.repeat(201),
    });
    expect([long.status, long.body?.message]).toEqual([400, '原因最多200个字']);
  });
});

const adjust = (agent: ConsoleAgent, body: Record<string, unknown>) =>
  agent.post('/api/members/adjust', {
    direction: 'credit',
    reason: '补偿',
    request_id: randomUUID(),
    ...body,
  });

describe('balance adjustment', () => {
  it('credits with turnover by default, without when asked, and debits down to zero only', async () => {
    const m = await t.newMember();
    const r = await adjust(finance, { id: m.id, amount: '100.50' });
    expect(dataOf(r)).toEqual({
      id: m.id,
      direction: 'credit',
      amount: '100.50',
      balance: '100.50',
      turnover_required: '100.50',
    });
    expect(r.body?.message).toBe('加款成功，中心钱包余额 100.50');
    // Without turnover: filed in 待复核, credited once a second 财务 approves.
    const filed = await adjust(finance, { id: m.id, amount: '10', turnover: false });
    expect(await balanceOf(m.token)).toBe('100.50');
    expect(dataOf<{ item: { result: string } }>(await approvedBy(checker, filed)).item.result).toBe(
      '已入账，中心钱包余额 110.50',
    );
    const over = await adjust(finance, { id: m.id, amount: '110.51', direction: 'debit' });
    expect([over.status, over.body?.message]).toEqual([400, '扣款金额超过中心钱包余额，无法扣款']);
    expect(dataOf(await adjust(finance, { id: m.id, amount: '110.50', direction: 'debit' }))).toMatchObject({
      balance: '0.00',
      turnover_required: '100.50',
    });
    expect(await balanceOf(m.token)).toBe('0.00');
    const rows = await auditOf('member.adjust', m.id);
    expect(rows).toHaveLength(3);
    expect(rows.map((a) => a.after)).toContainEqual(
      expect.objectContaining({ direction: 'debit', amount: '110.50', reason: '补偿', balance: '0.00' }),
    );
    expect(rows[0]?.before).toEqual({ balance: '0.00', turnover_required: '0.00' });
    expect((await t.ledgerCheck()).ok).toBe(true);
  });

  it('refuses a bad amount, a missing reason, a bad request id, a trial account and other roles', async () => {
    const m = await t.newMember();
    for (const [body, message] of [
      [{ amount: '0' }, '金额无效，无法提交'],
      [{ amount: '-5' }, '金额无效，无法提交'],
      [{ amount: '1.234' }, '金额最多只能有两位小数'],
      [{ amount: '' }, '请输入调整金额'],
      [{ amount: '5', reason: '  ' }, '请填写调整原因'],
      [{ amount: '5', request_id: 'abc' }, '请求编号无效'],
    ] as const) {
      const r = await adjust(finance, { id: m.id, ...body });
      expect([r.status, r.body?.message], JSON.stringify(body)).toEqual([400, message]);
    }
    const [guest] = await t.db.select().from(users).where(eq(users.username, 'guest888'));
    const trial = await adjust(finance, { id: guest?.id, amount: '5' });
    expect([trial.status, trial.body?.message]).toEqual([403, '试玩账号不能调整余额']);
    expect((await adjust(support, { id: m.id, amount: '5' })).status).toBe(403);
    expect(await balanceOf(m.token)).toBe('0.00');
    expect(await auditOf('member.adjust', m.id)).toEqual([]);
  });

  it('moves money once for a repeated request id, and answers the repeat with the first reply', async () => {
    const m = await t.newMember();
    const body = { id: m.id, amount: '30.00', request_id: randomUUID() };
    const first = dataOf(await adjust(finance, body));
    const again = await adjust(finance, body);
    expect(dataOf(again)).toEqual(first);
    expect(await balanceOf(m.token)).toBe('30.00');
    expect(await auditOf('member.adjust', m.id)).toHaveLength(1);
    expect(await auditOf('member.adjustReplay', m.id)).toHaveLength(1);
    const changed = await adjust(finance, { ...body, amount: '31.00' });
    expect([changed.status, changed.body?.message]).toEqual([409, '请求编号已用于另一笔调整，请刷新后重试']);
    // A refused request claims nothing: the same id can be sent again once it is right.
    const retry = { id: m.id, amount: '999.00', direction: 'debit', request_id: randomUUID() };
    expect((await adjust(finance, retry)).status).toBe(400);
    expect(dataOf(await adjust(finance, { ...retry, amount: '1.00' }))).toMatchObject({ balance: '29.00' });
  });

  it('two identical requests at once move money once', async () => {
    const m = await t.newMember();
    const body = { id: m.id, amount: '12.00', request_id: randomUUID() };
    const replies = await Promise.all([adjust(finance, body), adjust(finance, body), adjust(finance, body)]);
    const data = replies.map((r) => dataOf(r));
    expect(new Set(data.map((d) => JSON.stringify(d))).size).toBe(1);
    expect(await balanceOf(m.token)).toBe('12.00');
    expect(await auditOf('member.adjust', m.id)).toHaveLength(1);
    expect((await t.ledgerCheck()).ok).toBe(true);
  });
});

describe('passwords', () => {
  it('a login-password reset shows a one-time password once and ends every session', async () => {
    const m = await t.newMember();
    const r = dataOf<{ password: string; sessions_ended: number; kind: string }>(
      await support.post('/api/members/reset-password', { id: m.id, kind: 'login' }),
    );
    expect(r.password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(r.sessions_ended).toBe(1);
    expect((await t.post('/api/balance', {}, { token: m.token })).status).toBe(401);
    expect((await t.post('/api/login_pc', { name: m.name, password: m.password })).status).not.toBe(200);
    await t.login(m.name, r.password);
    const [row] = await auditOf('member.resetPassword', m.id);
    expect(JSON.stringify(row)).not.toContain(r.password);
  });

  it('a payment-password reset keeps the sessions and clears the lockout', async () => {
    const m = await t.newMember();
    for (let i = 0; i < 5; i++) await reserveAttempt(t.db, KIND.payPassword, String(m.id));
    const r = dataOf<{ password: string; sessions_ended: number }>(
      await support.post('/api/members/reset-password', { id: m.id, kind: 'pay' }),
    );
    expect(r.sessions_ended).toBe(0);
    expect(await balanceOf(m.token)).toBe('0.00');
    const d = dataOf<{ pay_password_failures: number }>(
      await support.get('/api/members/detail', { id: String(m.id) }),
    );
    expect(d.pay_password_failures).toBe(0);
    expect(await auditOf('member.resetPayPassword', m.id)).toHaveLength(1);
  });

  it('lifts a payment-password lockout', async () => {
    const m = await t.newMember();
    for (let i = 0; i < 5; i++) await reserveAttempt(t.db, KIND.payPassword, String(m.id));
    const detail = () => support.get('/api/members/detail', { id: String(m.id) });
    expect(dataOf(await detail())).toMatchObject({ pay_password_locked: true, pay_password_failures: 5 });
    expect(dataOf(await support.post('/api/members/unlock-pay-password', { id: m.id }))).toEqual({
      failures: 0,
    });
    expect(dataOf(await detail())).toMatchObject({ pay_password_locked: false, pay_password_failures: 0 });
    const [row] = await auditOf('member.unlockPayPassword', m.id);
    expect(row).toMatchObject({ before: { failures: 5 }, after: { failures: 0 } });
    await clearAttempts(t.db, KIND.payPassword, String(m.id));
  });

  it('will not reset the trial account’s public password', async () => {
    const [guest] = await t.db.select().from(users).where(eq(users.username, 'guest888'));
    const r = await support.post('/api/members/reset-password', { id: guest?.id, kind: 'login' });
    expect(r.status).toBe(403);
  });
});

describe('site message', () => {
  it('sends plain text to this member, escaped, and audits it', async () => {
    const m = await t.newMember();
    const r = await support.post('/api/members/message', {
      id: m.id,
      title: '账户通知',
      content: '您好 <img src=x onerror=alert(1)>\n第二行',
    });
    const sent = dataOf<{ id: number }>(r);
    const [row] = await t.db.select().from(siteMessages).where(eq(siteMessages.id, sent.id));
    expect(row).toMatchObject({
      userId: m.id,
      title: '账户通知',
      content: '您好 &lt;img src=x onerror=alert(1)&gt;<br>第二行',
    });
    expect(await auditOf('member.message', m.id)).toHaveLength(1);
    const empty = await support.post('/api/members/message', { id: m.id, title: '', content: 'x' });
    expect([empty.status, empty.body?.message]).toEqual([400, '请输入标题']);
    const noText = await support.post('/api/members/message', { id: m.id, title: 't', content: ' ' });
    expect([noText.status, noText.body?.message]).toEqual([400, '请输入内容']);
  });
});

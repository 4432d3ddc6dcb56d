import type { ActivityApplication, AgentApplication } from '@app/contract/console-applications';
import { MSG_REVIEW_REASON } from '@app/contract/console-define';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { ledgerEntries } from '../../db/schema/money';
import { auditLog } from '../../db/schema/operators';
import { activityApplications } from '../../db/schema/promo';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import {
  approvedDeposit,
  pendingActivityApplication,
  pendingAgentApplication,
  reliefApplication,
  seededActivity,
} from '../../../test/console-samples/applications';

let t: TestApp;
let c: TestConsole;
let finance: ConsoleAgent;
let content: ConsoleAgent;
let support: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  finance = await c.signIn('finance');
  content = await c.signIn('content');
  support = await c.signIn('support');
}, 120_000);
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

const FIRST = '新会员首存送 38%';
const USDT = 'USDT 存款加赠 2%';
const MANUAL = '周末救援金';
const REBATE = 'VIP 尊享每日返水';
/** "2026-11-25 10:31": the minute a refusal names. */
const MINUTE = String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2}`;

type Member = Awaited<ReturnType<TestApp['newMember']>>;

async function activityRows(query: Record<string, string> = {}) {
  return dataOf<{ items: ActivityApplication[]; total: number }>(
    await finance.get('/api/applications/activity', { pageSize: '200', ...query }),
  );
}
async function activityRow(id: number, state = 'all'): Promise<ActivityApplication> {
  const row = (await activityRows({ state })).items.find((a) => a.id === id);
  if (!row) throw new Error(`no application ${id}`);
  return row;
}
async function agentRow(id: number): Promise<AgentApplication> {
  const list = dataOf<{ items: AgentApplication[] }>(
    await content.get('/api/applications/agent', { state: 'all', pageSize: '200' }),
  );
  const row = list.items.find((a) => a.id === id);
  if (!row) throw new Error(`no agent application ${id}`);
  return row;
}

/** A fresh member applying for `title` after the given approved deposits (cents). */
async function applicant(title: string, ...amounts: (bigint | [bigint, string])[]) {
  const m = await t.newMember();
  for (const a of amounts) {
    const [cents, payType] = Array.isArray(a) ? a : [a, 'bank'];
    await approvedDeposit(t, m.id, cents, { payType });
  }
  return { m, id: await pendingActivityApplication(t, m.id, await seededActivity(t, title)) };
}

const balance = async (m: Member) =>
  dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token: m.token })).balance;
const required = async (m: Member) =>
  dataOf<{ recharge_amount: string }>(await t.post('/api/getBetAmount', {}, { token: m.token }))
    .recharge_amount;
const auditOf = (type: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, type), eq(auditLog.targetId, String(id))));
const bonusEntries = (id: number) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.reason, 'activity_bonus'), like(ledgerEntries.reference, `%#${id}`)));

describe('activity applications: the list', () => {
  it('shows each rule, the qualifying deposit and the suggested bonus with its turnover', async () => {
    const first = await applicant(FIRST, 50_000n);
    const capped = await applicant(FIRST, 500_000n);
    const usdt = await applicant(USDT, 100_000n, [80_000n, 'usdt'], [20_000n, 'usdt']);
    const manual = await applicant(MANUAL, 30_000n);
    const rebate = await applicant(REBATE);
    const none = await applicant(FIRST);
    const f = await activityRow(first.id, 'pending');
    expect(f).toMatchObject({
      username: first.m.name,
      user_id: first.m.id,
      activity_title: FIRST,
      state: 1,
      rule: {
        basis: 'first_deposit',
        percent: 38,
        cap: '888.00',
        min_deposit: '100.00',
        pay_type: '',
        turnover_multiple: 15,
        turnover_basis: 'deposit_bonus',
        weights: '彩票按 50% 计入，真人、体育、电竞、棋牌、电子按 100% 计入',
      },
      deposit: { amount: '500.00' },
      loss: null,
      suggested_bonus: '190.00',
      // (500 + 190) × 15
      suggested_turnover: '10350.00',
      refusal: '',
      bonus: '',
      reviewed_by: '',
      reviewed_at: null,
    });
    expect(f.deposit?.at).toMatch(new RegExp(`^${MINUTE}:\\d{2}$`));
    expect(await activityRow(capped.id)).toMatchObject({
      suggested_bonus: '888.00',
      suggested_turnover: '88320.00',
    });
    // The latest USDT deposit of at least 500: 800 (the 200 after it is below the minimum).
    expect(await activityRow(usdt.id)).toMatchObject({
      rule: { basis: 'latest_deposit', percent: 2, pay_type: 'usdt', turnover_multiple: 2 },
      deposit: { amount: '800.00' },
      suggested_bonus: '16.00',
      suggested_turnover: '1632.00',
    });
    // Relief: the server counts last weekend's loss; none here.
    expect(await activityRow(manual.id)).toMatchObject({
      rule: { basis: 'net_loss', cap: '5888.00', turnover_multiple: 20 },
      suggested_bonus: '',
      refusal: '该会员该周末投注净亏损未达到 500.00 元',
    });
    const lost = await reliefApplication(t, 123_456n);
    expect(await activityRow(lost)).toMatchObject({
      loss: { amount: '1234.56' },
      suggested_bonus: '24.69',
      suggested_turnover: '493.80',
      refusal: '',
    });
    expect((await activityRow(rebate.id)).refusal).toBe('该活动无需申请，系统自动发放');
    expect(await activityRow(none.id)).toMatchObject({
      deposit: null,
      refusal: '该会员暂无符合活动条件的存款，不能发放彩金',
    });
  });

  it('filters by state (pending by default) and pages', async () => {
    const a = await applicant(MANUAL);
    const b = await applicant(MANUAL);
    dataOf(await finance.post('/api/applications/activity/reject', { id: b.id, reason: '重复申请' }));
    const pending = await activityRows();
    expect(pending.items.every((r) => r.state === 1)).toBe(true);
    expect(pending.items.some((r) => r.id === a.id)).toBe(true);
    const rejected = await activityRows({ state: 'rejected' });
    expect(rejected.items.every((r) => r.state === 3)).toBe(true);
    expect(rejected.items.find((r) => r.id === b.id)).toMatchObject({
      reviewed_by: finance.name,
      review_note: '重复申请',
    });
    const all = await activityRows({ state: 'all' });
    expect(all.total).toBe(
      pending.total + rejected.total + (await activityRows({ state: 'approved' })).total,
    );
    const p1 = await activityRows({ state: 'all', page: '1', pageSize: '2' });
    const p2 = await activityRows({ state: 'all', page: '2', pageSize: '2' });
    expect(p1.items).toHaveLength(2);
    expect(p1.total).toBe(all.total);
    expect(p2.items[0]?.id).toBe(all.items[2]?.id);
    const bad = await finance.get('/api/applications/activity', { state: 'x' });
    expect([bad.status, bad.body?.message]).toEqual([400, '状态无效']);
  });
});

describe('activity applications: review', () => {
  it('pays the amount the operator gives, adds its turnover, and writes one audit row', async () => {
    const { m, id } = await applicant(FIRST, 50_000n);
    const before = { balance: await balance(m), required: await required(m) };
    const r = await content.post('/api/applications/activity/approve', { id, amount: '150.50' });
    expect(dataOf(r)).toMatchObject({
      id,
      state: 2,
      bonus: '150.50',
      // (500 + 150.50) × 15
      turnover: '9757.50',
      reviewed_by: content.name,
      review_note: '',
    });
    expect(r.body?.message).toBe('已通过，彩金已发放');
    expect(Number(await balance(m)) - Number(before.balance)).toBeCloseTo(150.5);
    expect(Number(await required(m)) - Number(before.required)).toBeCloseTo(9757.5);
    expect((await bonusEntries(id)).map((e) => e.amountCents).sort()).toEqual([-15_050n, 15_050n]);
    const [row] = await t.db.select().from(activityApplications).where(eq(activityApplications.id, id));
    expect(row).toMatchObject({ state: 2, bonusCents: 15_050n, reviewedBy: content.name });
    const audit = await auditOf('activityApplication', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operatorId: content.id,
      operatorName: content.name,
      action: 'activity.approve',
      before: { state: 1, reviewed_by: '' },
      after: { state: 2, bonus: '150.50', turnover: '9757.50', reviewed_by: content.name, member: m.name },
    });
    expect(await activityRow(id, 'approved')).toMatchObject({ bonus: '150.50', turnover: '9757.50' });
  });

  it('refuses an amount over the cap or not money, and the rule refusals, paying nothing', async () => {
    const { id } = await applicant(FIRST, 50_000n);
    const over = await finance.post('/api/applications/activity/approve', { id, amount: '888.01' });
    expect([over.status, over.body?.message]).toEqual([400, '彩金不能超过该活动上限 888.00 元']);
    // Named by hand, a rule's bonus may be lower than the rule gives, not higher.
    const overRule = await finance.post('/api/applications/activity/approve', { id, amount: '190.01' });
    expect([overRule.status, overRule.body?.message]).toEqual([400, '按活动规则该会员的彩金最多 190.00 元']);
    for (const amount of ['0', '-5', '1.234', 'abc', '']) {
      const bad = await finance.post('/api/applications/activity/approve', { id, amount });
      expect([bad.status, bad.body?.message], amount).toEqual([
        400,
        '请输入正确的彩金金额（大于0，最多两位小数）',
      ]);
    }
    const rebate = await applicant(REBATE);
    const own = await finance.post('/api/applications/activity/approve', { id: rebate.id, amount: '10' });
    expect([own.status, own.body?.message]).toEqual([409, '该活动无需申请，系统自动发放']);
    const none = await applicant(FIRST);
    const noDeposit = await finance.post('/api/applications/activity/approve', { id: none.id, amount: '10' });
    expect([noDeposit.status, noDeposit.body?.message]).toEqual([
      409,
      '该会员暂无符合活动条件的存款，不能发放彩金',
    ]);
    for (const x of [id, rebate.id, none.id]) {
      expect(await bonusEntries(x)).toEqual([]);
      expect(await auditOf('activityApplication', x)).toEqual([]);
      expect((await activityRow(x)).state).toBe(1);
    }
    const missing = await finance.post('/api/applications/activity/approve', { id: 99_999_999, amount: '1' });
    expect([missing.status, missing.body?.message]).toEqual([404, '申请不存在']);
  });

  it('needs a reason to reject, keeps it, and audits it', async () => {
    const { m, id } = await applicant(MANUAL);
    for (const reason of ['', '   ']) {
      const r = await finance.post('/api/applications/activity/reject', { id, reason });
      expect([r.status, r.body?.message]).toEqual([400, MSG_REVIEW_REASON]);
    }
    const noReason = await finance.post('/api/applications/activity/reject', { id });
    expect(noReason.status).toBe(400);
    const r = await finance.post('/api/applications/activity/reject', { id, reason: ' 存款未满足流水 ' });
    expect(dataOf(r)).toMatchObject({ state: 3, reviewed_by: finance.name, review_note: '存款未满足流水' });
    const audit = await auditOf('activityApplication', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'activity.reject',
      operatorId: finance.id,
      before: { state: 1 },
      after: { state: 3, review_note: '存款未满足流水', reviewed_by: finance.name, member: m.name },
    });
  });

  it('answers 409 naming who reviewed it and when', async () => {
    const id = await reliefApplication(t);
    dataOf(await finance.post('/api/applications/activity/approve', { id, amount: '20' }));
    for (const [path, body] of [
      ['/api/applications/activity/approve', { id, amount: '20' }],
      ['/api/applications/activity/reject', { id, reason: '晚了' }],
    ] as const) {
      const late = await content.post(path, body);
      expect(late.status).toBe(409);
      expect(late.body?.message).toMatch(new RegExp(`^该申请已由 ${finance.name} 于 ${MINUTE} 通过$`));
    }
    const rejected = await reliefApplication(t);
    dataOf(await content.post('/api/applications/activity/reject', { id: rejected, reason: '不符合' }));
    const late = await finance.post('/api/applications/activity/approve', { id: rejected, amount: '20' });
    expect(late.body?.message).toMatch(new RegExp(`^该申请已由 ${content.name} 于 ${MINUTE} 拒绝$`));
    expect(await auditOf('activityApplication', id)).toHaveLength(1);
  });

  it('two operators approving at once pay once; the other is told who did it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { m, id } = await applicant(FIRST, 100_000n);
      const start = await balance(m);
      const replies = await Promise.all([
        finance.post('/api/applications/activity/approve', { id, amount: '380' }),
        content.post('/api/applications/activity/approve', { id, amount: '300' }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = replies[0]?.status === 200 ? finance : content;
      const paid = winner === finance ? 380 : 300;
      const loser = replies.find((r) => r.status === 409);
      expect(loser?.body?.message).toMatch(new RegExp(`^该申请已由 ${winner.name} 于 ${MINUTE} 通过$`));
      expect(await bonusEntries(id)).toHaveLength(2);
      expect(Number(await balance(m)) - Number(start)).toBeCloseTo(paid);
      const audit = await auditOf('activityApplication', id);
      expect(audit.map((a) => [a.action, a.operatorName])).toEqual([['activity.approve', winner.name]]);
    }
  });
});

describe('agent applications', () => {
  it('lists the member, mobile and their own words as sent, by state', async () => {
    const m = await t.newMember();
    const words = '<b>我</b> & 朋友 <script>alert(1)</script>';
    const id = await pendingAgentApplication(t, m.id, words);
    expect(await agentRow(id)).toMatchObject({
      username: m.name,
      user_id: m.id,
      mobile: '13812345678',
      reason: words,
      state: 1,
      isagent: 0,
      reviewed_by: '',
    });
    const pending = dataOf<{ items: AgentApplication[] }>(await support.get('/api/applications/agent'));
    expect(pending.items.every((r) => r.state === 1)).toBe(true);
    const refused = await finance.get('/api/applications/agent');
    expect(refused.status).toBe(403);
  });

  it('approve makes the member an agent; reject needs and keeps a reason; both audited', async () => {
    const a = await t.newMember();
    const b = await t.newMember();
    const ida = await pendingAgentApplication(t, a.id);
    const idb = await pendingAgentApplication(t, b.id);
    const ok = await support.post('/api/applications/agent/approve', { id: ida });
    expect(dataOf(ok)).toMatchObject({ id: ida, state: 2, reviewed_by: support.name });
    const [u] = await t.db.select({ isagent: users.isagent }).from(users).where(eq(users.id, a.id));
    expect(u?.isagent).toBe(1);
    expect(await agentRow(ida)).toMatchObject({ state: 2, isagent: 1 });
    const noReason = await content.post('/api/applications/agent/reject', { id: idb, reason: '' });
    expect([noReason.status, noReason.body?.message]).toEqual([400, MSG_REVIEW_REASON]);
    dataOf(await content.post('/api/applications/agent/reject', { id: idb, reason: '推广渠道不明' }));
    expect(await agentRow(idb)).toMatchObject({ state: 3, isagent: 0, review_note: '推广渠道不明' });
    const [auditA] = await auditOf('agentApplication', ida);
    expect(auditA).toMatchObject({
      action: 'agent.approve',
      operatorId: support.id,
      before: { state: 1 },
      after: { state: 2, isagent: 1, member: a.name, reviewed_by: support.name },
    });
    const auditB = await auditOf('agentApplication', idb);
    expect(auditB).toHaveLength(1);
    expect(auditB[0]).toMatchObject({
      action: 'agent.reject',
      after: { state: 3, review_note: '推广渠道不明' },
    });
  });

  it('two operators at once: one wins, the other gets 409 naming who', async () => {
    const m = await t.newMember();
    const id = await pendingAgentApplication(t, m.id);
    const replies = await Promise.all([
      support.post('/api/applications/agent/approve', { id }),
      content.post('/api/applications/agent/reject', { id, reason: '不通过' }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const [first] = replies;
    const winner = first?.status === 200 ? support : content;
    const verb = winner === support ? '通过' : '拒绝';
    const loser = replies.find((r) => r.status === 409);
    expect(loser?.body?.message).toMatch(new RegExp(`^该申请已由 ${winner.name} 于 ${MINUTE} ${verb}$`));
    expect(await auditOf('agentApplication', id)).toHaveLength(1);
  });
});

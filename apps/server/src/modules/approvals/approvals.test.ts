/* Four eyes: the insider attacks of the 2026-11-27 review replayed. A change that can move money out
 * or redirect deposits waits in 待复核 until a second operator of an allowed role approves it. */
import {
  MSG_APPROVAL_DONE,
  MSG_APPROVAL_ROLE,
  MSG_APPROVAL_SELF,
  MSG_APPROVAL_NOT_MAKER,
  type ApprovalItem,
} from '@app/contract/console-approvals';
import { MSG_CONSOLE_FORBIDDEN } from '@app/contract/console-define';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { auditLog, operators } from '../../db/schema/operators';
import { activityForm } from '../../../test/console-samples/promo';
import { pendingWithdrawal } from '../../../test/console-samples/money';
import { MSG_SEPARATION } from '@app/contract/console-money';
import { saveControls, getControls } from './controls';

let t: TestApp;
let c: TestConsole;
let financeA: ConsoleAgent;
let financeB: ConsoleAgent;
let support: ConsoleAgent;
let contentA: ConsoleAgent;
let adminA: ConsoleAgent;
let adminB: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  financeA = await c.signIn('finance');
  financeB = await c.signIn('finance');
  support = await c.signIn('support');
  contentA = await c.signIn('content');
  adminA = await c.signIn('admin');
  adminB = await c.signIn('admin');
}, 120_000);
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

const adjust = (agent: ConsoleAgent, body: Record<string, unknown>) =>
  agent.post('/api/members/adjust', {
    direction: 'credit',
    reason: '补偿',
    request_id: randomUUID(),
    ...body,
  });
const decide = (agent: ConsoleAgent, id: number, approve: boolean, note = '') =>
  agent.post('/api/approvals/decide', { id, approve, note });
const balanceOf = async (token: string) =>
  dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token })).balance;
const ticketOf = (r: Awaited<ReturnType<typeof adjust>>) => dataOf<{ review_id: number; summary: string }>(r);

describe('attack 1: a 财务 credits a member without turnover and pays it out', () => {
  it('files the credit in 待复核: nothing moves until another 财务 approves, never the maker', async () => {
    const m = await t.newMember();
    const r = await adjust(financeA, { id: m.id, amount: '48000', turnover: false });
    const ticket = ticketOf(r);
    expect(ticket.summary).toBe(`给会员 ${m.name} 加款 48000.00（不计打码量）`);
    expect(r.body?.message).toBe('已提交复核（调整余额），另一位财务或超级管理员通过后生效');
    expect(await balanceOf(m.token)).toBe('0.00');

    const self = await decide(financeA, ticket.review_id, true);
    expect([self.status, self.body?.message]).toEqual([403, MSG_APPROVAL_SELF]);
    const bySupport = await decide(support, ticket.review_id, true);
    expect([bySupport.status, bySupport.body?.message]).toEqual([403, MSG_CONSOLE_FORBIDDEN]);
    expect(await balanceOf(m.token)).toBe('0.00');

    const ok = await decide(financeB, ticket.review_id, true, '已核对工单');
    const item = dataOf<{ item: ApprovalItem }>(ok).item;
    expect(item).toMatchObject({
      status: 'approved',
      maker_name: financeA.name,
      checker_name: financeB.name,
    });
    expect(item.result).toBe('已入账，中心钱包余额 48000.00');
    expect(await balanceOf(m.token)).toBe('48000.00');
    const again = await decide(adminA, ticket.review_id, true);
    expect([again.status, again.body?.message]).toEqual([409, MSG_APPROVAL_DONE]);
    expect(await balanceOf(m.token)).toBe('48000.00');

    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approval.approve'), eq(auditLog.targetId, String(ticket.review_id))));
    expect(row).toMatchObject({ operatorName: financeB.name });
    expect(row?.after).toMatchObject({
      maker_name: financeA.name,
      checker_name: financeB.name,
      reason: '补偿',
      note: '已核对工单',
      made_at: expect.any(String),
      checked_at: expect.any(String),
    });
  });

  it('neither the maker nor the checker of an approved credit may approve that member’s withdrawal', async () => {
    const w = await pendingWithdrawal(t, { yuan: '300.00' });
    const ticket = ticketOf(await adjust(financeA, { id: w.userId, amount: '6000' }));
    dataOf(await decide(financeB, ticket.review_id, true));
    for (const agent of [financeA, financeB]) {
      const r = await agent.post('/api/withdrawals/approve', { id: w.id });
      expect([r.status, r.body?.message]).toEqual([409, MSG_SEPARATION.adjusted]);
    }
    dataOf(await adminA.post('/api/withdrawals/approve', { id: w.id }));
  });

  it('holds any amount above the review amount, and the daily total refuses 99,999,999.99 on approval', async () => {
    const m = await t.newMember();
    const small = dataOf<{ balance: string }>(await adjust(financeA, { id: m.id, amount: '5000' }));
    expect(small.balance).toBe('5000.00');
    const big = ticketOf(await adjust(financeA, { id: m.id, amount: '99999999.99' }));
    const r = await decide(financeB, big.review_id, true);
    const item = dataOf<{ item: ApprovalItem }>(r).item;
    expect(item.status).toBe('failed');
    expect(item.result).toContain('超过你今日的调整余额额度');
    expect(r.body?.message).toBe(`变更未能生效：${item.result}`);
    expect(await balanceOf(m.token)).toBe('5000.00');
  });

  it('a repeat of the same request files one item; a debit past the balance is refused at once', async () => {
    const m = await t.newMember();
    const body = { id: m.id, amount: '6000', request_id: randomUUID() };
    const [a, b] = await Promise.all([adjust(financeA, body), adjust(financeA, body)]);
    expect(ticketOf(a).review_id).toBe(ticketOf(b).review_id);
    const debit = await adjust(financeA, { id: m.id, amount: '6000', direction: 'debit' });
    expect([debit.status, debit.body?.message]).toEqual([400, '扣款金额超过中心钱包余额，无法扣款']);
  });

  it('two checkers approving at once move the money once', async () => {
    const m = await t.newMember();
    const ticket = ticketOf(await adjust(financeA, { id: m.id, amount: '7000' }));
    const replies = await Promise.all([
      decide(financeB, ticket.review_id, true),
      decide(adminA, ticket.review_id, true),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(m.token)).toBe('7000.00');
  });

  it('the per-operator daily total refuses a direct adjustment above it', async () => {
    const before = await getControls(t.db);
    await saveControls(t.db, { ...before, dailyAdjustCents: 100_00n });
    try {
      const m = await t.newMember();
      const first = await adjust(financeB, { id: m.id, amount: '1' });
      expect(first.status).toBe(200);
      const over = await adjust(financeB, { id: m.id, amount: '100' });
      expect(over.status).toBe(400);
      expect(over.body?.message).toMatch(
        /^超过你今日的调整余额额度：今日已用 [\d,.]+，本次 100\.00，每日上限 100\.00/,
      );
    } finally {
      await saveControls(t.db, before);
    }
  });
});

describe('attack 2: a 财务 redirects deposits', () => {
  it('a new USDT address and QR wait for a second 财务; on/off and range apply at once', async () => {
    const address = 'TXYZabcdefghijkmnopqrstuvwxyz12345';
    const r = await financeA.post('/api/payments/methods', { type: 'usdt-trc20', account: address });
    expect(ticketOf(r).summary).toBe(`USDT（TRC20）：收款账户改为 ${address}`);
    const methods = async () =>
      dataOf<{ items: { type: string; account: string; min: string }[] }>(
        await financeA.get('/api/payments/methods'),
      ).items;
    expect((await methods()).find((m) => m.type === 'usdt-trc20')?.account).not.toBe(address);
    const range = await financeA.post('/api/payments/methods', {
      type: 'usdt-trc20',
      min: '100',
      max: '50000',
    });
    expect(dataOf<{ min: string }>(range).min).toBe('100.00');

    dataOf(await decide(financeB, ticketOf(r).review_id, true));
    expect((await methods()).find((m) => m.type === 'usdt-trc20')?.account).toBe(address);
  });

  it('a new receiving card waits; a taken card number is refused at once', async () => {
    const card = { bank_name: '工商银行', bank_no: '6222020202020202', owner: '张三', address: '' };
    const ticket = ticketOf(await financeA.post('/api/payments/cards/create', card));
    expect(ticket.summary).toBe('新增收款银行卡：工商银行 ****0202（张三）');
    const cards = async () =>
      dataOf<{ items: { bank_no: string }[] }>(await financeA.get('/api/payments/cards')).items;
    expect((await cards()).some((x) => x.bank_no === card.bank_no)).toBe(false);
    dataOf(await decide(adminA, ticket.review_id, true));
    expect((await cards()).some((x) => x.bank_no === card.bank_no)).toBe(true);
    const taken = await financeA.post('/api/payments/cards/create', card);
    expect([taken.status, taken.body?.message]).toEqual([409, '该卡号已存在']);
  });
});

describe('operators and controls', () => {
  it('a role change waits for another 超级管理员; a 财务 may not approve it', async () => {
    const target = await c.signIn('support');
    const r = await adminA.post('/api/operators/update', { id: target.id, role: 'finance' });
    const ticket = ticketOf(r);
    expect(ticket.summary).toBe(`操作员 ${target.name} 的角色由客服改为财务`);
    const byFinance = await decide(financeB, ticket.review_id, true);
    expect([byFinance.status, byFinance.body?.message]).toEqual([403, MSG_APPROVAL_ROLE]);
    expect((await decide(adminA, ticket.review_id, true)).body?.message).toBe(MSG_APPROVAL_SELF);
    dataOf(await decide(adminB, ticket.review_id, true));
    const [row] = await t.db.select().from(operators).where(eq(operators.id, target.id));
    expect(row?.role).toBe('finance');
  });

  it('a new operator is made on approval and its one-time password shown to the checker', async () => {
    const name = `made_${process.pid % 10000}_${Date.now() % 100000}`;
    const ticket = ticketOf(await adminA.post('/api/operators/create', { name, role: 'finance' }));
    expect((await t.db.select().from(operators).where(eq(operators.name, name))).length).toBe(0);
    const r = dataOf<{ item: ApprovalItem; password?: string }>(await decide(adminB, ticket.review_id, true));
    expect(r.password).toMatch(/^\S{8,}$/);
    expect((await t.db.select().from(operators).where(eq(operators.name, name))).length).toBe(1);
  });

  it('controls change on approval by another 超级管理员; the maker may withdraw, nobody else', async () => {
    const body = {
      adjust_review_above: '3000',
      bonus_cap_review_above: '8000',
      daily_adjust: '100000',
      daily_approve: '900000',
      withdrawal_hold_hours: 48,
    };
    const withdrawn = ticketOf(await adminA.post('/api/controls', body));
    const notMine = await financeB.post('/api/approvals/cancel', { id: withdrawn.review_id });
    expect([notMine.status, notMine.body?.message]).toEqual([403, MSG_APPROVAL_NOT_MAKER]);
    expect(
      dataOf<ApprovalItem>(await adminA.post('/api/approvals/cancel', { id: withdrawn.review_id })).status,
    ).toBe('cancelled');
    const before = await getControls(t.db);
    try {
      const ticket = ticketOf(await adminA.post('/api/controls', body));
      dataOf(await decide(adminB, ticket.review_id, true));
      const view = dataOf<Record<string, unknown>>(await financeA.get('/api/controls'));
      expect(view).toMatchObject({ adjust_review_above: '3000.00', withdrawal_hold_hours: 48 });
    } finally {
      await saveControls(t.db, before);
    }
  });

  it('rejecting needs a note; the queue lists what may be decided', async () => {
    const m = await t.newMember();
    const ticket = ticketOf(await adjust(financeA, { id: m.id, amount: '9000' }));
    const list = dataOf<{ items: ApprovalItem[] }>(await financeB.get('/api/approvals', { view: 'pending' }));
    expect(list.items.find((i) => i.id === ticket.review_id)).toMatchObject({
      may_decide: true,
      mine: false,
    });
    const mine = dataOf<{ items: ApprovalItem[] }>(await financeA.get('/api/approvals', { view: 'pending' }));
    expect(mine.items.find((i) => i.id === ticket.review_id)).toMatchObject({
      may_decide: false,
      mine: true,
    });
    const bare = await decide(financeB, ticket.review_id, false);
    expect([bare.status, bare.body?.message]).toEqual([400, '请填写驳回原因']);
    const r = dataOf<{ item: ApprovalItem }>(await decide(financeB, ticket.review_id, false, '无工单'));
    expect(r.item).toMatchObject({ status: 'rejected', check_note: '无工单' });
    expect(await balanceOf(m.token)).toBe('0.00');
  });
});

describe('attack 3: a 运营 raises a bonus cap', () => {
  it('a cap above the review amount waits for a 财务; a small one saves at once', async () => {
    const titles = async () =>
      dataOf<{ items: { id: number; title: string; bonus_cap: string }[] }>(
        await contentA.get('/api/promo/activities'),
      ).items;
    const form = await activityForm(t);
    const big = ticketOf(
      await contentA.post('/api/promo/activities/create', { ...form, bonus_cap: '1000000' }),
    );
    expect(big.summary).toBe(`新建活动「${form.title}」，奖金封顶 1000000.00`);
    expect((await titles()).some((a) => a.title === form.title)).toBe(false);
    const content2 = await c.signIn('content');
    expect((await decide(content2, big.review_id, true)).status).toBe(403);
    dataOf(await decide(financeB, big.review_id, true));
    const made = (await titles()).find((a) => a.title === form.title);
    expect(made?.bonus_cap).toBe('1000000.00');

    // Editing its text keeps the approved cap: no second review; lowering it below the amount neither.
    const edit = await contentA.post('/api/promo/activities/update', {
      ...form,
      id: made?.id,
      bonus_cap: '1000000',
      title: `${form.title}2`,
    });
    expect(dataOf<{ title: string }>(edit).title).toBe(`${form.title}2`);
    const small = await contentA.post('/api/promo/activities/update', {
      ...form,
      id: made?.id,
      bonus_cap: '500',
    });
    expect(dataOf<{ bonus_cap: string }>(small).bonus_cap).toBe('500.00');
    const raise = await contentA.post('/api/promo/activities/update', {
      ...form,
      id: made?.id,
      bonus_cap: '20000',
    });
    expect(ticketOf(raise).summary).toBe(`修改活动「${form.title}」，奖金封顶 20000.00`);
  });
});

/**
 * Issue 33, paying an agent's statement from the console: 财务 asks (待复核), a second 财务 approves
 * and only then is it paid, never by the one who asked, once even when two approve at the same
 * moment; the agent's central balance and its turnover requirement (the plan's multiple × the
 * amount) grow and the ledger stays balanced; a frozen agent (or one under a frozen upline) is not
 * paid; a statement with nothing payable cannot be asked for.
 */
import { PlanInput } from '@app/contract/agent-plans';
import {
  MSG_APPROVAL_DONE,
  MSG_APPROVAL_SELF,
  reviewSubmittedMessage,
  type ApprovalItem,
} from '@app/contract/console-approvals';
import type { StatementView } from '@app/contract/console-agents';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  approvedBy,
  buildTestConsole,
  type ConsoleAgent,
  type TestConsole,
} from '../../../test/console-helpers';
import { buildTestApp, dataOf, type Reply, type TestApp } from '../../../test/helpers';
import { addDays, dayStartOf, resetClock, setClock } from '../../core/clock';
import { cliActor } from '../../db/audit';
import { agentStatements } from '../../db/schema/agents';
import { ledgerEntries } from '../../db/schema/money';
import { auditLog } from '../../db/schema/operators';
import { turnoverRequirements } from '../../db/schema/wallets';
import { bet, centralBalance, newAgent, turnoverBody } from './admin-test-support';
import {
  MSG_AGENT_FROZEN,
  MSG_STATEMENT_MISSING,
  MSG_STATEMENT_NOT_PAYABLE,
  MSG_STATEMENT_PAID,
  MSG_STATEMENT_WAITING,
} from './payout';
import { assignPlan, createPlan, setAgentStatus } from './plans';
import { buildDueStatements } from './statements';

let t: TestApp;
let c: TestConsole;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
}, 60_000);
afterEach(async () => {
  resetClock();
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

const H = 3600_000;
const DAY = '2026-07-01';
const MULTIPLE = 3;

/**
 * An agent on a daily turnover plan (0.30 % of 真人, multiple 3) with two statements built: the
 * first day's, a draft of 3.00 (its member's 1,000.00 of valid bets), and the second day's, nil.
 * The clock is left after both days, where the operators sign in.
 */
async function agentWithStatements(parent: number | null = null) {
  setClock(dayStartOf(DAY) + 9 * H);
  const agent = await newAgent(t, parent);
  const plan = await createPlan(
    t.db,
    PlanInput.parse(turnoverBody(undefined, 'daily', MULTIPLE)),
    cliActor(),
  );
  if (parent !== null) await assignPlan(t.db, parent, plan.id);
  await assignPlan(t.db, agent.id, plan.id);
  const m = await t.newMember({ pid: agent.id });
  await bet(t, m.id, {
    category: 'realbet',
    stake: 1000_00n,
    valid: 1000_00n,
    payout: 0n,
    at: dayStartOf(DAY) + 10 * H,
  });
  setClock(dayStartOf(addDays(DAY, 2)) + 31 * 60_000);
  await buildDueStatements(t.db);
  const rows = await t.db
    .select()
    .from(agentStatements)
    .where(eq(agentStatements.agentId, agent.id))
    .orderBy(asc(agentStatements.periodStart));
  const [draft, nil] = rows;
  if (rows.length !== 2 || !draft || !nil) throw new Error(`statements: ${rows.length}`);
  expect([draft.state, draft.payableCents, nil.state]).toEqual(['draft', 300n, 'nil']);
  return { agent, draft, nil };
}

const pay = (op: ConsoleAgent, id: number) => op.post('/api/agents/statements/pay', { id });
const refusal = (r: Reply) => [r.status, r.body?.message];
const itemOf = (r: Reply) => dataOf<{ item: ApprovalItem }>(r).item;
const listed = async (op: ConsoleAgent, agentId: number, state?: string) =>
  dataOf<{ items: StatementView[]; total: number }>(
    await op.get('/api/agents/statements', { agent_id: String(agentId), ...(state ? { state } : {}) }),
  );
const requirementsOf = (userId: number) =>
  t.db
    .select()
    .from(turnoverRequirements)
    .where(and(eq(turnoverRequirements.userId, userId), eq(turnoverRequirements.source, 'commission')));

describe('paying a statement', () => {
  it('is paid only when a second 财务 approves, never its maker; the balance and the turnover requirement grow', async () => {
    const { agent, draft, nil } = await agentWithStatements();
    const [maker, checker] = [await c.signIn('finance'), await c.signIn('finance')];
    const balance = await centralBalance(t, agent.id);

    const all = await listed(maker, agent.id);
    expect(all.items.map((s) => [s.id, s.state, s.payable, s.waiting])).toEqual([
      [nil.id, 'nil', '0.00', false],
      [draft.id, 'draft', '3.00', false],
    ]);
    expect((await listed(maker, agent.id, 'draft')).items.map((s) => s.id)).toEqual([draft.id]);

    const asked = await pay(maker, draft.id);
    expect([asked.status, asked.body?.message]).toEqual([200, reviewSubmittedMessage('agent.payStatement')]);
    expect(dataOf<{ summary: string }>(asked).summary).toBe(
      `发放代理 ${agent.name} 的佣金 3.00 元（${DAY} 至 ${DAY}）`,
    );
    expect((await listed(maker, agent.id, 'draft')).items[0]).toMatchObject({
      state: 'draft',
      waiting: true,
    });
    expect(refusal(await pay(checker, draft.id))).toEqual([409, MSG_STATEMENT_WAITING]);
    expect(refusal(await approvedBy(maker, asked))).toEqual([403, MSG_APPROVAL_SELF]);
    expect(await centralBalance(t, agent.id)).toBe(balance);

    const approved = await approvedBy(checker, asked);
    expect(itemOf(approved)).toMatchObject({ status: 'approved', result: '已发放佣金 3.00 元' });
    expect(await centralBalance(t, agent.id)).toBe(balance + 300n);
    const reqs = await requirementsOf(agent.id);
    expect(reqs.map((r) => [r.requiredCents, r.baseCents, r.multiple, r.reference])).toEqual([
      [300n * BigInt(MULTIPLE), 300n, MULTIPLE, `agent_statement:${draft.id}`],
    ]);
    const [paid] = (await listed(maker, agent.id, 'paid')).items;
    expect(paid).toMatchObject({
      id: draft.id,
      waiting: false,
      paid_by: `${maker.name}（复核：${checker.name}）`,
    });
    expect(paid?.paid_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(refusal(await pay(maker, draft.id))).toEqual([409, MSG_STATEMENT_PAID]);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agent.payStatement'), eq(auditLog.targetId, String(draft.id))));
    expect(audit?.after).toMatchObject({
      agent_id: agent.id,
      amount: '3.00',
      turnover_multiple: MULTIPLE,
      maker_name: maker.name,
      checker_name: checker.name,
    });
  });

  it('two 财务 approving at the same moment pay it once', async () => {
    const { agent, draft } = await agentWithStatements();
    const maker = await c.signIn('finance');
    const [a, b] = [await c.signIn('finance'), await c.signIn('admin')];
    const balance = await centralBalance(t, agent.id);
    const asked = await pay(maker, draft.id);
    const replies = await Promise.all([approvedBy(a, asked), approvedBy(b, asked)]);
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses, replies.map((r) => r.text).join('\n')).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body?.message).toBe(MSG_APPROVAL_DONE);
    expect(await centralBalance(t, agent.id)).toBe(balance + 300n);
    expect(await requirementsOf(agent.id)).toHaveLength(1);
    const legs = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `agent_statement:${draft.id}`));
    expect(legs.map((l) => l.amountCents).sort()).toEqual([-300n, 300n]);
  });

  it('two 财务 asking at the same moment file one payment', async () => {
    const { draft } = await agentWithStatements();
    const [a, b] = [await c.signIn('finance'), await c.signIn('finance')];
    const replies = await Promise.all([pay(a, draft.id), pay(b, draft.id)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body?.message).toBe(MSG_STATEMENT_WAITING);
  });

  it('a frozen agent, or one under a frozen upline, is not paid: neither asked for nor on approval', async () => {
    const parent = await newAgent(t);
    const { agent, draft } = await agentWithStatements(parent.id);
    const [maker, checker, risk] = [
      await c.signIn('finance'),
      await c.signIn('finance'),
      await c.signIn('risk'),
    ];
    const balance = await centralBalance(t, agent.id);
    const asked = await pay(maker, draft.id);
    expect(asked.status).toBe(200);
    dataOf(await risk.post('/api/agents/status', { id: parent.id, status: 'frozen', reason: '涉嫌套利' }));

    const decided = await approvedBy(checker, asked);
    expect(itemOf(decided)).toMatchObject({ status: 'failed', result: MSG_AGENT_FROZEN });
    expect(await centralBalance(t, agent.id)).toBe(balance);
    expect((await listed(maker, agent.id, 'draft')).items[0]).toMatchObject({ id: draft.id, waiting: false });
    expect(refusal(await pay(maker, draft.id))).toEqual([409, MSG_AGENT_FROZEN]);

    await setAgentStatus(t.db, parent.id, 'active');
    await setAgentStatus(t.db, agent.id, 'frozen');
    expect(refusal(await pay(maker, draft.id))).toEqual([409, MSG_AGENT_FROZEN]);
  });

  it('a statement with nothing payable, or none at all, cannot be asked for', async () => {
    const { nil } = await agentWithStatements();
    const finance = await c.signIn('finance');
    expect(refusal(await pay(finance, nil.id))).toEqual([409, MSG_STATEMENT_NOT_PAYABLE]);
    expect(refusal(await pay(finance, 2_000_000_000))).toEqual([404, MSG_STATEMENT_MISSING]);
  });
});

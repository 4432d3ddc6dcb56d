/**
 * Issue 33, 代理管理 in the console: plan templates (every refusal of the contract, in the order of the
 * fields; unique names; audited with before and after), assigning a plan (settled from the start of
 * the current period, or from the last statement's end), 停用/冻结 reaching the sub-tree, the tree a
 * page at a time, and the agent report against a hand computation.
 */
import {
  AGENT_TURNOVER_RATE_MAX_BP,
  MSG_FEE_SHARE,
  MSG_PLAN_ACTIVE,
  MSG_PLAN_MONEY,
  MSG_PLAN_NAME,
  MSG_PLAN_TIER_ORDER,
  MSG_PLAN_TIERS,
  MSG_TURNOVER_MULTIPLE,
  msgShareMax,
  msgTurnoverRateMax,
  NET_LOSS_SHARE_MAX_BP,
} from '@app/contract/agent-plans';
import type { AgentView, PlanView } from '@app/contract/console-agents';
import { REBATE_CATEGORIES, REBATE_CATEGORY_LABELS } from '@app/contract/enums';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { buildTestApp, dataOf, type Reply, type TestApp } from '../../../test/helpers';
import { dayStartOf, resetClock, setClock } from '../../core/clock';
import { agentStatements } from '../../db/schema/agents';
import { auditLog } from '../../db/schema/operators';
import {
  netLossBody,
  newAgent,
  turnoverBody,
  uniqueName,
  zeroRates,
  type PlanBody,
} from './admin-test-support';
import { MSG_AGENT_MISSING, MSG_PLAN_MISSING, MSG_PLAN_NAME_TAKEN } from './plans';
import { buildDueStatements } from './statements';
import { agentRow, MSG_INVITE_INVALID } from './tree';

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
/** Sets the clock, then signs in a fresh operator of `role` (sessions run on the same clock). */
async function at(ms: number, role: 'content' | 'risk'): Promise<ConsoleAgent> {
  setClock(ms);
  return c.signIn(role);
}
const refusal = (r: Reply) => [r.status, r.body?.message];
const save = (op: ConsoleAgent, body: unknown) => op.post('/api/agents/plans/save', body);
const auditOf = (action: string, targetId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))))
    .orderBy(asc(auditLog.id));

describe('plan templates', () => {
  it('refuses a plan field by field in the order of the fields, with the contract’s messages', async () => {
    const content = await at(dayStartOf('2026-06-01') + 9 * H, 'content');
    const good = netLossBody();
    const tier = good.tiers[0];
    const broken: Record<string, unknown> = {
      ...good,
      name: '   ',
      kind: 'rebate',
      period: 'yearly',
      active_min_deposit: '1.234',
      active_min_valid: '-5',
      tiers: Array.from({ length: 11 }, () => tier),
      fee_share: 501,
      turnover_rates: { ...zeroRates(), lottery: 41 },
      turnover_multiple: 51,
    };
    // Each step: the message while the field is still wrong, then the field mended.
    const steps: [string, unknown, string][] = [
      ['name', good.name, MSG_PLAN_NAME],
      ['kind', 'net_loss', '方案类型无效'],
      ['period', 'daily', '结算周期无效'],
      ['active_min_deposit', '100', MSG_PLAN_MONEY],
      ['active_min_valid', '0.5', MSG_PLAN_MONEY],
      ['tiers', [], MSG_PLAN_TIERS],
      ['fee_share', 500, MSG_FEE_SHARE],
      ['turnover_rates', zeroRates(), msgTurnoverRateMax('lottery')],
      ['turnover_multiple', 50, MSG_TURNOVER_MULTIPLE],
      // Then the checks of the whole plan: a net-loss plan has tiers, ascending in both minimums.
      ['tiers', [good.tiers[1], good.tiers[0]], MSG_PLAN_TIERS],
      ['tiers', good.tiers, MSG_PLAN_TIER_ORDER],
    ];
    for (const [field, mended, message] of steps) {
      expect(refusal(await save(content, broken)), field).toEqual([400, message]);
      broken[field] = mended;
    }
    const created = await save(content, broken);
    expect([created.status, created.body?.message]).toEqual([200, '佣金方案已创建']);
  });

  it('caps each share, the cost share, each category’s turnover rate, the fee share and the multiple', async () => {
    const content = await at(dayStartOf('2026-06-01') + 9 * H, 'content');
    const tierWith = (change: Partial<PlanBody['tiers'][number]>): Partial<PlanBody> => {
      const [first, ...rest] = netLossBody().tiers;
      return { tiers: [{ ...first, ...change } as PlanBody['tiers'][number], ...rest] };
    };
    const cases: [string, Partial<PlanBody> | Record<string, unknown>, string][] = [
      ...REBATE_CATEGORIES.map((cat): [string, Partial<PlanBody>, string] => [
        `${cat} share`,
        tierWith({ rates: { ...zeroRates(), [cat]: NET_LOSS_SHARE_MAX_BP + 1 } }),
        msgShareMax(`${REBATE_CATEGORY_LABELS[cat]}分成`),
      ]),
      ['cost share', tierWith({ cost_share: NET_LOSS_SHARE_MAX_BP + 1 }), msgShareMax('成本分摊')],
      ['tier money', tierWith({ min_profit: 'abc' }), MSG_PLAN_MONEY],
      ['active −1', tierWith({ min_active: -1 }), MSG_PLAN_ACTIVE],
      ['active 1.5', tierWith({ min_active: 1.5 }), MSG_PLAN_ACTIVE],
      ...REBATE_CATEGORIES.map((cat): [string, Partial<PlanBody>, string] => [
        `${cat} turnover`,
        { turnover_rates: { ...zeroRates(), [cat]: AGENT_TURNOVER_RATE_MAX_BP[cat] + 1 } },
        msgTurnoverRateMax(cat),
      ]),
      ['turnover 1.5', { turnover_rates: { ...zeroRates(), sport: 1.5 } }, msgTurnoverRateMax('sport')],
      ['fee −1', { fee_share: -1 }, MSG_FEE_SHARE],
      ['multiple −1', { turnover_multiple: -1 }, MSG_TURNOVER_MULTIPLE],
      ['multiple 2.5', { turnover_multiple: 2.5 }, MSG_TURNOVER_MULTIPLE],
      ['name 31', { name: '方'.repeat(31) }, MSG_PLAN_NAME],
    ];
    for (const [what, change, message] of cases) {
      expect(refusal(await save(content, { ...netLossBody(), ...change })), what).toEqual([400, message]);
    }
    // Every maximum itself is taken.
    const max = await save(content, {
      ...netLossBody(`${uniqueName('上限')}${'方'.repeat(20)}`.slice(0, 30)),
      tiers: [
        {
          min_profit: '0',
          min_active: 0,
          rates: Object.fromEntries(REBATE_CATEGORIES.map((cat) => [cat, NET_LOSS_SHARE_MAX_BP])),
          cost_share: NET_LOSS_SHARE_MAX_BP,
        },
      ],
      fee_share: 500,
      turnover_rates: AGENT_TURNOVER_RATE_MAX_BP,
      turnover_multiple: 50,
    });
    expect(max.status, max.text).toBe(200);
  });

  it('names are unique; a save is audited with before and after; the list shows money as "12.34" and its agents', async () => {
    const content = await at(dayStartOf('2026-06-02') + 9 * H, 'content');
    const name = uniqueName('唯一');
    const a = dataOf<PlanView>(await save(content, netLossBody(name)));
    expect(a).toMatchObject({
      name,
      kind: 'net_loss',
      active_min_deposit: '100.00',
      active_min_valid: '50.00',
    });
    expect(a.tiers.map((x) => x.min_profit)).toEqual(['0.00', '500.00']);
    expect(refusal(await save(content, netLossBody(name)))).toEqual([409, MSG_PLAN_NAME_TAKEN]);
    const b = dataOf<PlanView>(await save(content, turnoverBody()));
    expect(refusal(await save(content, { ...turnoverBody(name), id: b.id }))).toEqual([
      409,
      MSG_PLAN_NAME_TAKEN,
    ]);
    const changed = await save(content, { ...turnoverBody(b.name), id: b.id, fee_share: 200 });
    expect([changed.status, changed.body?.message]).toEqual([200, '佣金方案已保存，从下一期账单起生效']);
    expect(refusal(await save(content, { ...turnoverBody(), id: 999_999 }))).toEqual([404, MSG_PLAN_MISSING]);

    const [created] = await auditOf('agent.plan.create', b.id);
    expect(created?.operatorName).toBe(content.name);
    expect(created?.after).toMatchObject({ name: b.name, fee_share: 100 });
    const updates = await auditOf('agent.plan.update', b.id);
    expect(updates.map((u) => [(u.before as PlanView).fee_share, (u.after as PlanView).fee_share])).toEqual([
      [100, 200],
    ]);

    const agent = await newAgent(t);
    dataOf(await content.post('/api/agents/assign', { id: agent.id, plan_id: a.id }));
    const { plans } = dataOf<{ plans: PlanView[] }>(await content.get('/api/agents/plans'));
    expect(plans.find((p) => p.id === a.id)).toMatchObject({ agents: 1, fee_share: 100 });
    expect(plans.find((p) => p.id === b.id)).toMatchObject({ agents: 0, fee_share: 200 });
  });
});

describe('assigning a plan', () => {
  it('settles from the start of the plan’s current period, after statements from the last one’s end; audited', async () => {
    const wednesday = dayStartOf('2026-05-06') + 15 * H;
    const content = await at(wednesday, 'content');
    const agent = await newAgent(t);
    const plan = async (period: PlanBody['period']) =>
      dataOf<PlanView>(await save(content, turnoverBody(undefined, period)));
    const [weekly, monthly, daily] = [await plan('weekly'), await plan('monthly'), await plan('daily')];
    const assign = (op: ConsoleAgent, planId: number) =>
      op.post('/api/agents/assign', { id: agent.id, plan_id: planId });
    const settledFrom = async () => (await agentRow(t.db, agent.id))?.settledFrom?.getTime();

    const r = await assign(content, weekly.id);
    expect(r.body?.message).toBe(`已分配佣金方案「${weekly.name}」`);
    expect(dataOf<AgentView>(r).plan).toEqual({ id: weekly.id, name: weekly.name });
    expect(await settledFrom()).toBe(dayStartOf('2026-05-04')); // that week's Monday
    dataOf(await assign(content, monthly.id));
    expect(await settledFrom()).toBe(dayStartOf('2026-05-01'));
    dataOf(await assign(content, daily.id));
    expect(await settledFrom()).toBe(dayStartOf('2026-05-06'));

    // Two days are settled (05-06, 05-07); a new plan starts where the last statement ended.
    const later = await at(dayStartOf('2026-05-08') + 31 * 60_000, 'content');
    expect(await buildDueStatements(t.db)).toBeGreaterThanOrEqual(2);
    const built = await t.db.select().from(agentStatements).where(eq(agentStatements.agentId, agent.id));
    expect(built).toHaveLength(2);
    dataOf(await assign(later, weekly.id));
    expect(await settledFrom()).toBe(dayStartOf('2026-05-08'));

    const rows = await auditOf('agent.assign', agent.id);
    expect(rows.map((x) => [x.before, x.after]).at(-1)).toEqual([
      { plan_id: daily.id, settled_from: '2026-05-06 00:00:00' },
      { plan_id: weekly.id, plan_name: weekly.name, settled_from: '2026-05-08 00:00:00' },
    ]);
    const member = await t.newMember();
    expect(refusal(await assign(later, 999_999))).toEqual([404, MSG_PLAN_MISSING]);
    expect(refusal(await later.post('/api/agents/assign', { id: member.id, plan_id: weekly.id }))).toEqual([
      404,
      MSG_AGENT_MISSING,
    ]);
  });
});

describe('the tree', () => {
  const view = async (op: ConsoleAgent, name: string) => {
    const page = dataOf<{ items: AgentView[] }>(await op.get('/api/agents', { q: name }));
    const found = page.items.find((a) => a.username === name);
    if (!found) throw new Error(`${name} not found`);
    return found;
  };

  it('停用 and 冻结 reach the whole sub-tree, 恢复 lifts them; each audited with its reason', async () => {
    const risk = await at(dayStartOf('2026-06-03') + 9 * H, 'risk');
    const top = await newAgent(t);
    const child = await newAgent(t, top.id);
    const grand = await newAgent(t, child.id);
    const standing = async () =>
      Promise.all([top, child, grand].map(async (a) => (await view(risk, a.name)).effective_status));
    const set = (id: number, status: string, reason = '推广违规') =>
      risk.post('/api/agents/status', { id, status, reason });

    const suspended = await set(top.id, 'suspended');
    expect(suspended.body?.message).toBe('代理已停用，其下级代理一并停用');
    expect(await standing()).toEqual(['suspended', 'suspended', 'suspended']);
    expect((await view(risk, grand.name)).status).toBe('active');
    await expect(t.newMember({ pid: grand.id })).rejects.toThrow(MSG_INVITE_INVALID);
    dataOf(await set(child.id, 'frozen', '涉嫌对冲套利'));
    expect(await standing()).toEqual(['suspended', 'frozen', 'frozen']);
    dataOf(await set(top.id, 'active', '核实无误'));
    expect(await standing()).toEqual(['active', 'frozen', 'frozen']);
    expect((await set(child.id, 'active', '解除冻结')).body?.message).toBe('代理已恢复正常');
    expect(await standing()).toEqual(['active', 'active', 'active']);
    expect((await t.newMember({ pid: grand.id })).id).toBeGreaterThan(0);
    expect(refusal(await set(top.id, 'frozen', '  '))).toEqual([400, '请填写原因']);

    const rows = await auditOf('agent.status', top.id);
    expect(rows.map((x) => [x.before, x.after])).toEqual([
      [{ status: 'active' }, { status: 'suspended', reason: '推广违规' }],
      [{ status: 'suspended' }, { status: 'active', reason: '核实无误' }],
    ]);
    expect(rows[0]?.operatorName).toBe(risk.name);
  });

  it('pages top agents or a parent’s sub-agents, finds a name anywhere, counts members and sub-agents', async () => {
    const content = await at(dayStartOf('2026-06-04') + 9 * H, 'content');
    const top = await newAgent(t);
    const [first, second] = [await newAgent(t, top.id), await newAgent(t, top.id)];
    const grand = await newAgent(t, first.id);
    await t.newMember({ pid: top.id });
    await t.newMember({ pid: top.id });
    const plan = dataOf<PlanView>(await save(content, turnoverBody()));
    dataOf(await content.post('/api/agents/assign', { id: top.id, plan_id: plan.id }));

    // Its two members and its two sub-agents (members of its level 1 as well).
    expect(await view(content, top.name)).toMatchObject({
      id: top.id,
      parent: null,
      depth: 1,
      plan: { id: plan.id, name: plan.name },
      status: 'active',
      members: 4,
      sub_agents: 2,
    });
    const children = dataOf<{ items: AgentView[]; total: number }>(
      await content.get('/api/agents', { parent_id: String(top.id) }),
    );
    expect(children.total).toBe(2);
    expect(children.items.map((a) => [a.id, a.depth, a.sub_agents, a.members])).toEqual([
      [first.id, 2, 1, 1],
      [second.id, 2, 0, 0],
    ]);
    expect(children.items[0]?.parent).toEqual({ id: top.id, username: top.name });
    const secondPage = dataOf<{ items: AgentView[]; total: number }>(
      await content.get('/api/agents', { parent_id: String(top.id), page: '2', pageSize: '1' }),
    );
    expect([secondPage.total, secondPage.items.map((a) => a.id)]).toEqual([2, [second.id]]);

    const found = dataOf<{ items: AgentView[] }>(
      await content.get('/api/agents', { q: grand.name.toUpperCase() }),
    );
    expect(found.items.map((a) => [a.id, a.depth])).toEqual([[grand.id, 3]]);
    expect(dataOf<{ total: number }>(await content.get('/api/agents', { q: '%' })).total).toBe(0);
    const tops = dataOf<{ items: AgentView[] }>(await content.get('/api/agents', { pageSize: '200' }));
    expect(tops.items.every((a) => a.parent === null && a.depth === 1)).toBe(true);
    expect(tops.items.map((a) => a.id)).toContain(top.id);
  });
});

import {
  AGENT_REPORT_DAYS_MAX,
  MSG_AGENT_FROZEN_OFFICE,
  MSG_NOT_AGENT,
  MSG_REPORT_DAYS,
  MSG_SUB_RATES,
  type DownlineMember,
} from '@app/contract/agent-office';
import type { StatementFigures } from '@app/contract/agent-plans';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayStartOf, resetClock, setClock } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { agentStatements, agents } from '../../db/schema/agents';
import { buildTestApp, dataOf, type Reply, type TestApp } from '../../../test/helpers';
import { MSG_SUB_AGENT_MISSING } from './office';
import {
  bet,
  deposit,
  giveTurnoverPlan,
  newAgent,
  withdrawal,
  zeroRates,
  type TestMember,
} from './office-test-support';
import { setAgentStatus } from './plans';

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

const DAY = '2026-07-15';
const h = (n: number) => dayStartOf(DAY) + n * 3600_000;
const refusal = (r: Reply) => [r.status, r.body?.message];
type Page<T> = { data: T[]; total: number; last_page: number };
const downline = async (token: string, level: number, extra: Record<string, unknown> = {}) =>
  dataOf<Page<DownlineMember & { joined_at: string }>>(
    await t.post('/api/agent/downline', { level, start_date: DAY, end_date: DAY, ...extra }, { token }),
  );

/** Every back office call with a valid body, for the checks that apply to all of them. */
const OFFICE_CALLS: [string, Record<string, unknown>][] = [
  ['/api/agent/overview', {}],
  ['/api/agent/downline', { level: 1, start_date: DAY, end_date: DAY }],
  ['/api/agent/statements', {}],
  ['/api/agent/invites', {}],
  ['/api/agent/invites/create', { kind: 'member', days: 0, max_uses: 0 }],
  ['/api/agent/invites/revoke', { id: 1 }],
  ['/api/agent/sub_agents', {}],
  ['/api/agent/sub_agents/rates', { id: 1, rates: zeroRates() }],
  ['/api/agent/report', { start_date: DAY, end_date: DAY }],
];

describe('the back office’s door', () => {
  it('answers 403 您还不是代理 to a member who is no agent, on every call', async () => {
    const m = await t.newMember();
    for (const [path, body] of OFFICE_CALLS)
      expect(refusal(await t.post(path, body, { token: m.token })), path).toEqual([403, MSG_NOT_AGENT]);
    expect((await t.post('/api/agent/overview', {})).status).toBe(401);
  });

  it('a frozen parent closes its child’s office on every call; unfrozen, it opens again', async () => {
    const top = await newAgent(t);
    const child = await newAgent(t, top.id);
    await setAgentStatus(t.db, top.id, 'frozen');
    for (const [path, body] of OFFICE_CALLS)
      expect(refusal(await t.post(path, body, { token: child.token })), path).toEqual([
        403,
        MSG_AGENT_FROZEN_OFFICE,
      ]);
    await setAgentStatus(t.db, top.id, 'suspended');
    const o = dataOf<{ status: string }>(await t.post('/api/agent/overview', {}, { token: child.token }));
    expect(o.status).toBe('suspended');
  });
});

/** top → sub → subsub, each with one member of its own, and an outsider agent with its own member. */
async function threeLevels() {
  setClock(h(9));
  const top = await newAgent(t);
  const m1 = await t.newMember({ pid: top.id, realname: '张三丰' });
  const sub = await newAgent(t, top.id);
  const m2 = await t.newMember({ pid: sub.id, realname: '李四' });
  const subsub = await newAgent(t, sub.id);
  const m3 = await t.newMember({ pid: subsub.id });
  const other = await newAgent(t);
  const x1 = await t.newMember({ pid: other.id, realname: '王五' });
  return { top, m1, sub, m2, subsub, m3, other, x1 };
}

describe('the downline', () => {
  it('shows levels 1 to 3 through sub-agents, with masked real names and the days’ figures; never another tree', async () => {
    const { top, m1, sub, m2, subsub, m3, other, x1 } = await threeLevels();
    await deposit(t, m1.id, 50_000n, h(10));
    await deposit(t, m1.id, 7_000n, h(10), 1); // still in review: not counted
    await deposit(t, m1.id, 90_000n, h(-2)); // the day before: not counted
    await withdrawal(t, m1.id, 20_000n, h(12));
    await bet(t, m1.id, 'realbet', 10_000n, 4_000n, h(11));
    await bet(t, m1.id, 'lottery', 2_000n, 3_900n, h(11));
    await bet(t, m2.id, 'sport', 1_000n, 0n, h(13));
    setClock(h(20));

    const l1 = await downline(top.token, 1);
    expect(l1.data.map((m) => [m.id, m.level, m.agent, m.is_agent])).toEqual([
      [sub.id, 1, '', true],
      [m1.id, 1, '', false],
    ]);
    const first = l1.data.find((m) => m.id === m1.id);
    expect(first).toMatchObject({
      realname: '张**',
      deposits: '500.00',
      withdrawals: '200.00',
      valid: '120.00',
      win_loss: '-41.00',
    });
    expect(first?.last_login_at).not.toBeNull();
    expect(JSON.stringify(l1)).not.toContain('张三丰');

    const l2 = await downline(top.token, 2);
    expect(l2.data.map((m) => [m.id, m.agent])).toEqual([
      [subsub.id, sub.name],
      [m2.id, sub.name],
    ]);
    expect(l2.data.find((m) => m.id === m2.id)).toMatchObject({
      realname: '李**',
      valid: '10.00',
      win_loss: '-10.00',
    });
    const l3 = await downline(top.token, 3);
    expect(l3.data.map((m) => [m.id, m.agent, m.realname])).toEqual([[m3.id, subsub.name, '']]);
    expect((await downline(top.token, 4)).total).toBe(0);

    // The sub-agent sees its own tree from its level 1, nothing above it.
    expect((await downline(sub.token, 1)).data.map((m) => m.id)).toEqual([subsub.id, m2.id]);
    expect((await downline(sub.token, 2)).data.map((m) => m.id)).toEqual([m3.id]);
    // Another agent's members are in no level of this tree, and this tree in none of its.
    const everyone = async (a: TestMember) =>
      (await Promise.all([1, 2, 3, 4].map((l) => downline(a.token, l)))).flatMap((p) =>
        p.data.map((m) => m.id),
      );
    expect(await everyone(top)).not.toContain(x1.id);
    expect(await everyone(other)).toEqual([x1.id]);
  });

  it('finds members by the start of their name, pages 20 at a time, newest first', async () => {
    setClock(h(8));
    const a = await newAgent(t);
    const found = await t.newMember({ pid: a.id });
    const pattern = found.name.slice(0, 6).toUpperCase();
    const byName = await downline(a.token, 1, { q: pattern });
    expect(byName.data.map((m) => m.id)).toEqual([found.id]);
    expect((await downline(a.token, 1, { q: '%' })).total).toBe(0);
    // 21 more members in one statement (no registration needed to page them).
    await t.db.insert(users).values(
      Array.from({ length: 21 }, (_, i) => ({
        username: `pg${a.id}n${i}`,
        passwordHash: 'x',
        agentId: a.id,
        pid: a.id,
        createdAt: new Date(h(9) + i * 60_000),
      })),
    );
    const page1 = await downline(a.token, 1);
    const page2 = await downline(a.token, 1, { page: 2 });
    expect([page1.total, page1.last_page, page1.data.length, page2.data.length]).toEqual([22, 2, 20, 2]);
    expect(page1.data[0]?.username).toBe(`pg${a.id}n20`);
    expect(page2.data.map((m) => m.id)).toContain(found.id);
  });
});

describe('statements, sub-agents, overview, team report', () => {
  it('lists only the agent’s own statements, newest first', async () => {
    const a = await newAgent(t);
    const b = await newAgent(t);
    const plan = await giveTurnoverPlan(t, a.id, zeroRates());
    const zero = { members: 0, active: 0, net_loss: 0, rebates: 0, bonuses: 0, red_packets: 0, fees: 0 };
    const figures: StatementFigures = {
      ...zero,
      ...{ lines: [], cost_share_bp: 0, costs_borne: 0, gross: 0, tier: 0, carried_in: 0, result: 0 },
      ...{ payable: 0, carry_out: 0, largest_member_bp: 0 },
    };
    const row = (agentId: number, day: string, payable: bigint) => ({
      agentId,
      planId: plan.id,
      periodStart: new Date(dayStartOf(day)),
      periodEnd: new Date(dayStartOf(addDays(day, 1))),
      figures,
      payableCents: payable,
      carryOutCents: 0n,
      state: payable > 0n ? 'draft' : 'nil',
      createdAt: new Date(),
    });
    await t.db
      .insert(agentStatements)
      .values([row(a.id, '2026-07-01', 1234n), row(a.id, '2026-07-02', 0n), row(b.id, '2026-07-01', 999n)]);
    const mine = dataOf<Page<{ period_start: string; payable: string; plan_name: string }>>(
      await t.post('/api/agent/statements', {}, { token: a.token }),
    );
    expect(mine.data.map((s) => [s.period_start, s.payable])).toEqual([
      ['2026-07-02 00:00:00', '0.00'],
      ['2026-07-01 00:00:00', '12.34'],
    ]);
    expect(mine.data[0]?.plan_name).toBe(plan.name);
    const theirs = dataOf<Page<unknown>>(await t.post('/api/agent/statements', {}, { token: b.token }));
    expect(theirs.total).toBe(1);
  });

  it('sets a direct sub-agent’s rates up to its own; another tree’s agent or a grandchild is 404', async () => {
    const own = { ...zeroRates(), realperson: 40, sport: 20 };
    const a = await newAgent(t);
    await giveTurnoverPlan(t, a.id, own);
    const sub = await newAgent(t, a.id, { ...zeroRates(), realperson: 10 });
    const grandchild = await newAgent(t, sub.id);
    const stranger = await newAgent(t);
    const set = (id: number, rates: Record<string, number>) =>
      t.post('/api/agent/sub_agents/rates', { id, rates }, { token: a.token });
    expect(refusal(await set(sub.id, { ...own, realperson: 41 }))).toEqual([400, MSG_SUB_RATES]);
    const ok = dataOf<{ rates: unknown; members: number }>(await set(sub.id, { ...own, realperson: 35 }));
    expect(ok.rates).toEqual({ ...own, realperson: 35 });
    expect(ok.members).toBe(1); // the grandchild registered through its link
    const [row] = await t.db.select().from(agents).where(eq(agents.userId, sub.id));
    expect(row?.turnoverRates).toEqual({ ...own, realperson: 35 });
    for (const id of [grandchild.id, stranger.id, a.id])
      expect(refusal(await set(id, zeroRates()))).toEqual([404, MSG_SUB_AGENT_MISSING]);
    const subs = dataOf<Page<{ id: number }>>(await t.post('/api/agent/sub_agents', {}, { token: a.token }));
    expect(subs.data.map((s) => s.id)).toEqual([sub.id]);
  });

  it('overview: the plan, this period’s estimate so far, what was carried and paid, and the counts', async () => {
    const { top, m1, m2 } = await threeLevels();
    const plan = await giveTurnoverPlan(t, top.id, { ...zeroRates(), realperson: 50 });
    await bet(t, m1.id, 'realbet', 100_000n, 0n, h(10));
    await bet(t, m2.id, 'realbet', 100_000n, 0n, h(10));
    await t.db.insert(agentStatements).values({
      agentId: top.id,
      planId: plan.id,
      periodStart: new Date(dayStartOf(addDays(DAY, -2))),
      periodEnd: new Date(dayStartOf(addDays(DAY, -1))),
      figures: { payable: 500 } as StatementFigures,
      payableCents: 500n,
      carryOutCents: 0n,
      state: 'paid',
      createdAt: new Date(h(0)),
    });
    setClock(h(12));
    const o = dataOf<Record<string, unknown> & { estimate: StatementFigures }>(
      await t.post('/api/agent/overview', {}, { token: top.token }),
    );
    expect(o).toMatchObject({
      username: top.name,
      status: 'active',
      depth: 1,
      plan: { name: plan.name, kind: 'turnover', period: 'daily' },
      period: { start: `${DAY} 00:00:00`, end: `${addDays(DAY, 1)} 00:00:00` },
      carried: '0.00',
      paid_total: '5.00',
      // Level 1: m1 and the sub-agent; the team: m1, sub, m2, subsub, m3.
      members: 2,
      sub_agents: 1,
      team: 5,
      new_today: 5,
    });
    // Own member 100 000 × 0.50 %, the sub-agents' team with no rates of its own: the full 0.50 % too.
    expect(o.estimate.gross).toBe(1000);
    // The estimate is kept a minute (a statement's work per call is too much at scale), then redone.
    const gross = async () =>
      dataOf<{ estimate: StatementFigures }>(await t.post('/api/agent/overview', {}, { token: top.token }))
        .estimate.gross;
    await bet(t, m1.id, 'realbet', 100_000n, 0n, h(12));
    setClock(h(12) + 59_000);
    expect(await gross()).toBe(1000);
    setClock(h(12) + 61_000);
    expect(await gross()).toBe(1500);
  });

  it('team report: every level by Beijing day and category, new members, deposits and withdrawals', async () => {
    const { top, m1, m3, x1 } = await threeLevels();
    await bet(t, m1.id, 'realbet', 10_000n, 4_000n, h(10));
    await bet(t, m3.id, 'lottery', 3_000n, 0n, h(23) + 3_500_000); // 23:58 Beijing: still this day
    await bet(t, m3.id, 'lottery', 1_000n, 0n, h(24)); // the next day
    await bet(t, x1.id, 'lottery', 999_000n, 0n, h(10)); // another tree
    await deposit(t, m3.id, 30_000n, h(11));
    await withdrawal(t, m1.id, 5_000n, h(25));
    setClock(h(50));
    const report = dataOf<{
      days: {
        day: string;
        new_members: number;
        deposits: string;
        withdrawals: string;
        lines: { category: string; valid: string; profit: string }[];
      }[];
    }>(
      await t.post('/api/agent/report', { start_date: DAY, end_date: addDays(DAY, 1) }, { token: top.token }),
    );
    const [d0, d1] = report.days;
    expect(report.days.map((d) => d.day)).toEqual([DAY, addDays(DAY, 1)]);
    expect(d0).toMatchObject({ new_members: 5, deposits: '300.00', withdrawals: '0.00' });
    const line = (d: typeof d0, c: string) => d?.lines.find((l) => l.category === c);
    expect(line(d0, 'realperson')).toEqual({ category: 'realperson', valid: '100.00', profit: '60.00' });
    expect(line(d0, 'lottery')).toEqual({ category: 'lottery', valid: '30.00', profit: '30.00' });
    expect(d1).toMatchObject({ new_members: 0, deposits: '0.00', withdrawals: '50.00' });
    expect(line(d1, 'lottery')).toMatchObject({ valid: '10.00' });
    const tooLong = await t.post(
      '/api/agent/report',
      { start_date: DAY, end_date: addDays(DAY, AGENT_REPORT_DAYS_MAX) },
      { token: top.token },
    );
    expect(refusal(tooLong)).toEqual([400, MSG_REPORT_DAYS]);
  });
});

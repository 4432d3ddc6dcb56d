/**
 * Issue 33, 代理报表: per agent over Beijing days, its level-1 members' sign-ups, deposits, withdrawals,
 * valid bets and net loss, and its statements' commission paid and still to pay, against figures
 * worked out by hand from the records written here (what falls outside the range or the state is
 * written too, and must not count).
 */
import type { AgentReportRow } from '@app/contract/console-agents';
import type { StatementFigures } from '@app/contract/agent-plans';
import { MSG_REPORT_DAY, MSG_REPORT_SPAN } from '@app/contract/console-reports';
import { MSG_RANGE_ORDER } from '@app/contract/date-range';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type TestConsole } from '../../../test/console-helpers';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { addDays, dayStartOf, resetClock, setClock } from '../../core/clock';
import { cliActor } from '../../db/audit';
import { agentStatements } from '../../db/schema/agents';
import { PlanInput } from '@app/contract/agent-plans';
import { bet, deposit, newAgent, turnoverBody, withdrawal } from './admin-test-support';
import { createPlan } from './plans';

let t: TestApp;
let c: TestConsole;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
}, 60_000);
afterEach(() => resetClock());
afterAll(async () => {
  await c.close();
  await t.close();
});

const H = 3600_000;
const DAY = '2026-08-10';
const d = (n: number, hour: number) => dayStartOf(addDays(DAY, n)) + hour * H;

/** A statement row of `agentId` for the day `n` days after DAY (figures beside the point here). */
async function statement(agentId: number, planId: number, n: number, state: string, cents: bigint) {
  await t.db.insert(agentStatements).values({
    agentId,
    planId,
    periodStart: new Date(d(n, 0)),
    periodEnd: new Date(d(n + 1, 0)),
    figures: { payable: Number(cents) } as StatementFigures,
    payableCents: cents,
    carryOutCents: 0n,
    state,
    createdAt: new Date(d(n + 1, 1)),
  });
}

describe('the agent report', () => {
  it('adds up each agent’s level-1 records of the range, and its statements paid and to pay', async () => {
    setClock(d(-1, 9));
    const top = await newAgent(t);
    const before = await t.newMember({ pid: top.id }); // joined the day before the range
    setClock(d(0, 9));
    const [a, b] = [await t.newMember({ pid: top.id }), await t.newMember({ pid: top.id })];
    const sub = await newAgent(t, top.id); // a sub-agent: a member of top's level 1 as well
    const subMember = await t.newMember({ pid: sub.id });
    setClock(d(2, 9));
    await t.newMember({ pid: top.id }); // joined after the range

    await deposit(t, a.id, 100_00n, d(0, 10));
    await deposit(t, b.id, 50_00n, d(1, 11));
    await deposit(t, a.id, 30_00n, d(2, 10)); // after the range
    await deposit(t, b.id, 999_00n, d(0, 12), 1); // pending
    await deposit(t, subMember.id, 70_00n, d(1, 8));
    await withdrawal(t, a.id, 20_00n, d(1, 15));
    await withdrawal(t, b.id, 40_00n, d(1, 16), 3); // rejected
    await bet(t, a.id, {
      category: 'realbet',
      stake: 800_00n,
      valid: 800_00n,
      payout: 100_00n,
      at: d(0, 12),
    });
    await bet(t, b.id, { category: 'lottery', stake: 200_00n, valid: 0n, payout: 194_00n, at: d(0, 13) });
    await bet(t, before.id, {
      category: 'joker',
      stake: 60_00n,
      valid: 60_00n,
      payout: 90_00n,
      at: d(1, 23),
    });
    await bet(t, a.id, {
      category: 'realbet',
      stake: 5_00n,
      valid: 5_00n,
      payout: 0n,
      at: d(1, 9),
      state: 'unsettled',
    });
    await bet(t, a.id, { category: 'realbet', stake: 7_00n, valid: 7_00n, payout: 0n, at: d(2, 0) }); // after
    await bet(t, subMember.id, { category: 'sport', stake: 10_00n, valid: 10_00n, payout: 0n, at: d(1, 1) });

    const plan = await createPlan(t.db, PlanInput.parse(turnoverBody()), cliActor());
    await statement(top.id, plan.id, -1, 'paid', 9_99n); // before the range
    await statement(top.id, plan.id, 0, 'paid', 5_00n);
    await statement(top.id, plan.id, 1, 'draft', 12_34n);
    await statement(top.id, plan.id, 2, 'draft', 7_77n); // after the range
    await statement(sub.id, plan.id, 0, 'nil', 0n);

    setClock(d(3, 9));
    const content = await c.signIn('content');
    const report = dataOf<{ rows: AgentReportRow[] }>(
      await content.get('/api/agents/report', { start_date: DAY, end_date: addDays(DAY, 1) }),
    );
    const row = (id: number) => report.rows.find((r) => r.agent.id === id);
    // By hand: a and b and the sub-agent joined in the range; deposits 100 + 50; withdrawals 20;
    // valid 800 + 0 (hedged) + 60; net loss (800 − 100) + (200 − 194) + (60 − 90) = 676.
    expect(row(top.id)).toEqual({
      agent: { id: top.id, username: top.name },
      new_members: 3,
      deposits: '150.00',
      withdrawals: '20.00',
      valid: '860.00',
      net_loss: '676.00',
      paid: '5.00',
      payable: '12.34',
    });
    expect(row(sub.id)).toEqual({
      agent: { id: sub.id, username: sub.name },
      new_members: 1,
      deposits: '70.00',
      withdrawals: '0.00',
      valid: '10.00',
      net_loss: '10.00',
      paid: '0.00',
      payable: '0.00',
    });
    const ids = report.rows.map((r) => r.agent.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));

    // One day alone: only that day's records.
    const first = dataOf<{ rows: AgentReportRow[] }>(
      await content.get('/api/agents/report', { start_date: DAY, end_date: DAY }),
    ).rows.find((r) => r.agent.id === top.id);
    expect(first).toMatchObject({
      new_members: 3,
      deposits: '100.00',
      withdrawals: '0.00',
      net_loss: '706.00',
    });
  });

  it('refuses a day that does not exist, a range backwards or longer than the reports allow', async () => {
    const content = await c.signIn('content');
    const ask = (start_date: string, end_date: string) =>
      content.get('/api/agents/report', { start_date, end_date });
    const refusal = async (start: string, end: string) => {
      const r = await ask(start, end);
      return [r.status, r.body?.message];
    };
    expect(await refusal('2026-02-30', '2026-03-01')).toEqual([400, MSG_REPORT_DAY]);
    expect(await refusal('2026-03-02', '2026-03-01')).toEqual([400, MSG_RANGE_ORDER]);
    expect(await refusal('2026-01-01', '2026-04-30')).toEqual([400, MSG_REPORT_SPAN]);
    expect((await ask('2026-01-01', '2026-04-01')).status).toBe(200);
  });
});

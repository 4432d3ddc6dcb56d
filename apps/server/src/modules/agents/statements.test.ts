import type { PlanInput, StatementFigures } from '@app/contract/agent-plans';
import { REBATE_CATEGORIES } from '@app/contract/enums';
import { rebateCategoryOf } from '@app/contract/turnover';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dayStartOf, DAY_MS, now, resetClock, setClock } from '../../core/clock';
import { cliActor } from '../../db/audit';
import { users } from '../../db/schema/accounts';
import { agentStatements } from '../../db/schema/agents';
import { deposits, ledgerEntries, validBets } from '../../db/schema/money';
import { wallets } from '../../db/schema/wallets';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { assignPlan, createPlan } from './plans';
import { buildDueStatements, SETTLEMENT_GRACE_MS } from './statements';
import { makeAgent } from './tree';

/* Statements rebuilt to the cent: the job's figures against a plain computation over the raw bet
 * records, deposits and ledger entries of the downline (no SQL aggregate, no shared code). */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  resetClock();
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await t.close();
});

const zero = () => Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, 0])) as PlanInput['turnover_rates'];
const netLossPlan = (name: string): PlanInput => ({
  name,
  kind: 'net_loss',
  period: 'daily',
  active_min_deposit: 10_000,
  active_min_valid: 5_000,
  tiers: [
    { min_profit: 0, min_active: 1, rates: { ...zero(), realperson: 2000, lottery: 1500 }, cost_share: 2000 },
    {
      min_profit: 50_000,
      min_active: 2,
      rates: { ...zero(), realperson: 3500, lottery: 3000 },
      cost_share: 3500,
    },
  ],
  deduct_rebates: true,
  deduct_bonuses: true,
  deduct_red_packets: false,
  fee_share: 100,
  turnover_rates: zero(),
  turnover_multiple: 2,
});

async function newAgent(): Promise<number> {
  const m = await t.newMember();
  await t.db.transaction((tx) => makeAgent(tx, m.id, null));
  return m.id;
}

async function bet(
  userId: number,
  category: string,
  stake: bigint,
  valid: bigint,
  payout: bigint,
  at: number,
  recordedAt = at,
) {
  await t.db.insert(validBets).values({
    userId,
    platform: 'test',
    category,
    stakeCents: stake,
    validCents: valid,
    payoutCents: payout,
    createdAt: new Date(at),
    recordedAt: new Date(recordedAt),
  });
}

async function deposit(userId: number, cents: bigint, at: number) {
  await t.db.insert(deposits).values({
    depositNo: `AG${userId}-${at}-${cents}`,
    userId,
    payType: 'bank',
    amountCents: cents,
    state: 2,
    createdAt: new Date(at),
    reviewedAt: new Date(at),
  });
}

async function bonus(
  userId: number,
  reason: 'rebate' | 'activity_bonus' | 'red_packet',
  cents: bigint,
  at: number,
) {
  setClock(at);
  const wallet = await centralWalletId(t.db, userId);
  await t.db.transaction((tx) =>
    post(tx, {
      reason,
      legs: [
        { account: SYSTEM.bonuses, cents: -cents },
        { wallet, cents },
      ],
    }),
  );
}

/** The statement recomputed row by row from the records (the plan's terms spelt out again here). */
async function rebuild(agentId: number, plan: PlanInput, start: number, end: number, carriedIn: number) {
  const members = await t.db.select().from(users).where(eq(users.agentId, agentId));
  const ids = members.map((m) => m.id);
  const inRange = (d: Date | null) => d !== null && d.getTime() >= start && d.getTime() < end;
  // By when each record was written (statements.ts): a late record belongs to the period it came in.
  const bets = (await t.db.select().from(validBets).where(inArray(validBets.userId, ids))).filter((b) =>
    inRange(b.recordedAt),
  );
  const deps = (await t.db.select().from(deposits).where(inArray(deposits.userId, ids))).filter(
    (d) => d.state === 2 && inRange(d.reviewedAt),
  );
  const walletRows = await t.db.select().from(wallets).where(inArray(wallets.userId, ids));
  const entries = (
    await t.db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.walletId,
          walletRows.map((w) => w.id),
        ),
      )
  ).filter((e) => inRange(e.createdAt));
  const sum = (xs: bigint[]) => Number(xs.reduce((a, b) => a + b, 0n));
  const profitOf = (c: string) =>
    sum(bets.filter((b) => rebateCategoryOf(b.category) === c).map((b) => b.stakeCents - b.payoutCents));
  const netLoss = REBATE_CATEGORIES.reduce((s, c) => s + profitOf(c), 0);
  const active = members.filter(
    (m) =>
      sum(deps.filter((d) => d.userId === m.id).map((d) => d.amountCents)) >=
        Number(plan.active_min_deposit) &&
      sum(bets.filter((b) => b.userId === m.id).map((b) => b.validCents)) >=
        Math.max(1, Number(plan.active_min_valid)),
  ).length;
  let tier = 0;
  if (netLoss < 0) tier = 1;
  else plan.tiers.forEach((x, i) => netLoss >= x.min_profit && active >= x.min_active && (tier = i + 1));
  const met = plan.tiers[tier - 1];
  const rates = met?.rates ?? zero();
  const gross = REBATE_CATEGORIES.reduce((s, c) => s + Math.floor((profitOf(c) * rates[c]) / 10_000), 0);
  const credited = (reason: string) =>
    sum(entries.filter((e) => e.reason === reason).map((e) => e.amountCents));
  const flow = sum(deps.map((d) => d.amountCents));
  const fees = Math.ceil((flow * plan.fee_share) / 10_000);
  const costs = credited('rebate') + credited('activity_bonus') + fees;
  const borne = Math.ceil((costs * (met?.cost_share ?? 0)) / 10_000);
  const result = gross - borne + carriedIn;
  const perMember = members.map((m) =>
    Math.abs(sum(bets.filter((b) => b.userId === m.id).map((b) => b.stakeCents - b.payoutCents))),
  );
  const all = perMember.reduce((a, b) => a + b, 0);
  const largest = all > 0 ? Math.floor((Math.max(...perMember) * 10_000) / all) : 0;
  return {
    net_loss: netLoss,
    active,
    tier,
    gross,
    fees,
    costs_borne: borne,
    result,
    payable: Math.max(0, result),
    carry_out: Math.min(0, result),
    largest_member_bp: largest,
  };
}

/** The rows, asserting how many there are (typed as present). */
function must<T>(rows: T[], n: number): [T, T] {
  expect(rows).toHaveLength(n);
  return [rows[0] as T, rows[n - 1] as T];
}

async function statementsOf(agentId: number) {
  return t.db
    .select()
    .from(agentStatements)
    .where(eq(agentStatements.agentId, agentId))
    .orderBy(agentStatements.periodStart);
}

describe('agent statements', () => {
  it('a net-loss day rebuilt to the cent; the next losing day carries its loss; re-running writes nothing', async () => {
    const day = '2026-03-02';
    const d0 = dayStartOf(day);
    setClock(d0 + 9 * 3600_000);
    const agentId = await newAgent();
    const plan = await createPlan(t.db, netLossPlan('净输赢日结'), cliActor());
    await assignPlan(t.db, agentId, plan.id);
    const a = await t.newMember({ pid: agentId });
    const b = await t.newMember({ pid: agentId });
    const outsider = await t.newMember();
    const h = (n: number) => d0 + n * 3600_000;
    // Day 1: a loses at 真人 and 彩票 (a hedged lottery round counts its real stake and payout), b wins a little.
    await bet(a.id, 'realbet', 80_000n, 80_000n, 10_000n, h(10));
    await bet(a.id, 'lottery', 20_000n, 0n, 19_400n, h(11));
    await bet(b.id, 'joker', 6_000n, 6_000n, 9_000n, h(12));
    await bet(outsider.id, 'realbet', 999_999n, 999_999n, 0n, h(12));
    await deposit(a.id, 100_000n, h(9));
    await deposit(b.id, 20_000n, h(9));
    await bonus(a.id, 'rebate', 700n, h(13));
    await bonus(b.id, 'activity_bonus', 1_500n, h(14));
    await bonus(b.id, 'red_packet', 888n, h(14));
    // Day 2: b wins big.
    await bet(b.id, 'realbet', 10_000n, 10_000n, 200_000n, h(24 + 10));

    setClock(d0 + DAY_MS + SETTLEMENT_GRACE_MS - 1);
    expect(await buildDueStatements(t.db)).toBe(0);
    setClock(d0 + 2 * DAY_MS + SETTLEMENT_GRACE_MS);
    expect(await buildDueStatements(t.db)).toBe(2);
    const [first, second] = must(await statementsOf(agentId), 2);
    const want1 = await rebuild(agentId, netLossPlan('x'), d0, d0 + DAY_MS, 0);
    expect(first.figures).toMatchObject(want1);
    expect(want1).toMatchObject({
      net_loss: 67_600,
      active: 2,
      tier: 2,
      fees: 1_200,
      largest_member_bp: 9592,
    });
    expect(first.state).toBe('draft');
    expect(first.payableCents).toBe(BigInt(want1.payable));
    const want2 = await rebuild(agentId, netLossPlan('x'), d0 + DAY_MS, d0 + 2 * DAY_MS, want1.carry_out);
    expect(second.figures).toMatchObject(want2);
    expect(want2.carry_out).toBeLessThan(0);
    expect(second.state).toBe('nil');

    const before = await statementsOf(agentId);
    expect(await buildDueStatements(t.db)).toBe(0);
    expect(await statementsOf(agentId)).toEqual(before);
  });

  it('a turnover plan pays its rate on its members and the difference on a sub-agent team; hedged stakes pay nothing', async () => {
    const d0 = dayStartOf('2026-04-06');
    setClock(d0 + 3600_000);
    const top = await newAgent();
    const plan = await createPlan(
      t.db,
      {
        ...netLossPlan('流水日结'),
        kind: 'turnover',
        tiers: [],
        turnover_rates: { ...zero(), realperson: 40, lottery: 30 },
      },
      cliActor(),
    );
    await assignPlan(t.db, top, plan.id);
    const subMember = await t.newMember({ pid: top });
    await t.db.transaction((tx) =>
      makeAgent(tx, subMember.id, top, { ...zero(), realperson: 25, lottery: 30 }),
    );
    await assignPlan(t.db, subMember.id, plan.id);
    const own = await t.newMember({ pid: top });
    const underSub = await t.newMember({ pid: subMember.id });
    await bet(own.id, 'realbet', 100_000n, 100_000n, 90_000n, d0 + 5 * 3600_000);
    await bet(own.id, 'lottery', 50_000n, 0n, 49_000n, d0 + 5 * 3600_000);
    await bet(underSub.id, 'realbet', 200_000n, 200_000n, 0n, d0 + 6 * 3600_000);
    await bet(underSub.id, 'lottery', 10_000n, 10_000n, 0n, d0 + 6 * 3600_000);
    setClock(d0 + DAY_MS + SETTLEMENT_GRACE_MS);
    await buildDueStatements(t.db);
    const [topStatement] = must(await statementsOf(top), 1);
    const [subStatement] = must(await statementsOf(subMember.id), 1);
    const f = topStatement.figures;
    const line = (s: StatementFigures, c: string) => s.lines.find((l) => l.category === c);
    // Own member: 100 000 × 0.40 % = 400; the sub-agent's team: 200 000 × (0.40 − 0.25) % = 300; lottery hedged: 0, equal rates: 0.
    expect(line(f, 'realperson')).toMatchObject({ valid: 100_000, commission: 700, from_sub_agents: 300 });
    expect(line(f, 'lottery')).toMatchObject({ valid: 0, commission: 0, from_sub_agents: 0 });
    expect(f.payable).toBe(700);
    const s = subStatement.figures;
    expect(line(s, 'realperson')).toMatchObject({ valid: 200_000, rate_bp: 25, commission: 500 });
    expect(line(s, 'lottery')).toMatchObject({ valid: 10_000, rate_bp: 30, commission: 30 });
    expect(
      await t.db
        .select()
        .from(agentStatements)
        .where(and(eq(agentStatements.agentId, top), eq(agentStatements.state, 'draft'))),
    ).toHaveLength(1);
  });

  it('a bet recorded after its day’s statement was built counts in the next statement, not in none', async () => {
    const d0 = dayStartOf('2026-04-13');
    setClock(d0 + 3600_000);
    const top = await newAgent();
    const plan = await createPlan(
      t.db,
      {
        ...netLossPlan('流水日结晚到'),
        kind: 'turnover',
        tiers: [],
        turnover_rates: { ...zero(), lottery: 30 },
      },
      cliActor(),
    );
    await assignPlan(t.db, top, plan.id);
    const m = await t.newMember({ pid: top });
    await bet(m.id, 'lottery', 100_000n, 100_000n, 0n, d0 + 10 * 3600_000);
    setClock(d0 + DAY_MS + SETTLEMENT_GRACE_MS);
    await buildDueStatements(t.db);
    // A round of 23:50 drawn only now (the server was down): placed on day 0, recorded on day 1.
    await bet(m.id, 'lottery', 50_000n, 50_000n, 0n, d0 + DAY_MS - 600_000, now());
    setClock(d0 + 2 * DAY_MS + SETTLEMENT_GRACE_MS);
    await buildDueStatements(t.db);
    const [day0, day1] = must(await statementsOf(top), 2);
    expect(day0.figures.lines.find((l) => l.category === 'lottery')?.commission).toBe(300);
    expect(day1.figures.lines.find((l) => l.category === 'lottery')).toMatchObject({
      valid: 50_000,
      commission: 150,
    });
  });
});

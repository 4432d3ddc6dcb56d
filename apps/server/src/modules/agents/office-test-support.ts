/* What the back office's tests (office.test.ts, invites.test.ts, tickets.test.ts) share: agents made
 * straight in the tree, registrations by hand (to see refusals), plans, and raw downline records. */
import { randomBytes } from 'node:crypto';
import type { CategoryRates, PlanInput } from '@app/contract/agent-plans';
import { REBATE_CATEGORIES } from '@app/contract/enums';
import { cliActor } from '../../db/audit';
import { deposits, validBets, withdrawals } from '../../db/schema/money';
import type { Reply, TestApp } from '../../../test/helpers';
import { assignPlan, createPlan } from './plans';
import { makeAgent } from './tree';

export interface TestMember {
  id: number;
  name: string;
  password: string;
  token: string;
}

export const zeroRates = () => Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, 0])) as CategoryRates;

let counter = 0;
const unique = (prefix: string) =>
  `${prefix}${process.pid % 1000}x${(counter += 1)}${randomBytes(2).toString('hex')}`;

/** A member made an agent under `parent` (registered through the parent's link when given). */
export async function newAgent(
  t: TestApp,
  parent: number | null = null,
  rates: CategoryRates | null = null,
  extra: Record<string, unknown> = {},
): Promise<TestMember> {
  const m = await t.newMember(parent === null ? extra : { pid: parent, ...extra });
  await t.db.transaction((tx) => makeAgent(tx, m.id, parent, rates));
  return m;
}

/** A daily turnover plan with these rates, assigned to the agent. */
export async function giveTurnoverPlan(t: TestApp, agentId: number, rates: CategoryRates) {
  const plan: PlanInput = {
    name: unique('流水'),
    kind: 'turnover',
    period: 'daily',
    active_min_deposit: 0,
    active_min_valid: 0,
    tiers: [],
    deduct_rebates: true,
    deduct_bonuses: true,
    deduct_red_packets: true,
    fee_share: 0,
    turnover_rates: rates,
    turnover_multiple: 1,
  };
  const row = await createPlan(t.db, plan, cliActor());
  await assignPlan(t.db, agentId, row.id);
  return row;
}

/** POST /api/register as the app sends it; the reply as is (refusals included). */
export function register(t: TestApp, extra: Record<string, unknown>): Promise<Reply> {
  const name = unique('r').slice(0, 16);
  return t.post('/api/register', {
    name,
    password: 'secret123',
    confirmPass: 'secret123',
    code: 'abcd',
    ...extra,
  });
}

export async function bet(
  t: TestApp,
  userId: number,
  category: string,
  stake: bigint,
  payout: bigint,
  at: number,
) {
  await t.db.insert(validBets).values({
    userId,
    platform: 'test',
    category,
    stakeCents: stake,
    validCents: stake,
    payoutCents: payout,
    createdAt: new Date(at),
    recordedAt: new Date(at),
  });
}

export async function deposit(t: TestApp, userId: number, cents: bigint, at: number, state = 2) {
  await t.db.insert(deposits).values({
    depositNo: unique(`OD${userId}-`),
    userId,
    payType: 'bank',
    amountCents: cents,
    state,
    createdAt: new Date(at),
    reviewedAt: state === 1 ? null : new Date(at),
  });
}

export async function withdrawal(t: TestApp, userId: number, cents: bigint, at: number) {
  await t.db.insert(withdrawals).values({
    orderNo: unique(`OW${userId}-`),
    userId,
    kind: 'bank',
    amountCents: cents,
    state: 2,
    createdAt: new Date(at),
    reviewedAt: new Date(at),
  });
}

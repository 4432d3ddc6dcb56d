/* What the 代理管理 tests (admin.test.ts, payout.test.ts) share: plans as the console sends them, agents
 * and their downline, and the raw records a statement and the report are built from. */
import type { consoleAgentPlanSave } from '@app/contract/console-agents';
import type { RequestOf } from '@app/contract/define';
import { REBATE_CATEGORIES, type RebateCategory } from '@app/contract/enums';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/helpers';
import { wallets } from '../../db/schema/wallets';
import { deposits, validBets, withdrawals } from '../../db/schema/money';
import { centralWalletId } from '../wallet/ledger';
import { makeAgent } from './tree';

export type PlanBody = RequestOf<typeof consoleAgentPlanSave>;

export const zeroRates = () =>
  Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, 0])) as Record<RebateCategory, number>;

let counter = 0;
/** A fresh name (plan names are unique). */
export const uniqueName = (prefix: string) => `${prefix}${process.pid % 1000}-${(counter += 1)}`;

/** A daily net-loss plan with two tiers, as the console sends it (money in yuan, rates in basis points). */
export function netLossBody(name = uniqueName('负盈利')): PlanBody {
  return {
    name,
    kind: 'net_loss',
    period: 'daily',
    active_min_deposit: '100.00',
    active_min_valid: '50',
    tiers: [
      { min_profit: '0', min_active: 1, rates: { ...zeroRates(), realperson: 2000 }, cost_share: 2000 },
      { min_profit: '500.00', min_active: 2, rates: { ...zeroRates(), realperson: 3500 }, cost_share: 3500 },
    ],
    deduct_rebates: true,
    deduct_bonuses: true,
    deduct_red_packets: false,
    fee_share: 100,
    turnover_rates: zeroRates(),
    turnover_multiple: 2,
  };
}

/** A turnover plan: 0.30 % of 真人 valid bets, the commission carrying `multiple` × itself as turnover. */
export function turnoverBody(
  name = uniqueName('流水'),
  period: PlanBody['period'] = 'daily',
  multiple = 3,
): PlanBody {
  return {
    ...netLossBody(name),
    kind: 'turnover',
    period,
    tiers: [],
    turnover_rates: { ...zeroRates(), realperson: 30 },
    turnover_multiple: multiple,
  };
}

/** A member made an agent (under `parent`, registered through its link when given). */
export async function newAgent(
  t: TestApp,
  parent: number | null = null,
): Promise<{ id: number; name: string }> {
  const m = await t.newMember(parent === null ? {} : { pid: parent });
  await t.db.transaction((tx) => makeAgent(tx, m.id, parent));
  return { id: m.id, name: m.name };
}

export async function bet(
  t: TestApp,
  userId: number,
  c: { category: string; stake: bigint; valid: bigint; payout: bigint; at: number; state?: string },
): Promise<void> {
  await t.db.insert(validBets).values({
    userId,
    platform: 'test',
    category: c.category,
    stakeCents: c.stake,
    validCents: c.valid,
    payoutCents: c.payout,
    state: c.state ?? 'settled',
    createdAt: new Date(c.at),
    recordedAt: new Date(c.at),
  });
}

/** A deposit reviewed at `at` (state 2 approved, 1 pending, 3 rejected). */
export async function deposit(t: TestApp, userId: number, cents: bigint, at: number, state = 2) {
  await t.db.insert(deposits).values({
    depositNo: `AGT${userId}-${at}-${cents}-${(counter += 1)}`,
    userId,
    payType: 'bank',
    amountCents: cents,
    state,
    createdAt: new Date(at),
    reviewedAt: state === 1 ? null : new Date(at),
  });
}

/** A withdrawal reviewed at `at` (state 2 paid, 3 rejected). */
export async function withdrawal(t: TestApp, userId: number, cents: bigint, at: number, state = 2) {
  await t.db.insert(withdrawals).values({
    orderNo: `AGW${userId}-${at}-${cents}-${(counter += 1)}`,
    userId,
    kind: 'bank',
    amountCents: cents,
    state,
    createdAt: new Date(at),
    reviewedAt: new Date(at),
  });
}

/** A member's central wallet balance (cents). */
export async function centralBalance(t: TestApp, userId: number): Promise<bigint> {
  const id = await centralWalletId(t.db, userId);
  const [w] = await t.db.select({ b: wallets.balanceCents }).from(wallets).where(eq(wallets.id, id));
  return w?.b ?? 0n;
}

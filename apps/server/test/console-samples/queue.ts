import { eq } from 'drizzle-orm';
import { now } from '../../src/core/clock';
import { deposits, withdrawals } from '../../src/db/schema/money';
import type { TestApp } from '../helpers';
import { pendingDeposit, pendingWithdrawal } from './money';
import type { ConsoleSamples } from './types';

/** A fresh member's pending deposit made `minutes` ago (past the 60-minute window when above it). */
export async function agedDeposit(t: TestApp, minutes: number, amount = 300) {
  const d = await pendingDeposit(t, amount);
  await t.db
    .update(deposits)
    .set({ createdAt: new Date(now() - minutes * 60_000) })
    .where(eq(deposits.id, d.id));
  return d;
}

/** A request of each queue call (console-queue.ts), for the role matrix (console-roles.test.ts). */
export const SAMPLES: ConsoleSamples = {
  consoleClaimDeposit: async (t) => ({ id: (await pendingDeposit(t)).id }),
  consoleReleaseDeposit: async (t, caller) => {
    const { id } = await pendingDeposit(t);
    await t.db
      .update(deposits)
      .set({ claimedBy: caller.name, claimedAt: new Date(now()) })
      .where(eq(deposits.id, id));
    return { id };
  },
  consoleClaimWithdrawal: async (t) => ({ id: (await pendingWithdrawal(t)).id }),
  consoleReleaseWithdrawal: async (t, caller) => {
    const { id } = await pendingWithdrawal(t);
    await t.db
      .update(withdrawals)
      .set({ claimedBy: caller.name, claimedAt: new Date(now()) })
      .where(eq(withdrawals.id, id));
    return { id };
  },
  consoleBulkApproveDeposits: async (t) => ({ ids: [(await pendingDeposit(t)).id] }),
  consoleBulkRejectDeposits: async (t) => ({ ids: [(await pendingDeposit(t)).id], reason: '未收到款项' }),
  consoleBulkApproveWithdrawals: async (t) => ({ ids: [(await pendingWithdrawal(t)).id] }),
  consoleBulkRejectWithdrawals: async (t) => ({ ids: [(await pendingWithdrawal(t)).id], reason: '信息不符' }),
  consoleLateDeposit: async (t) => ({ id: (await agedDeposit(t, 61)).id, reason: '客户已付款，到账晚了' }),
};

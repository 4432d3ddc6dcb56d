import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { now } from '../../src/core/clock';
import { cards, deposits, withdrawals } from '../../src/db/schema/money';
import { dataOf, idem, type TestApp } from '../helpers';
import type { ConsoleSamples } from './types';

/** A fresh member's pending Alipay deposit; its id. */
export async function pendingDeposit(t: TestApp, amount = 300): Promise<{ id: number; userId: number }> {
  const m = await t.newMember();
  const no = dataOf<{ deposit_no: string }>(
    await t.post('/api/recharge', { paytype: 'alipay', amount }, { token: m.token, headers: idem() }),
  ).deposit_no;
  const [d] = await t.db.select({ id: deposits.id }).from(deposits).where(eq(deposits.depositNo, no));
  if (!d) throw new Error('no deposit');
  return { id: d.id, userId: m.id };
}

/**
 * The member's cards and addresses as bound 30 days ago (a binding within the hold window holds the
 * member's withdrawals: withdrawals/hold.ts).
 */
export async function boundLongAgo(t: TestApp, userId: number): Promise<void> {
  await t.db
    .update(cards)
    .set({ createdAt: new Date(now() - 30 * 86_400_000) })
    .where(eq(cards.userId, userId));
}

let cardCounter = 0;
let mobileCounter = 0;
/** A mobile nobody else has: a shared one links the members (risk/links.ts) and holds their withdrawals. */
export function uniqueMobile(): string {
  mobileCounter += 1;
  return `139${String((process.pid * 7919 + mobileCounter * 104_729) % 100_000_000).padStart(8, '0')}`;
}

/** A card number nobody else has (unless a test passes it on purpose). */
export function uniqueCardNo(): string {
  cardCounter += 1;
  return `62${String(process.pid % 100000).padStart(5, '0')}${String(cardCounter).padStart(6, '0')}${randomInt(100, 999)}`;
}

/**
 * A fresh member's pending bank-card withdrawal of `yuan` (funded with exactly that: no turnover owed;
 * a mobile bound; the card `cardNo`, by default one nobody else has); its id. The card counts as bound
 * long ago (no account-takeover hold, withdrawals/hold.ts) unless `newCard`.
 */
export async function pendingWithdrawal(
  t: TestApp,
  opts: { yuan?: string; cardNo?: string; newCard?: boolean; mobile?: string } = {},
): Promise<{ id: number; userId: number; token: string; name: string }> {
  const yuan = opts.yuan ?? '200.00';
  const m = await t.newMember();
  await t.fund(m.id, yuan);
  const card = {
    bank: '招商银行',
    bank_owner: '张三',
    bank_no: opts.cardNo ?? uniqueCardNo(),
    bank_address: '深圳',
    pay_pass: m.password,
  };
  dataOf(await t.post('/api/bindcard', card, { token: m.token }));
  if (!opts.newCard) await boundLongAgo(t, m.id);
  dataOf(
    await t.post('/api/auth/updateuserinfo', { mobile: opts.mobile ?? uniqueMobile() }, { token: m.token }),
  );
  const [bound] = dataOf<{ id: number }[]>(await t.post('/api/getcard', { type: 1 }, { token: m.token }));
  dataOf(
    await t.post(
      '/api/withdraw',
      { type: 'bank', amount: yuan, bank: bound?.id, password: m.password },
      { token: m.token, headers: idem() },
    ),
  );
  const [w] = await t.db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.userId, m.id));
  if (!w) throw new Error('no withdrawal');
  return { id: w.id, userId: m.id, token: m.token, name: m.name };
}

/**
 * A valid request for each console call of this area (by call name), made fresh for every role the
 * role matrix tries (console-roles.test.ts): the call must succeed for the roles it names.
 */
export const SAMPLES: ConsoleSamples = {
  consoleDeposits: async () => ({ state: 1, page: 1, pageSize: 20 }),
  consoleApproveDeposit: async (t) => ({ id: (await pendingDeposit(t)).id }),
  consoleRejectDeposit: async (t) => ({ id: (await pendingDeposit(t)).id, reason: '未收到款项' }),
  consoleWithdrawals: async () => ({ state: 0, page: 1, pageSize: 20 }),
  consoleWithdrawal: async (t) => ({ id: (await pendingWithdrawal(t)).id }),
  consoleApproveWithdrawal: async (t) => ({ id: (await pendingWithdrawal(t)).id }),
  consoleRejectWithdrawal: async (t) => ({ id: (await pendingWithdrawal(t)).id, reason: '信息不符' }),
};

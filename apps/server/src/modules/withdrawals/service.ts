import { randomInt } from 'node:crypto';
import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  CARD_TYPES,
  DATE_FILTER_DAYS,
  RECORD_TYPES,
  type DateFilter,
  type UsdtProtocol,
} from '@app/contract/enums';
import {
  MAX_CARDS_PER_TYPE,
  MSG_WECHAT_QRCODE,
  MSG_WITHDRAW_BANK,
  MSG_WITHDRAW_USDT,
  readUsdtProtocol,
} from '@app/contract/wallet';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { beijingDayStart, DAY_MS, now } from '../../core/clock';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { banks, cards, deposits, ledgerEntries, withdrawals } from '../../db/schema/money';
import { siteSettings } from '../../db/schema/site';
import { CENTRAL_VENUE, wallets } from '../../db/schema/wallets';
import type { UploadedFile } from '../../http/multipart';
import { BusinessError } from '../../core/errors';
import { lockMember } from '../../identity/member-lock';
import { assertNotTrial, storeImage, usdtCentsOf } from '../cashier/service';
import { limitedPayPasswordCheck } from '../../identity/limits';
import { hashPassword, verifyPassword } from '../../identity/passwords';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { turnover } from './turnover';

export const MSG_PAY_PASSWORD_WRONG = '支付密码错误';
/** The client opens phone binding on this message, then resubmits. */
export const MSG_BIND_MOBILE_FIRST = '请先绑定手机号';
export const MSG_CARD_MISSING = '卡片不存在';
export const MSG_CARD_TAKEN = '该卡号已绑定';

/* Payment password --------------------------------------------------------------------------------- */

/**
 * The payment password, limited to PAY_PASSWORD_MAX_FAILURES wrong tries per member per 15 minutes
 * (then 429 until the window ends); `wrong` is the message for a wrong one.
 */
async function checkPayPassword(
  db: Db,
  userId: number,
  password: string,
  wrong = MSG_PAY_PASSWORD_WRONG,
): Promise<void> {
  const ok = await limitedPayPasswordCheck(db, userId, async () => {
    const [u] = await db.select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, userId));
    return !!u?.hash && (await verifyPassword(u.hash, password));
  });
  if (!ok) throw new BusinessError(wrong);
}

export async function changePayPassword(db: Db, userId: number, old: string, next: string): Promise<void> {
  await checkPayPassword(db, userId, old, '原支付密码错误');
  await db
    .update(users)
    .set({ payPasswordHash: await hashPassword(next) })
    .where(eq(users.id, userId));
}

export async function bindMobile(db: Db, userId: number, mobile: string): Promise<void> {
  await db.update(users).set({ mobile }).where(eq(users.id, userId));
}

/* Cards -------------------------------------------------------------------------------------------- */

export async function cardList(db: Db, userId: number, type: number) {
  const rows = await db
    .select()
    .from(cards)
    .where(and(eq(cards.userId, userId), eq(cards.type, type)))
    .orderBy(asc(cards.id));
  return rows.map((c) => ({
    id: c.id,
    bank: c.bank,
    bank_owner: c.owner,
    bank_no: c.bankNo,
    ico: '',
    bankIco: '',
  }));
}

export async function bindCard(
  db: Db,
  userId: number,
  input: {
    type: number;
    bank: string;
    bank_owner: string;
    bank_no: string;
    bank_address: string;
    pay_pass: string;
  },
): Promise<void> {
  await assertNotTrial(db, userId);
  await checkPayPassword(db, userId, input.pay_pass);
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const [n] = await tx
      .select({ n: count() })
      .from(cards)
      .where(and(eq(cards.userId, userId), eq(cards.type, input.type)));
    if ((n?.n ?? 0) >= MAX_CARDS_PER_TYPE) {
      throw new BusinessError(
        input.type === CARD_TYPES.usdt
          ? `最多绑定${MAX_CARDS_PER_TYPE}个USDT地址`
          : `最多绑定${MAX_CARDS_PER_TYPE}张银行卡`,
      );
    }
    const inserted = await tx
      .insert(cards)
      .values({
        userId,
        type: input.type,
        bank: input.bank,
        owner: input.bank_owner,
        bankNo: input.bank_no,
        bankAddress: input.bank_address,
      })
      .onConflictDoNothing()
      .returning({ id: cards.id });
    if (inserted.length === 0) throw new BusinessError(MSG_CARD_TAKEN);
  });
}

export async function deleteCard(db: Db, userId: number, id: number): Promise<void> {
  const rows = await db
    .delete(cards)
    .where(and(eq(cards.id, id), eq(cards.userId, userId)))
    .returning({ id: cards.id });
  if (rows.length === 0) throw new BusinessError(MSG_CARD_MISSING, 404);
}

export async function bankList(db: Db) {
  const rows = await db.select().from(banks).orderBy(asc(banks.sort), asc(banks.id));
  return rows.map((b) => ({ id: b.id, bank_name: b.name, ico: b.icon }));
}

/* Withdrawals -------------------------------------------------------------------------------------- */

export type WithdrawInput =
  | { type: 'bank' | 'usdt'; amount: number; bank: number; password: string }
  | { type: 'alipay'; amount: number; password: string; alipay_account: string; alipay_name: string }
  | { type: 'wechat'; amount: number; password: string };

function newOrderNo(prefix: string): string {
  const d = new Date(now() + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${prefix}${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * A withdrawal, every rule of server-rules.md: the card of that type and the member's own, the
 * payment password, a bound mobile, turnover met, ≥ 100 (the contract) and ≤ the central balance
 * (the guarded debit). The amount moves to "withdrawals in review" in the same transaction.
 */
export async function submitWithdrawal(
  db: Db,
  dataDir: string,
  userId: number,
  input: WithdrawInput,
  files: Map<string, UploadedFile>,
): Promise<string> {
  await assertNotTrial(db, userId);
  let account = '';
  let accountName = '';
  let cardId: number | null = null;
  let protocol: UsdtProtocol | null = null;
  if (input.type === 'bank' || input.type === 'usdt') {
    const wanted = input.type === 'usdt' ? CARD_TYPES.usdt : CARD_TYPES.bank;
    const [card] = await db
      .select()
      .from(cards)
      .where(and(eq(cards.id, input.bank), eq(cards.userId, userId), eq(cards.type, wanted)));
    if (!card) throw new BusinessError(input.type === 'usdt' ? MSG_WITHDRAW_USDT : MSG_WITHDRAW_BANK);
    cardId = card.id;
    account = card.bankNo;
    accountName = card.owner;
    protocol = input.type === 'usdt' ? (readUsdtProtocol(card.owner) ?? 'TRC20') : null;
  } else if (input.type === 'alipay') {
    account = input.alipay_account;
    accountName = input.alipay_name;
  } else if (!files.get('wechat_qrcode')) {
    throw new BusinessError(MSG_WECHAT_QRCODE);
  }
  await checkPayPassword(db, userId, input.password);
  const [u] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId));
  if (!u?.mobile) throw new BusinessError(MSG_BIND_MOBILE_FIRST);
  await assertTurnoverMet(db, userId);

  const amount = BigInt(input.amount);
  let feeCents = 0n;
  let receiveCents = 0n;
  if (protocol) {
    const [s] = await db.select().from(siteSettings);
    feeCents = protocol === 'ERC20' ? (s?.withdrawcashfeeCents ?? 0n) : (s?.withdrawfeeusdttrcCents ?? 0n);
    receiveCents = usdtCentsOf(amount, s?.withdrawusdtrate ?? '7') - feeCents;
    if (receiveCents <= 0n) throw new BusinessError('金额过低，不足以支付手续费');
  }
  if (input.type === 'wechat') {
    account = await storeImage(db, dataDir, userId, files.get('wechat_qrcode'), MSG_WECHAT_QRCODE);
  }
  const orderNo = newOrderNo('W');
  const wallet = await centralWalletId(db, userId);
  await db.transaction(async (tx) => {
    await post(tx, {
      reason: 'withdrawal',
      reference: orderNo,
      legs: [
        { wallet, cents: -amount },
        { account: SYSTEM.withdrawalsInReview, cents: amount },
      ],
    });
    // Again under the wallet's lock: a deposit approved while this request ran (it locks the same
    // wallet before it adds its turnover) is either seen here or comes after this withdrawal.
    await assertTurnoverMet(tx, userId);
    await tx.insert(withdrawals).values({
      orderNo,
      userId,
      kind: input.type,
      amountCents: amount,
      cardId,
      account,
      accountName,
      feeCents,
      receiveCents,
      state: 1,
      createdAt: new Date(now()),
    });
  });
  return orderNo;
}

/** 打码量不足 unless the member's running turnover requirement is met (turnover.ts). */
async function assertTurnoverMet(db: Db | Tx, userId: number): Promise<void> {
  const t = await turnover(db, userId);
  if (t.bet < t.required)
    throw new BusinessError(`打码量不足，还需${formatCents(t.required - t.bet)}元有效投注`);
}

export type WithdrawalOutcome = { ok: true; id: number; amount: string } | { ok: false; message: string };

/** Approve: the money leaves (in review → paid); turnover is not touched (turnover.ts). Guarded on state 1. */
export async function approveWithdrawal(db: Db, id: number): Promise<WithdrawalOutcome> {
  const at = new Date(now());
  const done = await db.transaction(async (tx) => {
    const [w] = await tx
      .update(withdrawals)
      .set({ state: 2, reviewedAt: at })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.state, 1)))
      .returning();
    if (!w) return null;
    await post(tx, {
      reason: 'withdrawal_paid',
      reference: w.orderNo,
      legs: [
        { account: SYSTEM.withdrawalsInReview, cents: -w.amountCents },
        { account: SYSTEM.withdrawalsPaid, cents: w.amountCents },
      ],
    });
    await tx.update(users).set({ lastWithdrawalAt: at }).where(eq(users.id, w.userId));
    return w.amountCents;
  });
  return done === null
    ? { ok: false, message: await whyNot(db, id) }
    : { ok: true, id, amount: formatCents(done) };
}

/** Reject: the whole amount returns to the central wallet. Guarded on state 1. */
export async function rejectWithdrawal(db: Db, id: number): Promise<WithdrawalOutcome> {
  const done = await db.transaction(async (tx) => {
    const [w] = await tx
      .update(withdrawals)
      .set({ state: 3, reviewedAt: new Date(now()) })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.state, 1)))
      .returning();
    if (!w) return null;
    const wallet = await centralWalletId(tx, w.userId);
    await post(tx, {
      reason: 'withdrawal_reject',
      reference: w.orderNo,
      legs: [
        { account: SYSTEM.withdrawalsInReview, cents: -w.amountCents },
        { wallet, cents: w.amountCents },
      ],
    });
    return w.amountCents;
  });
  return done === null
    ? { ok: false, message: await whyNot(db, id) }
    : { ok: true, id, amount: formatCents(done) };
}

async function whyNot(db: Db, id: number): Promise<string> {
  const [w] = await db.select({ state: withdrawals.state }).from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) return '提现订单不存在';
  return w.state === 2 ? '该提现已通过' : '该提现已被拒绝';
}

export async function listWithdrawals(db: Db, state: number | null, limit: number) {
  const rows = await db
    .select({ w: withdrawals, username: users.username })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(state === null ? undefined : eq(withdrawals.state, state))
    .orderBy(desc(withdrawals.createdAt))
    .limit(limit);
  return rows.map(({ w, username }) => ({
    id: w.id,
    order_no: w.orderNo,
    username,
    kind: w.kind,
    amount: formatCents(w.amountCents),
    account: w.account,
    name: w.accountName,
    usdt: w.kind === 'usdt' ? formatCents(w.receiveCents) : '',
    state: w.state,
    created_at: formatDateTime(w.createdAt.getTime()),
  }));
}

/* Account records ---------------------------------------------------------------------------------- */

const PAGE_SIZE = 15;

/**
 * /transRecord (page size 15): 1 deposits, 2 withdrawals, 3 transfers into venues, 4 transfers back to the central
 * wallet (from the ledger); the member's own only, newest first, within the date filter.
 */
export async function accountRecords(db: Db, userId: number, date: DateFilter, type: number, page: number) {
  // 1 today (Beijing), 2/3/4 the last 7/15/30 days including today.
  const since = new Date(beijingDayStart() - (DATE_FILTER_DAYS[date] - 1) * DAY_MS);
  const offset = (page - 1) * PAGE_SIZE;
  let total = 0;
  let data: { out_trade_no: string; amount: string; pay_way: string; state: number; created_at: string }[] =
    [];
  if (type === RECORD_TYPES.deposit) {
    const where = and(eq(deposits.userId, userId), gte(deposits.createdAt, since));
    total = (await db.select({ n: count() }).from(deposits).where(where))[0]?.n ?? 0;
    const rows = await db
      .select()
      .from(deposits)
      .where(where)
      .orderBy(desc(deposits.createdAt), desc(deposits.id))
      .limit(PAGE_SIZE)
      .offset(offset);
    data = rows.map((d) => ({
      out_trade_no: d.depositNo,
      amount: formatCents(d.amountCents),
      pay_way: d.protocol ? `${d.payType}-${d.protocol}` : d.payType,
      state: d.state,
      created_at: formatDateTime(d.createdAt.getTime()),
    }));
  } else if (type === RECORD_TYPES.withdraw) {
    const where = and(eq(withdrawals.userId, userId), gte(withdrawals.createdAt, since));
    total = (await db.select({ n: count() }).from(withdrawals).where(where))[0]?.n ?? 0;
    const rows = await db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(PAGE_SIZE)
      .offset(offset);
    data = rows.map((w) => ({
      out_trade_no: w.orderNo,
      amount: formatCents(w.amountCents),
      pay_way: w.kind,
      state: w.state,
      created_at: formatDateTime(w.createdAt.getTime()),
    }));
  } else {
    // Entries of the central wallet from transfers: negative = into a venue (3), positive = back (4).
    const sign =
      type === RECORD_TYPES.transferIn
        ? sql`${ledgerEntries.amountCents} < 0`
        : sql`${ledgerEntries.amountCents} > 0`;
    const where = and(
      eq(wallets.userId, userId),
      eq(wallets.venue, CENTRAL_VENUE),
      inArray(ledgerEntries.reason, ['transfer', 'transall']),
      gte(ledgerEntries.createdAt, since),
      sign,
    );
    total =
      (
        await db
          .select({ n: count() })
          .from(ledgerEntries)
          .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
          .where(where)
      )[0]?.n ?? 0;
    const rows = await db
      .select({ e: ledgerEntries })
      .from(ledgerEntries)
      .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(PAGE_SIZE)
      .offset(offset);
    data = rows.map(({ e }) => ({
      out_trade_no: e.txId,
      amount: formatCents(e.amountCents < 0n ? -e.amountCents : e.amountCents),
      pay_way: e.reference || (e.reason === 'transall' ? '一键回收' : ''),
      state: 1,
      created_at: formatDateTime(e.createdAt.getTime()),
    }));
  }
  return { data, total, current_page: page, last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

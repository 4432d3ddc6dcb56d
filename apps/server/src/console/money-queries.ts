/* The console's money queues: deposits and withdrawals by state, a page at a time, as the contract's rows. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  CONSOLE_UPLOAD_PREFIX,
  MONEY_STATE_ALL,
  type ConsoleDepositRow,
  type ConsoleWithdrawalRow,
} from '@app/contract/console-money';
import { count, desc, eq } from 'drizzle-orm';
import { UPLOAD_URL_PREFIX } from '../core/paths';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { cards, deposits, withdrawals } from '../db/schema/money';

export interface MoneyPage {
  state: number;
  page: number;
  pageSize: number;
}

/** A member's upload URL ('/uploads/ab….png') as the console serves it; '' for anything else. */
export function consoleUploadUrl(url: string): string {
  return url.startsWith(UPLOAD_URL_PREFIX)
    ? `${CONSOLE_UPLOAD_PREFIX}${url.slice(UPLOAD_URL_PREFIX.length)}`
    : '';
}

const time = (d: Date | null) => (d ? formatDateTime(d.getTime()) : null);

type Deposit = typeof deposits.$inferSelect;
type Withdrawal = typeof withdrawals.$inferSelect;

export function depositRow(d: Deposit, username: string): ConsoleDepositRow {
  return {
    id: d.id,
    deposit_no: d.depositNo,
    user_id: d.userId,
    username,
    paytype: d.payType,
    protocol: d.protocol,
    amount: formatCents(d.amountCents),
    usdt_amount: formatCents(d.usdtCents),
    payer_name: d.payerName,
    payer_bank: d.payerBank,
    payer_card_no: d.payerCardNo,
    voucher_url: consoleUploadUrl(d.voucher),
    state: d.state,
    created_at: formatDateTime(d.createdAt.getTime()),
    reviewed_by: d.reviewedBy,
    reviewed_at: time(d.reviewedAt),
    review_note: d.reviewNote,
  };
}

export function withdrawalRow(w: Withdrawal, username: string, bank: string | null): ConsoleWithdrawalRow {
  const wechat = w.kind === 'wechat';
  return {
    id: w.id,
    order_no: w.orderNo,
    user_id: w.userId,
    username,
    kind: w.kind,
    amount: formatCents(w.amountCents),
    account: wechat ? '' : w.account,
    account_name: w.accountName,
    bank: w.kind === 'bank' ? (bank ?? '') : '',
    qr_url: wechat ? consoleUploadUrl(w.account) : '',
    usdt_fee: formatCents(w.feeCents),
    usdt_receive: formatCents(w.receiveCents),
    state: w.state,
    created_at: formatDateTime(w.createdAt.getTime()),
    reviewed_by: w.reviewedBy,
    reviewed_at: time(w.reviewedAt),
    review_note: w.reviewNote,
  };
}

/** Pending items oldest first (the next to review on top); reviewed ones newest first. */
function orderOf(state: number, created: typeof deposits.createdAt | typeof withdrawals.createdAt) {
  return state === 1 ? created : desc(created);
}

export async function depositPage(db: Db, q: MoneyPage) {
  const where = q.state === MONEY_STATE_ALL ? undefined : eq(deposits.state, q.state);
  const [total] = await db.select({ n: count() }).from(deposits).where(where);
  const rows = await db
    .select({ d: deposits, username: users.username })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where)
    .orderBy(orderOf(q.state, deposits.createdAt), desc(deposits.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows: rows.map((r) => depositRow(r.d, r.username)), total: total?.n ?? 0 };
}

const withdrawalSelect = { w: withdrawals, username: users.username, bank: cards.bank };

export async function withdrawalPage(db: Db, q: MoneyPage) {
  const where = q.state === MONEY_STATE_ALL ? undefined : eq(withdrawals.state, q.state);
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await db
    .select(withdrawalSelect)
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(cards, eq(cards.id, withdrawals.cardId))
    .where(where)
    .orderBy(orderOf(q.state, withdrawals.createdAt), desc(withdrawals.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows: rows.map((r) => withdrawalRow(r.w, r.username, r.bank)), total: total?.n ?? 0 };
}

/** One withdrawal as a row, or null. */
export async function withdrawalById(db: Db, id: number) {
  const [r] = await db
    .select(withdrawalSelect)
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(cards, eq(cards.id, withdrawals.cardId))
    .where(eq(withdrawals.id, id));
  return r ? { raw: r.w, row: withdrawalRow(r.w, r.username, r.bank) } : null;
}

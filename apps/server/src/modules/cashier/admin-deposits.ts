/* The console's deposit queue: a page of deposits by state, as the contract's rows. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import { CONSOLE_UPLOAD_PREFIX, MONEY_STATE_ALL, type ConsoleDepositRow } from '@app/contract/console-money';
import { UPLOAD_URL_PREFIX } from '../../core/paths';
import type { Db } from '../../db/client';
import { depositQueue, type Deposit } from './review';

/** A console queue's page: a state (MONEY_STATE_ALL: every state), the page and its size. */
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

/** The queue (cashier/review.ts depositQueue) in the console's order and rows. */
export async function depositPage(db: Db, q: MoneyPage) {
  const state = q.state === MONEY_STATE_ALL ? null : q.state;
  const { items, total } = await depositQueue(db, { ...q, state, order: 'review' });
  return { rows: items.map((r) => depositRow(r.d, r.username)), total };
}

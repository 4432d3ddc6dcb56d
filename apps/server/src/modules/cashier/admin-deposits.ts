/* The console's deposit queue: a page of deposits by state and the queue's filters, as the contract's rows. */
import { BEIJING_OFFSET_MS, formatCents, formatDateTime } from '@app/contract/codecs';
import {
  CONSOLE_UPLOAD_PREFIX,
  MONEY_STATE_ALL,
  type ConsoleDepositRow,
  type DepositListQuery,
} from '@app/contract/console-money';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, asc, desc, eq, gte, lt, lte, max, sql, type SQL } from 'drizzle-orm';
import { UPLOAD_URL_PREFIX } from '../../core/paths';
import { pagedQuery } from '../../core/paging';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { deposits } from '../../db/schema/money';
import { claimFields } from './claims';
import type { Deposit } from './review';

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

export function depositRow(d: Deposit, member: { username: string; realname: string }): ConsoleDepositRow {
  return {
    id: d.id,
    deposit_no: d.depositNo,
    user_id: d.userId,
    username: member.username,
    realname: member.realname,
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
    ...claimFields(d),
  };
}

/** `text` as the start of a LIKE pattern, its wildcards taken literally. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The start of Beijing day `day` (YYYY-MM-DD), `plusDays` later. */
const beijingDay = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - BEIJING_OFFSET_MS + plusDays * 86_400_000);

/** The filters as conditions (every one given must match); the member's columns need the join. */
export function depositFilters(q: Omit<DepositListQuery, 'page' | 'pageSize'>): SQL | undefined {
  const conds: (SQL | undefined)[] = [
    q.state === MONEY_STATE_ALL ? undefined : eq(deposits.state, q.state),
    q.username
      ? sql`lower(${users.username}) like ${likePrefix(q.username.toLowerCase())} escape '\\'`
      : undefined,
    q.realname ? sql`${users.realname} like ${likePrefix(q.realname)} escape '\\'` : undefined,
    q.order_no ? sql`${deposits.depositNo} like ${likePrefix(q.order_no)} escape '\\'` : undefined,
    q.method ? eq(deposits.payType, q.method) : undefined,
    q.min_amount === null ? undefined : gte(deposits.amountCents, BigInt(q.min_amount)),
    q.max_amount === null ? undefined : lte(deposits.amountCents, BigInt(q.max_amount)),
    q.from ? gte(deposits.createdAt, beijingDay(q.from)) : undefined,
    q.to ? lt(deposits.createdAt, beijingDay(q.to, 1)) : undefined,
  ];
  return and(...conds);
}

/** The newest pending deposit's id (0 when none): the console beeps when it grows. */
async function newestPendingId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: max(deposits.id) })
    .from(deposits)
    .where(eq(deposits.state, REVIEW_STATES.pending));
  return row?.id ?? 0;
}

/**
 * The queue in the console's order (pending: oldest first, the next to review on top; else newest
 * first), filtered, in the contract's rows, with the newest pending id whatever the filters.
 */
export async function depositPage(db: Db, q: DepositListQuery) {
  const where = depositFilters(q);
  const oldestFirst = q.state === REVIEW_STATES.pending;
  const rows = db
    .select({ d: deposits, username: users.username, realname: users.realname })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where)
    .orderBy(oldestFirst ? asc(deposits.createdAt) : desc(deposits.createdAt), desc(deposits.id))
    .$dynamic();
  const total = db
    .select({ n: sql<number>`count(*)::int` })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where)
    .then(([r]) => r?.n ?? 0);
  const [page, newest] = await Promise.all([
    pagedQuery(rows, total, q, (r) => depositRow(r.d, r)),
    newestPendingId(db),
  ]);
  return { rows: page.items, total: page.total, newest_pending_id: newest };
}

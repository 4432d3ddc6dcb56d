import { formatCents, formatDateTime, PAGE_SIZES } from '@app/contract/codecs';
import { DATE_FILTER_DAYS, RECORD_TYPES, TRANSFER_STATES, type DateFilter } from '@app/contract/enums';
import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { beijingDayStart, DAY_MS } from '../../core/clock';
import { pageOf, pageOffset } from '../../core/paging';
import type { Db } from '../../db/client';
import { deposits, ledgerEntries, withdrawals } from '../../db/schema/money';
import { CENTRAL_VENUE, wallets } from '../../db/schema/wallets';
import { demoVenueProvider, type VenueProvider } from './venues';

/** One row of /api/gettransrecord, as sent. */
interface AccountRecordRow {
  out_trade_no: string;
  amount: string;
  pay_way: string;
  state: number;
  created_at: string;
}

/** A query of records, newest first, that can still be limited and offset. */
interface RecordQuery<Row> {
  limit(n: number): { offset(n: number): PromiseLike<Row[]> };
}

/** One page of records: how many match (`total`), then the page's rows in the reply's shape. */
async function recordPage<Row>(
  total: PromiseLike<{ n: number }[]>,
  rows: RecordQuery<Row>,
  toRecord: (row: Row) => AccountRecordRow,
  page: number,
) {
  const size = PAGE_SIZES.accountRecords;
  const n = (await total)[0]?.n ?? 0;
  const data = (await rows.limit(size).offset(pageOffset(page, size))).map(toRecord);
  return pageOf(data, n, page, size);
}

function depositRecords(db: Db, userId: number, since: Date, page: number) {
  const where = and(eq(deposits.userId, userId), gte(deposits.createdAt, since));
  return recordPage(
    db.select({ n: count() }).from(deposits).where(where),
    db.select().from(deposits).where(where).orderBy(desc(deposits.createdAt), desc(deposits.id)),
    (d) => ({
      out_trade_no: d.depositNo,
      amount: formatCents(d.amountCents),
      pay_way: d.protocol ? `${d.payType}-${d.protocol}` : d.payType,
      state: d.state,
      created_at: formatDateTime(d.createdAt.getTime()),
    }),
    page,
  );
}

function withdrawalRecords(db: Db, userId: number, since: Date, page: number) {
  const where = and(eq(withdrawals.userId, userId), gte(withdrawals.createdAt, since));
  return recordPage(
    db.select({ n: count() }).from(withdrawals).where(where),
    db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.createdAt), desc(withdrawals.id)),
    (w) => ({
      out_trade_no: w.orderNo,
      amount: formatCents(w.amountCents),
      pay_way: w.kind,
      state: w.state,
      created_at: formatDateTime(w.createdAt.getTime()),
    }),
    page,
  );
}

/**
 * A transfer's order number as members see it, in the shape of deposit and withdrawal numbers
 * (core/ids): `T`, the Beijing time to the second, then the central wallet entry's id (at least six
 * digits). Derived, not stored: unique because the entry id is, and every transfer ever made (rows
 * older than this number included) gets one without a migration.
 */
export function transferOrderNo(createdAt: Date, entryId: bigint): string {
  const stamp = formatDateTime(createdAt.getTime()).replace(/\D/g, '');
  return `T${stamp}${String(entryId).padStart(6, '0')}`;
}

/** Entries of the central wallet from transfers: `direction` negative = into a venue, positive = back. */
async function transferRecords(
  db: Db,
  venues: VenueProvider,
  userId: number,
  since: Date,
  direction: SQL,
  page: number,
) {
  // The venue's name, not its code (`AG`): the member knows venues by their names.
  const names = new Map((await venues.venues(db)).map((v) => [v.code, v.name]));
  const where = and(
    eq(wallets.userId, userId),
    eq(wallets.venue, CENTRAL_VENUE),
    inArray(ledgerEntries.reason, ['transfer', 'transall']),
    gte(ledgerEntries.createdAt, since),
    direction,
  );
  const walletOf = eq(wallets.id, ledgerEntries.walletId);
  return recordPage(
    db.select({ n: count() }).from(ledgerEntries).innerJoin(wallets, walletOf).where(where),
    db
      .select({ e: ledgerEntries })
      .from(ledgerEntries)
      .innerJoin(wallets, walletOf)
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id)),
    ({ e }) => ({
      out_trade_no: transferOrderNo(e.createdAt, e.id),
      amount: formatCents(e.amountCents < 0n ? -e.amountCents : e.amountCents),
      pay_way: e.reason === 'transall' ? '一键回收' : names.get(e.reference) || e.reference,
      state: TRANSFER_STATES.success,
      created_at: formatDateTime(e.createdAt.getTime()),
    }),
    page,
  );
}

/** The start of a date filter: 1 today (Beijing), 2/3/4/5 the last 7/15/30/90 Beijing days including today. */
export function dateFilterSince(date: DateFilter): Date {
  return new Date(beijingDayStart() - (DATE_FILTER_DAYS[date] - 1) * DAY_MS);
}

/**
 * /transRecord (PAGE_SIZES.accountRecords a page): 1 deposits, 2 withdrawals, 3 transfers into venues, 4 transfers back
 * to the central wallet (from the ledger); the member's own only, newest first, within the date
 * filter (dateFilterSince).
 */
export function accountRecords(
  db: Db,
  userId: number,
  date: DateFilter,
  type: number,
  page: number,
  venues: VenueProvider = demoVenueProvider,
) {
  const since = dateFilterSince(date);
  if (type === RECORD_TYPES.deposit) return depositRecords(db, userId, since, page);
  if (type === RECORD_TYPES.withdraw) return withdrawalRecords(db, userId, since, page);
  const direction =
    type === RECORD_TYPES.transferIn
      ? sql`${ledgerEntries.amountCents} < 0`
      : sql`${ledgerEntries.amountCents} > 0`;
  return transferRecords(db, venues, userId, since, direction, page);
}

/* A member's ledger as the console's 账变记录 and the member's 资金明细 read it (one query for both),
 * and the lifetime net deposits. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import { LEDGER_REASON_LABELS, REVIEW_STATES, type DateFilter } from '@app/contract/enums';
import { FUNDS_RECORDS_PAGE_SIZE } from '@app/contract/wallet';
import { and, desc, eq, gte, sql, type AnyColumn } from 'drizzle-orm';
import { pagedQuery, pageOf, type PageRequest } from '../../core/paging';
import type { Db } from '../../db/client';
import { deposits, ledgerEntries, withdrawals } from '../../db/schema/money';
import { CENTRAL_VENUE, wallets } from '../../db/schema/wallets';
import { describeReferences, nameBook } from '../member/references';
import { dateFilterSince } from './records';

/** Whose entries: every wallet of the member, or only the central one; from `since` on when given. */
export interface LedgerScope {
  userId: number;
  centralOnly?: boolean;
  since?: Date;
}

/**
 * A page of a member's ledger entries, newest first, each reference also in words ("加拿大28 第N期",
 * a venue's name). Served by ledger_entries_wallet_idx (wallet_id, created_at).
 */
export async function ledgerPage(db: Db, scope: LedgerScope, q: PageRequest) {
  const central = scope.centralOnly ? sql` and ${wallets.venue} = ${CENTRAL_VENUE}` : sql``;
  const where = and(
    sql`${ledgerEntries.walletId} in (select ${wallets.id} from ${wallets} where ${wallets.userId} = ${scope.userId}${central})`,
    scope.since ? gte(ledgerEntries.createdAt, scope.since) : undefined,
  );
  const book = await nameBook(db);
  const rows = db
    .select({
      id: ledgerEntries.id,
      at: ledgerEntries.createdAt,
      reason: ledgerEntries.reason,
      cents: ledgerEntries.amountCents,
      reference: ledgerEntries.reference,
      venue: wallets.venue,
    })
    .from(ledgerEntries)
    .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .where(where)
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .$dynamic();
  const page = await pagedQuery(rows, db.$count(ledgerEntries, where), q, (r) => r);
  const refs = await describeReferences(
    db,
    book,
    page.items.map((r) => r.reference),
  );
  return {
    book,
    total: page.total,
    items: page.items.map((r) => ({ ...r, described: refs.get(r.reference) ?? r.reference })),
  };
}

/**
 * Reasons whose reference a member may read: their own order numbers, venues, lottery rounds, rebate
 * claims, red packets. An adjustment's reference is the operator's name and note, a bonus's the rule's
 * ids, an opening balance's the username: a member sees none of them.
 */
const MEMBER_REFERENCE_REASONS = new Set([
  'deposit',
  'withdrawal',
  'withdrawal_reject',
  'transfer',
  'transall',
  'lottery_stake',
  'lottery_win',
  'game_round',
  'rebate',
  'red_packet',
]);
/** A reference still in code form (`lottery_refund:…`, `game_session:…`) said nothing in words. */
const CODE_REFERENCE = /^[a-z_]+:/;

function memberReference(reason: string, described: string): string {
  return MEMBER_REFERENCE_REASONS.has(reason) && !CODE_REFERENCE.test(described) ? described : '';
}

/**
 * 资金明细 (/api/funds_records): a page of the member's central wallet entries within the date filter
 * (1 today … 5 the last 90 Beijing days), newest first, signed. No balance after each entry: entries
 * are timed before their movement takes its wallet lock, so two at once can be committed in the other
 * order than their times, and a running sum by time would show balances the wallet never had.
 */
export async function fundsRecords(db: Db, userId: number, date: DateFilter, page: number) {
  const size = FUNDS_RECORDS_PAGE_SIZE;
  const scope = { userId, centralOnly: true, since: dateFilterSince(date) };
  const entries = await ledgerPage(db, scope, { page, pageSize: size });
  const data = entries.items.map((r) => ({
    id: String(r.id),
    reason: r.reason,
    label: LEDGER_REASON_LABELS[r.reason] ?? '其他',
    amount: formatCents(r.cents),
    reference: memberReference(r.reason, r.described),
    created_at: formatDateTime(r.at.getTime()),
  }));
  return pageOf(data, entries.total, page, size);
}

/**
 * Lifetime net deposits (/api/funds_summary): deposits credited (approved: the money reached the
 * wallet) less withdrawals paid out (approved: the money left). A pending deposit has not arrived, a
 * rejected one never will; a pending withdrawal may still come back, a rejected one did: none count.
 * By user_id over deposits_user_idx and withdrawals_user_idx.
 */
export async function netDeposits(db: Db, userId: number) {
  const sum = (amount: AnyColumn) => sql<string>`coalesce(sum(${amount}), 0)::text`;
  const [[d], [w]] = await Promise.all([
    db
      .select({ s: sum(deposits.amountCents) })
      .from(deposits)
      .where(and(eq(deposits.userId, userId), eq(deposits.state, REVIEW_STATES.approved))),
    db
      .select({ s: sum(withdrawals.amountCents) })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.state, REVIEW_STATES.approved))),
  ]);
  const inCents = BigInt(d?.s ?? '0');
  const outCents = BigInt(w?.s ?? '0');
  return {
    deposits: formatCents(inCents),
    withdrawals: formatCents(outCents),
    net: formatCents(inCents - outCents),
  };
}

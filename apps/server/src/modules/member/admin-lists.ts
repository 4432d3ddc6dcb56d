/* The member page's paged lists: ledger entries, deposits, withdrawals, bets, rebates, sign-ins. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  REBATE_CATEGORY_LABELS,
  REVIEW_STATE_OPERATOR_LABELS,
  type RebateCategory,
} from '@app/contract/enums';
import { depositMethodLabel, WITHDRAWAL_KIND_LABELS } from '@app/contract/console-money';
import { LEDGER_REASON_LABELS } from '@app/contract/console-members';
import { desc, eq, sql } from 'drizzle-orm';
import { pagedQuery, type PageRequest } from '../../core/paging';
import type { Db } from '../../db/client';
import { lotteries, lotteryOrders, lotteryRounds } from '../../db/schema/lottery';
import { deposits, ledgerEntries, validBets, withdrawals } from '../../db/schema/money';
import { memberLogins } from '../../db/schema/operators';
import { rebates } from '../../db/schema/promo';
import { CENTRAL_VENUE, wallets } from '../../db/schema/wallets';
import { demoVenueProvider } from '../wallet/venues';
import { CENTRAL_WALLET_NAME, memberRow } from './admin-page';

/** A page of one member's list. */
export interface ListQuery extends PageRequest {
  id: number;
}

const time = (d: Date) => formatDateTime(d.getTime());
const timeOrNull = (d: Date | null) => (d ? time(d) : null);
const REVIEW_LABELS: Record<number, string> = REVIEW_STATE_OPERATOR_LABELS;
const reviewState = (state: number) => REVIEW_LABELS[state] ?? String(state);

/** Venue codes in Chinese, with the central wallet. */
async function venueNames(db: Db): Promise<Map<string, string>> {
  const venues = await demoVenueProvider.venues(db);
  return new Map([[CENTRAL_VENUE, CENTRAL_WALLET_NAME], ...venues.map((v) => [v.code, v.name] as const)]);
}

export async function memberLedger(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = sql`${ledgerEntries.walletId} in (select ${wallets.id} from ${wallets} where ${wallets.userId} = ${q.id})`;
  const names = await venueNames(db);
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
  return pagedQuery(rows, db.$count(ledgerEntries, where), q, (r) => ({
    id: String(r.id),
    at: time(r.at),
    reason: r.reason,
    reason_label: LEDGER_REASON_LABELS[r.reason] ?? r.reason,
    wallet: names.get(r.venue) ?? r.venue,
    amount: formatCents(r.cents),
    reference: r.reference,
  }));
}

export async function memberDeposits(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = eq(deposits.userId, q.id);
  const rows = db
    .select()
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .$dynamic();
  return pagedQuery(rows, db.$count(deposits, where), q, (d) => ({
    id: d.id,
    deposit_no: d.depositNo,
    method: depositMethodLabel(d.payType, d.protocol),
    amount: formatCents(d.amountCents),
    state: d.state,
    state_label: reviewState(d.state),
    created_at: time(d.createdAt),
    reviewed_by: d.reviewedBy,
    reviewed_at: timeOrNull(d.reviewedAt),
    review_note: d.reviewNote,
  }));
}

export async function memberWithdrawals(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = eq(withdrawals.userId, q.id);
  const rows = db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .$dynamic();
  return pagedQuery(rows, db.$count(withdrawals, where), q, (w) => ({
    id: w.id,
    order_no: w.orderNo,
    method: WITHDRAWAL_KIND_LABELS[w.kind] ?? w.kind,
    amount: formatCents(w.amountCents),
    account: w.account,
    state: w.state,
    state_label: reviewState(w.state),
    created_at: time(w.createdAt),
    reviewed_by: w.reviewedBy,
    reviewed_at: timeOrNull(w.reviewedAt),
    review_note: w.reviewNote,
  }));
}

const BET_STATES: Record<string, string> = { settled: '已结算', unsettled: '未结算', invalid: '无效' };

export async function memberValidBets(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = eq(validBets.userId, q.id);
  const names = await venueNames(db);
  const rows = db
    .select()
    .from(validBets)
    .where(where)
    .orderBy(desc(validBets.createdAt), desc(validBets.id))
    .$dynamic();
  return pagedQuery(rows, db.$count(validBets, where), q, (b) => ({
    id: String(b.id),
    venue: names.get(b.platform) ?? (b.platform === 'lottery' ? '彩票' : b.platform),
    category: REBATE_CATEGORY_LABELS[b.category as RebateCategory] ?? b.category,
    stake: formatCents(b.stakeCents),
    valid: formatCents(b.validCents),
    payout: formatCents(b.payoutCents),
    state: BET_STATES[b.state] ?? b.state,
    at: time(b.createdAt),
  }));
}

const ORDER_STATES: Record<string, string> = { open: '待开奖', won: '已中奖', lost: '未中奖' };

export async function memberLotteryOrders(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = eq(lotteryOrders.userId, q.id);
  const rows = db
    .select({
      id: lotteryOrders.id,
      lottery: lotteries.title,
      round: lotteryRounds.expect,
      play: lotteryOrders.playTitle,
      pick: lotteryOrders.pick,
      stake: lotteryOrders.stakeCents,
      odds: lotteryOrders.oddsHundredths,
      state: lotteryOrders.state,
      payout: lotteryOrders.payoutCents,
      at: lotteryOrders.createdAt,
    })
    .from(lotteryOrders)
    .innerJoin(lotteryRounds, eq(lotteryRounds.id, lotteryOrders.roundId))
    .innerJoin(lotteries, eq(lotteries.id, lotteryRounds.lotteryId))
    .where(where)
    .orderBy(desc(lotteryOrders.createdAt), desc(lotteryOrders.id))
    .$dynamic();
  return pagedQuery(rows, db.$count(lotteryOrders, where), q, (o) => ({
    id: String(o.id),
    lottery: o.lottery,
    round: o.round,
    play: o.pick === null ? o.play : `${o.play} ${o.pick}`,
    stake: formatCents(o.stake),
    odds: formatCents(o.odds),
    state_label: ORDER_STATES[o.state] ?? o.state,
    payout: formatCents(o.payout),
    at: time(o.at),
  }));
}

export async function memberRebates(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = eq(rebates.userId, q.id);
  const rows = db.select().from(rebates).where(where).orderBy(desc(rebates.day), desc(rebates.id)).$dynamic();
  return pagedQuery(rows, db.$count(rebates, where), q, (r) => ({
    id: String(r.id),
    day: r.day,
    category: REBATE_CATEGORY_LABELS[r.category as RebateCategory] ?? r.category,
    valid: formatCents(r.validCents),
    rate: `${formatCents(r.rateBasisPoints)}%`,
    amount: formatCents(r.amountCents),
    vip_level: r.vipLevel,
    state_label: r.state === 1 ? '已领取' : '待领取',
    claimed_at: timeOrNull(r.claimedAt),
  }));
}

export async function memberSignIns(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = eq(memberLogins.userId, q.id);
  // Qualified by hand: inside a select list drizzle writes a column without its table.
  const shared = sql<number>`(select count(distinct o.user_id)::int from member_logins o where o.ip = "member_logins"."ip" and o.user_id <> ${q.id})`;
  const rows = db
    .select({
      id: memberLogins.id,
      at: memberLogins.at,
      ip: memberLogins.ip,
      userAgent: memberLogins.userAgent,
      shared,
    })
    .from(memberLogins)
    .where(where)
    .orderBy(desc(memberLogins.at), desc(memberLogins.id))
    .$dynamic();
  return pagedQuery(rows, db.$count(memberLogins, where), q, (r) => ({
    id: String(r.id),
    at: time(r.at),
    ip: r.ip,
    user_agent: r.userAgent,
    shared_with: Number(r.shared),
  }));
}

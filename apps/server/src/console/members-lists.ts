/* The member page's paged lists: ledger entries, deposits, withdrawals, bets, rebates, sign-ins. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import { REBATE_CATEGORY_LABELS, type RebateCategory } from '@app/contract/enums';
import { depositMethodLabel, WITHDRAWAL_KIND_LABELS } from '@app/contract/console-money';
import { LEDGER_REASON_LABELS } from '@app/contract/console-members';
import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { lotteries, lotteryOrders, lotteryRounds } from '../db/schema/lottery';
import { deposits, ledgerEntries, validBets, withdrawals } from '../db/schema/money';
import { memberLogins } from '../db/schema/operators';
import { rebates } from '../db/schema/promo';
import { CENTRAL_VENUE, wallets } from '../db/schema/wallets';
import { demoVenueProvider } from '../modules/wallet/venues';
import { CENTRAL_WALLET_NAME, memberRow } from './members-page';

export interface ListQuery {
  id: number;
  page: number;
  pageSize: number;
}
export interface Page<T> {
  total: number;
  items: T[];
}

const time = (d: Date) => formatDateTime(d.getTime());
const timeOrNull = (d: Date | null) => (d ? time(d) : null);
const offsetOf = (q: ListQuery) => (q.page - 1) * q.pageSize;
const REVIEW_STATES: Record<number, string> = { 1: '待审核', 2: '已通过', 3: '已拒绝' };

async function countWhere(db: Db, table: PgTable, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** Venue codes in Chinese, with the central wallet. */
async function venueNames(db: Db): Promise<Map<string, string>> {
  const venues = await demoVenueProvider.venues(db);
  return new Map([[CENTRAL_VENUE, CENTRAL_WALLET_NAME], ...venues.map((v) => [v.code, v.name] as const)]);
}

export async function memberLedger(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = sql`${ledgerEntries.walletId} in (select ${wallets.id} from ${wallets} where ${wallets.userId} = ${q.id})`;
  const [total, rows, names] = await Promise.all([
    countWhere(db, ledgerEntries, where),
    db
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
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    venueNames(db),
  ]);
  return {
    total,
    items: rows.map((r) => ({
      id: String(r.id),
      at: time(r.at),
      reason: r.reason,
      reason_label: LEDGER_REASON_LABELS[r.reason] ?? r.reason,
      wallet: names.get(r.venue) ?? r.venue,
      amount: formatCents(r.cents),
      reference: r.reference,
    })),
  };
}

export async function memberDeposits(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = eq(deposits.userId, q.id);
  const [total, rows] = await Promise.all([
    countWhere(db, deposits, where),
    db
      .select()
      .from(deposits)
      .where(where)
      .orderBy(desc(deposits.createdAt), desc(deposits.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
  ]);
  return {
    total,
    items: rows.map((d) => ({
      id: d.id,
      deposit_no: d.depositNo,
      method: depositMethodLabel(d.payType, d.protocol),
      amount: formatCents(d.amountCents),
      state: d.state,
      state_label: REVIEW_STATES[d.state] ?? String(d.state),
      created_at: time(d.createdAt),
      reviewed_by: d.reviewedBy,
      reviewed_at: timeOrNull(d.reviewedAt),
      review_note: d.reviewNote,
    })),
  };
}

export async function memberWithdrawals(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = eq(withdrawals.userId, q.id);
  const [total, rows] = await Promise.all([
    countWhere(db, withdrawals, where),
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
  ]);
  return {
    total,
    items: rows.map((w) => ({
      id: w.id,
      order_no: w.orderNo,
      method: WITHDRAWAL_KIND_LABELS[w.kind] ?? w.kind,
      amount: formatCents(w.amountCents),
      account: w.account,
      state: w.state,
      state_label: REVIEW_STATES[w.state] ?? String(w.state),
      created_at: time(w.createdAt),
      reviewed_by: w.reviewedBy,
      reviewed_at: timeOrNull(w.reviewedAt),
      review_note: w.reviewNote,
    })),
  };
}

const BET_STATES: Record<string, string> = { settled: '已结算', unsettled: '未结算', invalid: '无效' };

export async function memberValidBets(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = eq(validBets.userId, q.id);
  const [total, rows, names] = await Promise.all([
    countWhere(db, validBets, where),
    db
      .select()
      .from(validBets)
      .where(where)
      .orderBy(desc(validBets.createdAt), desc(validBets.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    venueNames(db),
  ]);
  return {
    total,
    items: rows.map((b) => ({
      id: String(b.id),
      venue: names.get(b.platform) ?? (b.platform === 'lottery' ? '彩票' : b.platform),
      category: REBATE_CATEGORY_LABELS[b.category as RebateCategory] ?? b.category,
      stake: formatCents(b.stakeCents),
      valid: formatCents(b.validCents),
      payout: formatCents(b.payoutCents),
      state: BET_STATES[b.state] ?? b.state,
      at: time(b.createdAt),
    })),
  };
}

const ORDER_STATES: Record<string, string> = { open: '待开奖', won: '已中奖', lost: '未中奖' };

export async function memberLotteryOrders(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = eq(lotteryOrders.userId, q.id);
  const [total, rows] = await Promise.all([
    countWhere(db, lotteryOrders, where),
    db
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
      .limit(q.pageSize)
      .offset(offsetOf(q)),
  ]);
  return {
    total,
    items: rows.map((o) => ({
      id: String(o.id),
      lottery: o.lottery,
      round: o.round,
      play: o.pick === null ? o.play : `${o.play} ${o.pick}`,
      stake: formatCents(o.stake),
      odds: formatCents(o.odds),
      state_label: ORDER_STATES[o.state] ?? o.state,
      payout: formatCents(o.payout),
      at: time(o.at),
    })),
  };
}

export async function memberRebates(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = eq(rebates.userId, q.id);
  const [total, rows] = await Promise.all([
    countWhere(db, rebates, where),
    db
      .select()
      .from(rebates)
      .where(where)
      .orderBy(desc(rebates.day), desc(rebates.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
  ]);
  return {
    total,
    items: rows.map((r) => ({
      id: String(r.id),
      day: r.day,
      category: REBATE_CATEGORY_LABELS[r.category as RebateCategory] ?? r.category,
      valid: formatCents(r.validCents),
      rate: `${formatCents(r.rateBasisPoints)}%`,
      amount: formatCents(r.amountCents),
      vip_level: r.vipLevel,
      state_label: r.state === 1 ? '已领取' : '待领取',
      claimed_at: timeOrNull(r.claimedAt),
    })),
  };
}

export async function memberSignIns(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = eq(memberLogins.userId, q.id);
  // Qualified by hand: inside a select list drizzle writes a column without its table.
  const shared = sql<number>`(select count(distinct o.user_id)::int from member_logins o where o.ip = "member_logins"."ip" and o.user_id <> ${q.id})`;
  const [total, rows] = await Promise.all([
    countWhere(db, memberLogins, where),
    db
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
      .limit(q.pageSize)
      .offset(offsetOf(q)),
  ]);
  return {
    total,
    items: rows.map((r) => ({
      id: String(r.id),
      at: time(r.at),
      ip: r.ip,
      user_agent: r.userAgent,
      shared_with: Number(r.shared),
    })),
  };
}

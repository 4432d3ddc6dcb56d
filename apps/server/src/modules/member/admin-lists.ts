/* The member page's paged lists: ledger entries, deposits, withdrawals, bets, rebates, sign-ins. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import { LEDGER_REASON_LABELS, REVIEW_STATE_OPERATOR_LABELS } from '@app/contract/enums';
import { depositMethodLabel, WITHDRAWAL_KIND_LABELS } from '@app/contract/console-money';
import { desc, eq, sql } from 'drizzle-orm';
import { pagedQuery, type PageRequest } from '../../core/paging';
import type { Db } from '../../db/client';
import { lotteries, lotteryOrders, lotteryRounds } from '../../db/schema/lottery';
import { deposits, validBets, withdrawals } from '../../db/schema/money';
import { memberLogins } from '../../db/schema/operators';
import { rebates } from '../../db/schema/promo';
import { ledgerPage } from '../wallet/statement';
import { memberRow } from './admin-page';
import { categoryLabel, describeReferences, nameBook, platformName } from './references';

/** A page of one member's list. */
export interface ListQuery extends PageRequest {
  id: number;
}

const time = (d: Date) => formatDateTime(d.getTime());
const timeOrNull = (d: Date | null) => (d ? time(d) : null);
const REVIEW_LABELS: Record<number, string> = REVIEW_STATE_OPERATOR_LABELS;
const reviewState = (state: number) => REVIEW_LABELS[state] ?? String(state);

/** The member's ledger entries (every wallet), each reference in words (a lottery bet as "加拿大28 第N期"). */
export async function memberLedger(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const page = await ledgerPage(db, { userId: q.id }, q);
  return {
    total: page.total,
    items: page.items.map((r) => ({
      id: String(r.id),
      at: time(r.at),
      reason: r.reason,
      reason_label: LEDGER_REASON_LABELS[r.reason] ?? r.reason,
      wallet: platformName(page.book, r.venue),
      amount: formatCents(r.cents),
      reference: r.described,
    })),
  };
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

/** Valid bets: the venue by name, a lottery's as its round ("加拿大28 第N期"), the category in Chinese. */
export async function memberValidBets(db: Db, q: ListQuery) {
  await memberRow(db, q.id);
  const where = eq(validBets.userId, q.id);
  const book = await nameBook(db);
  const rows = db
    .select()
    .from(validBets)
    .where(where)
    .orderBy(desc(validBets.createdAt), desc(validBets.id))
    .$dynamic();
  const page = await pagedQuery(rows, db.$count(validBets, where), q, (b) => b);
  const refs = await describeReferences(
    db,
    book,
    page.items.flatMap((b) => (b.reference ? [b.reference] : [])),
  );
  const venue = (b: (typeof page.items)[number]) => {
    const ref = b.reference ? refs.get(b.reference) : undefined;
    return ref && ref !== b.reference ? ref : platformName(book, b.platform);
  };
  return {
    total: page.total,
    items: page.items.map((b) => ({
      id: String(b.id),
      venue: venue(b),
      category: categoryLabel(b.category),
      stake: formatCents(b.stakeCents),
      valid: formatCents(b.validCents),
      payout: formatCents(b.payoutCents),
      state: BET_STATES[b.state] ?? b.state,
      at: time(b.createdAt),
    })),
  };
}

const ORDER_STATES: Record<string, string> = {
  open: '待开奖',
  won: '已中奖',
  lost: '未中奖',
  cancelled: '已撤单',
};

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
    category: categoryLabel(r.category),
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

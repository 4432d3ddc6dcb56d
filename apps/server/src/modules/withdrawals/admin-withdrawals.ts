/* The console's withdrawal queue and a withdrawal's review page (turnover, balance, the member's
 * history, who else uses the account), as the contract's rows. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  MONEY_STATE_ALL,
  type ConsoleWithdrawalRow,
  type WithdrawalListQuery,
} from '@app/contract/console-money';
import { eq } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { cards, withdrawals } from '../../db/schema/money';
import { consoleUploadUrl } from '../cashier/admin-deposits';
import { centralBalance } from '../wallet/service';
import { turnover } from '../wallet/turnover';
import { memberHistory, sharedWarnings } from './admin-history';
import { memberFacts } from './admin-facts';
import { holdsOf, holdsOnWire, type Hold } from './hold';
import { assessWithdrawal } from '../risk/flags';
import { riskPanel } from '../risk/withdrawal-risk';
import { claimFields } from '../cashier/claims';
import { MSG_WITHDRAWAL_MISSING, newestPendingId, withdrawalQueue } from './review';

const time = (d: Date | null) => (d ? formatDateTime(d.getTime()) : null);

type Withdrawal = typeof withdrawals.$inferSelect;

export function withdrawalRow(
  w: Withdrawal,
  username: string,
  bank: string | null,
  holds: Hold[] = [],
): ConsoleWithdrawalRow {
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
    holds: holdsOnWire(holds),
    risk_score: w.riskScore,
    risk_state: w.riskState,
    state: w.state,
    created_at: formatDateTime(w.createdAt.getTime()),
    reviewed_by: w.reviewedBy,
    reviewed_at: time(w.reviewedAt),
    review_note: w.reviewNote,
    ...claimFields(w),
  };
}

/** The queue (withdrawals/review.ts withdrawalQueue) in the console's order and rows, with holds. */
export async function withdrawalPage(db: Db, q: WithdrawalListQuery) {
  const { state: asked, page, pageSize, ...filters } = q;
  const state = asked === MONEY_STATE_ALL ? null : asked;
  const { items, total } = await withdrawalQueue(db, { page, pageSize, state, order: 'review' }, filters);
  const holds = await holdsOf(
    db,
    items.map((r) => r.w),
  );
  const rows = items.map((r) => withdrawalRow(r.w, r.username, r.bank, holds.get(r.w.id)));
  return { rows, total, newest_pending_id: await newestPendingId(db) };
}

/** One withdrawal, or 404 提现订单不存在. */
export async function withdrawalById(db: Db, id: number): Promise<Withdrawal> {
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) throw new BusinessError(MSG_WITHDRAWAL_MISSING, 404);
  return w;
}

/** What a reviewer sees of one withdrawal before approving it. */
export async function withdrawalDetail(db: Db, id: number) {
  const [found] = await db
    .select({ w: withdrawals, username: users.username, bank: cards.bank })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(cards, eq(cards.id, withdrawals.cardId))
    .where(eq(withdrawals.id, id));
  if (!found) throw new BusinessError(MSG_WITHDRAWAL_MISSING, 404);
  const { w } = found;
  const owed = await turnover(db, w.userId);
  const holds = (await holdsOf(db, [w])).get(w.id);
  return {
    withdrawal: withdrawalRow(w, found.username, found.bank, holds),
    member: await memberFacts(db, w),
    turnover: { done: formatCents(owed.bet), required: formatCents(owed.required) },
    balance: formatCents(await centralBalance(db, w.userId)),
    history: await memberHistory(db, w.userId),
    warnings: await sharedWarnings(db, w.userId, w.kind === 'wechat' ? '' : w.account),
    risk: riskPanel(w, await assessWithdrawal(db, w)),
  };
}

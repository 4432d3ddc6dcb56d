/* What the withdrawal drawer says about the member (issue 29): the real name beside the holder name,
 * when the card / address was bound, the operators' password resets of the last RESETS_DAYS days and
 * the member's lifetime deposits, withdrawals and result of play. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import { REVIEW_STATES } from '@app/contract/enums';
import { RESET_KIND_LABELS, RESETS_DAYS, type WithdrawalMemberFacts } from '@app/contract/withdrawal-review';
import { and, eq, inArray, isNull, notLike, or, sql } from 'drizzle-orm';
import { DAY_MS, now } from '../../core/clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { lotteryOrders } from '../../db/schema/lottery';
import { cards, deposits, validBets, withdrawals } from '../../db/schema/money';
import { memberResets, nameDiffers } from './hold';

type Withdrawal = typeof withdrawals.$inferSelect;

const sumOf = (column: unknown) => sql<string>`coalesce(sum(${column}), 0)`;

/** The member's result of play, + when the member won: lottery orders settled, venues' bets settled. */
async function winLoss(db: Db, userId: number): Promise<bigint> {
  const [lottery] = await db
    .select({ n: sumOf(sql`${lotteryOrders.payoutCents} - ${lotteryOrders.stakeCents}`) })
    .from(lotteryOrders)
    .where(and(eq(lotteryOrders.userId, userId), inArray(lotteryOrders.state, ['won', 'lost'])));
  // The lottery's own valid-bet records repeat its orders: venues' bets only.
  const [venues] = await db
    .select({ n: sumOf(sql`${validBets.payoutCents} - ${validBets.stakeCents}`) })
    .from(validBets)
    .where(
      and(
        eq(validBets.userId, userId),
        eq(validBets.state, 'settled'),
        or(isNull(validBets.reference), notLike(validBets.reference, 'lottery%')),
      ),
    );
  return BigInt(lottery?.n ?? 0) + BigInt(venues?.n ?? 0);
}

async function lifetime(db: Db, userId: number) {
  const [d] = await db
    .select({ n: sumOf(deposits.amountCents) })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.state, REVIEW_STATES.approved)));
  const [w] = await db
    .select({ n: sumOf(withdrawals.amountCents) })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.state, REVIEW_STATES.approved)));
  return {
    deposits: formatCents(BigInt(d?.n ?? 0)),
    withdrawals: formatCents(BigInt(w?.n ?? 0)),
    win_loss: formatCents(await winLoss(db, userId)),
  };
}

/** The drawer's facts about the member of `w`. */
export async function memberFacts(db: Db, w: Withdrawal): Promise<WithdrawalMemberFacts> {
  const [u] = await db.select({ realname: users.realname }).from(users).where(eq(users.id, w.userId));
  const realname = u?.realname ?? '';
  const [card] =
    w.cardId === null
      ? []
      : await db.select({ createdAt: cards.createdAt }).from(cards).where(eq(cards.id, w.cardId));
  const resets = await memberResets(db, [w.userId], new Date(now() - RESETS_DAYS * DAY_MS));
  return {
    realname,
    name_differs: nameDiffers(w.kind, w.accountName, realname),
    bound_at: card ? formatDateTime(card.createdAt.getTime()) : null,
    resets: resets.map((r) => ({
      by: r.by,
      at: formatDateTime(r.at.getTime()),
      kind: RESET_KIND_LABELS[r.kind],
    })),
    lifetime: await lifetime(db, w.userId),
  };
}

/* A member as a money reviewer sees them: the last deposits, withdrawals and bets, and who else uses
 * the same card / address / account or signed in from the same addresses. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  depositMethodLabel,
  WITHDRAWAL_KIND_LABELS,
  type ConsoleHistoryItem,
  type ConsoleOtherMember,
} from '@app/contract/console-money';
import { roundLabel } from '@app/contract/lottery-labels';
import { GAME_CATEGORY_LABELS, REVIEW_STATE_LABELS, type GameCategory } from '@app/contract/enums';
import { and, asc, desc, eq, inArray, ne, notLike, or, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { lotteries, lotteryOrders, lotteryRounds } from '../../db/schema/lottery';
import { cards, deposits, validBets, withdrawals } from '../../db/schema/money';
import { memberLogins } from '../../db/schema/operators';

/** How many of each a withdrawal's review shows. */
export const HISTORY_SIZE = 5;
/** At most this many other members are named per warning (per address for shared sign-ins). */
const OTHERS_MAX = 20;
/** At most this many of the member's latest distinct sign-in addresses are compared. */
const IPS_MAX = 20;

const LOTTERY_STATE: Record<string, string> = {
  open: '未结算',
  won: '已中奖',
  lost: '未中奖',
  cancelled: '已撤单',
};
const BET_STATE: Record<string, string> = { settled: '已结算', unsettled: '未结算', invalid: '无效' };

const when = (d: Date) => formatDateTime(d.getTime());

/** The member's last `n` deposits, withdrawals and bets (lottery orders and venues' valid bets), newest first. */
export async function memberHistory(db: Db, userId: number, n = HISTORY_SIZE) {
  const ds = await db
    .select()
    .from(deposits)
    .where(eq(deposits.userId, userId))
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(n);
  const ws = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(n);
  return {
    deposits: ds.map((d): ConsoleHistoryItem => ({
      ref: d.depositNo,
      label: depositMethodLabel(d.payType, d.protocol),
      amount: formatCents(d.amountCents),
      state: REVIEW_STATE_LABELS[d.state] ?? '',
      created_at: when(d.createdAt),
    })),
    withdrawals: ws.map((w): ConsoleHistoryItem => ({
      ref: w.orderNo,
      label: WITHDRAWAL_KIND_LABELS[w.kind] ?? w.kind,
      amount: formatCents(w.amountCents),
      state: REVIEW_STATE_LABELS[w.state] ?? '',
      created_at: when(w.createdAt),
    })),
    bets: await lastBets(db, userId, n),
  };
}

async function lastBets(db: Db, userId: number, n: number): Promise<ConsoleHistoryItem[]> {
  const lottery = await db
    .select({ o: lotteryOrders, title: lotteries.title, expect: lotteryRounds.expect })
    .from(lotteryOrders)
    .innerJoin(lotteryRounds, eq(lotteryRounds.id, lotteryOrders.roundId))
    .innerJoin(lotteries, eq(lotteries.id, lotteryRounds.lotteryId))
    .where(eq(lotteryOrders.userId, userId))
    .orderBy(desc(lotteryOrders.createdAt), desc(lotteryOrders.id))
    .limit(n);
  // The lottery's own valid-bet records repeat its orders: venues' bets only.
  const venue = await db
    .select()
    .from(validBets)
    .where(
      and(
        eq(validBets.userId, userId),
        or(isNull(validBets.reference), notLike(validBets.reference, 'lottery%')),
      ),
    )
    .orderBy(desc(validBets.createdAt), desc(validBets.id))
    .limit(n);
  const items = [
    ...lottery.map(({ o, title, expect }) => ({
      at: o.createdAt.getTime(),
      item: {
        ref: roundLabel(title, expect),
        label: o.playTitle,
        amount: formatCents(o.stakeCents),
        state: LOTTERY_STATE[o.state] ?? o.state,
        created_at: when(o.createdAt),
      },
    })),
    ...venue.map((b) => ({
      at: b.createdAt.getTime(),
      item: {
        ref: b.platform,
        label: GAME_CATEGORY_LABELS[b.category as GameCategory] ?? b.category,
        amount: formatCents(b.stakeCents),
        state: BET_STATE[b.state] ?? b.state,
        created_at: when(b.createdAt),
      },
    })),
  ];
  return items
    .sort((a, b) => b.at - a.at)
    .slice(0, n)
    .map((x) => x.item);
}

async function membersNamed(db: Db, ids: number[]): Promise<ConsoleOtherMember[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ user_id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id));
  return rows;
}

/**
 * Who else uses `account` (a card number, USDT address or Alipay account; '' for none): members who
 * bound it, members who withdrew to it; and the member's sign-in addresses other members used.
 */
export async function sharedWarnings(db: Db, userId: number, account: string) {
  const compact = account.replace(/\s+/g, '');
  let boundBy: number[] = [];
  let usedBy: number[] = [];
  if (compact !== '') {
    const bound = await db
      .selectDistinct({ id: cards.userId })
      .from(cards)
      .where(and(inArray(cards.bankNo, [...new Set([account, compact])]), ne(cards.userId, userId)))
      .limit(OTHERS_MAX);
    boundBy = bound.map((r) => r.id);
    const used = await db
      .selectDistinct({ id: withdrawals.userId })
      .from(withdrawals)
      .where(
        and(inArray(withdrawals.account, [...new Set([account, compact])]), ne(withdrawals.userId, userId)),
      )
      .limit(OTHERS_MAX);
    usedBy = used.map((r) => r.id);
  }
  return {
    account_bound_by: await membersNamed(db, boundBy),
    account_used_by: await membersNamed(db, usedBy),
    shared_ips: await sharedIps(db, userId),
  };
}

async function sharedIps(db: Db, userId: number) {
  const mine = await db
    .selectDistinct({ ip: memberLogins.ip })
    .from(memberLogins)
    .where(and(eq(memberLogins.userId, userId), ne(memberLogins.ip, '')))
    .limit(IPS_MAX);
  if (mine.length === 0) return [];
  const others = await db
    .selectDistinct({ ip: memberLogins.ip, userId: memberLogins.userId })
    .from(memberLogins)
    .where(
      and(
        inArray(
          memberLogins.ip,
          mine.map((r) => r.ip),
        ),
        ne(memberLogins.userId, userId),
      ),
    );
  const byIp = new Map<string, number[]>();
  for (const o of others) {
    const list = byIp.get(o.ip) ?? [];
    if (list.length < OTHERS_MAX) list.push(o.userId);
    byIp.set(o.ip, list);
  }
  const result: { ip: string; members: ConsoleOtherMember[] }[] = [];
  for (const [ip, ids] of [...byIp].sort(([a], [b]) => a.localeCompare(b))) {
    result.push({ ip, members: await membersNamed(db, ids) });
  }
  return result;
}

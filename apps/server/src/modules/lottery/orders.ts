import { randomUUID } from 'node:crypto';
import { formatDateTime, MAX_AMOUNT_CENTS } from '@app/contract/codecs';
import {
  BET_LINE_MIN_CENTS,
  MAX_ORDER_LINES,
  MSG_BET_EMPTY,
  MSG_BET_LINE_MIN,
  MSG_ORDERS_TOO_FAST,
  MSG_ROUND_CANCELLED,
  MSG_ROUND_CLOSED,
  msgLineMax,
  msgLinesCap,
  msgMemberRoundMax,
  msgRoomVip,
  msgRoundMax,
} from '@app/contract/lottery';
import type { LotteryType } from '@app/contract/enums';
import { findPlay, oddsAllowed, resolveLine } from '@app/contract/lottery-rules';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { lotteryOrders, lotteryRounds } from '../../db/schema/lottery';
import { BusinessError } from '../../core/errors';
import type { RoomMessage } from '../../http/realtime/room-bus';
import { afterCommit } from '../../db/scope';
import { saveRoomMessage } from '../../http/realtime/room-messages';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { guardPlay } from '../protection/guard';
import { currentOdds, oddsOverrides } from './odds';
import { orderMessage, orderReply, type AcceptedOrder, type OrderDesk } from './order-desk';
import { findRoom, lotteryType, type Lottery, type LotteryRound } from './service';

/* Orders: POST lotteryOrder and the chat's text commands place them the same way. */

export const MSG_PLAY_INVALID = '玩法无效';
export const MSG_NUMBER_INVALID = '号码无效';
export const MSG_EXPECT_INVALID = '期号无效';
export const MSG_EXPECT_EXPIRED = '期号已过期';

export interface OrderLineInput {
  playId: number;
  amountCents: number;
  /** `data[0]` of the line: the number of an older client's 特码 line; null otherwise (spec: data []). */
  pick: number | null;
}

export interface PlaceOrderInput {
  userId: number;
  roomId: number;
  /** The round the member bets on: nowdata.nextexpect. */
  expect: string;
  lines: OrderLineInput[];
}

/** What placing an order needs of the app: its database and this process's order desk (rate, notices). */
export interface OrderContext {
  db: Db;
  orderDesk: OrderDesk;
}

/** Every line checked against the room's lottery type: the play, its number and the amount (≤ lineMax). */
function checkedLines(type: LotteryType, input: OrderLineInput[], lineMax: bigint | null) {
  if (input.length === 0) throw new BusinessError(MSG_BET_EMPTY);
  if (input.length > MAX_ORDER_LINES) throw new BusinessError('投注数量过多');
  return input.map((l) => {
    if (!Number.isSafeInteger(l.playId)) throw new BusinessError(MSG_PLAY_INVALID);
    const line = resolveLine(type, l.playId, l.pick === null ? [] : [l.pick]);
    if (!line) {
      // A known play with data it does not take (a number on 大 or on 特码 07, none on 特码) is a bad number.
      const known = findPlay(type, l.playId) !== null || resolveLine(type, l.playId, []) !== null;
      throw new BusinessError(known ? MSG_NUMBER_INVALID : MSG_PLAY_INVALID);
    }
    const { play: resolved, pick } = line;
    if (!Number.isSafeInteger(l.amountCents) || l.amountCents < BET_LINE_MIN_CENTS) {
      throw new BusinessError(MSG_BET_LINE_MIN);
    }
    if (l.amountCents > MAX_AMOUNT_CENTS) throw new BusinessError('金额无效');
    if (lineMax !== null && BigInt(l.amountCents) > lineMax) throw new BusinessError(msgLineMax(lineMax));
    return { play: resolved, pick, cents: BigInt(l.amountCents) };
  });
}

/**
 * The round an order names, locked FOR SHARE (orders do not wait for each other, but the draw's UPDATE
 * and a cancellation wait for them), and the time: read after the lock, so that a refusal and an
 * acceptance agree with the draw's order. Refused unless open for bets now. `exclusive` (the lottery
 * limits a round's total stake): FOR UPDATE, so that the round's orders are counted one at a time.
 */
async function lockOpenRound(tx: Tx, lotteryId: number, expect: string, exclusive: boolean) {
  const [round] = await tx
    .select()
    .from(lotteryRounds)
    .where(and(eq(lotteryRounds.lotteryId, lotteryId), eq(lotteryRounds.expect, expect)))
    .for(exclusive ? 'update' : 'share');
  const at = now();
  if (!round || round.opensAt.getTime() > at) throw new BusinessError(MSG_EXPECT_INVALID);
  if (round.cancelledAt) throw new BusinessError(MSG_ROUND_CANCELLED);
  if (round.drawnAt || round.drawsAt.getTime() <= at) throw new BusinessError(MSG_EXPECT_EXPIRED);
  if (at >= round.closesAt.getTime()) throw new BusinessError(MSG_ROUND_CLOSED);
  return { round, at };
}

/** The member placing an order, who must be of the room's VIP level at least (403 otherwise). */
async function bettingMember(db: Db, userId: number, roomLevel: number) {
  const [member] = await db
    .select({ username: users.username, avatar: users.avatar, vipLevel: users.vipLevel })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw new BusinessError('用户不存在');
  if (member.vipLevel < roomLevel) throw new BusinessError(msgRoomVip(roomLevel, 'bet'), 403);
  return member;
}

/**
 * The lottery's cap on a member's lines of one round (every room together), counted in the order's
 * transaction once its `added` lines are stored: past it, the whole order is refused (rolled back).
 * Called after the stake's movement: post() locked the member's central wallet, so the member's orders
 * reach this count one at a time, each seeing the lines of those committed before it, on any process.
 */
async function checkLinesCap(tx: Tx, userId: number, round: LotteryRound, cap: number, added: number) {
  const [held] = await tx
    .select({ n: count() })
    .from(lotteryOrders)
    .where(
      and(
        eq(lotteryOrders.userId, userId),
        eq(lotteryOrders.roundId, round.id),
        // Never older than the round: lets the member's (user_id, created_at) index serve.
        gte(lotteryOrders.createdAt, round.opensAt),
      ),
    );
  const n = held?.n ?? 0;
  if (n > cap) throw new BusinessError(msgLinesCap(cap, Math.max(0, cap - (n - added))));
}

/** The stake of a round's lines: of one member, or of everyone (null). */
async function roundStake(tx: Tx, round: LotteryRound, userId: number | null): Promise<bigint> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${lotteryOrders.stakeCents}), 0)::text` })
    .from(lotteryOrders)
    .where(
      and(
        eq(lotteryOrders.roundId, round.id),
        userId === null ? undefined : eq(lotteryOrders.userId, userId),
        userId === null ? undefined : gte(lotteryOrders.createdAt, round.opensAt),
      ),
    );
  return BigInt(row?.cents ?? 0);
}

/**
 * The lottery's stake limits on a member's round and on the round, then the member's own (责任博彩),
 * counted once the order's `added` cents are stored (the whole order refused past one). Race-safe as checkLinesCap: the member's orders
 * take turns on its wallet; a round with a total limit was locked FOR UPDATE (lockOpenRound).
 */
async function checkStakeLimits(
  tx: Tx,
  userId: number,
  round: LotteryRound,
  lottery: Lottery,
  added: bigint,
) {
  const memberMax = lottery.memberRoundMaxCents;
  if (memberMax !== null) {
    const held = await roundStake(tx, round, userId);
    if (held > memberMax) throw new BusinessError(msgMemberRoundMax(memberMax, held - added));
  }
  const roundMax = lottery.roundMaxCents;
  if (roundMax !== null) {
    const all = await roundStake(tx, round, null);
    const left = roundMax - (all - added);
    if (all > roundMax) throw new BusinessError(msgRoundMax(left > 0n ? left : 0n));
  }
  // 责任博彩: the member's break, loss and wager limits (the stake counts as lost until settled).
  await guardPlay(tx, userId, { kinds: ['loss', 'wager'], amount: added });
}

/**
 * Places one order (one or more lines) on the open round of a room, for POST lotteryOrder and for
 * the chat's text commands. First the member's order rate (this process: OrderDesk, 429). Every input
 * is checked here, whoever calls: the room and the member's VIP level for it, each play against the
 * room's lottery type, each line's number and amount, the round. Then in ONE transaction: the round
 * row is locked (shared) and checked open by the server clock, the total stake moves from the member's
 * central wallet to 'lottery stakes' (余额不足 rolls everything back), the lines are stored with the
 * odds they were accepted at, the member's lines on the round are counted against the lottery's cap
 * and the stakes against its limits (line, member's round, round), and the room's 'order' message is stored when the order is announced at once (OrderDesk). The
 * draw updates the round row, so it waits for an order in flight and the order sees the draw: an order
 * racing the close or the draw is either wholly in the round (and settled with it) or refused, never
 * half. After the commit the message is published to the room, or the order waits for the member's
 * next announcement in the room (coalesced); the reply is the order's own announcement.
 */
export async function placeOrder(ctx: OrderContext, input: PlaceOrderInput): Promise<RoomMessage> {
  const { db } = ctx;
  if (!ctx.orderDesk.takeOrderSlot(input.userId)) throw new BusinessError(MSG_ORDERS_TOO_FAST, 429);
  const { room, lottery } = await findRoom(db, input.roomId);
  const type = lotteryType(lottery);
  const lines = checkedLines(type, input.lines, lottery.lineMaxCents);
  const total = lines.reduce((s, l) => s + l.cents, 0n);
  if (total > BigInt(MAX_AMOUNT_CENTS)) throw new BusinessError('金额无效');
  if (!/^[0-9A-Za-z-]{1,32}$/.test(input.expect)) throw new BusinessError(MSG_EXPECT_INVALID);

  const member = await bettingMember(db, input.userId, room.minVipLevel);

  let reserved = false;
  const placed = await db
    .transaction(async (tx) => {
      const exclusive = lottery.roundMaxCents !== null;
      const { round, at } = await lockOpenRound(tx, lottery.id, input.expect, exclusive);

      // The odds in force now, read in this transaction: an operator's change commits before (this
      // order takes it) or after (it does not); never a mix. Checked here too, not only where odds are
      // set: no odds above the house edge are accepted.
      const overrides = await oddsOverrides(tx, lottery.id);
      const priced = lines.map((l) => ({ ...l, oddsHundredths: currentOdds(type, l.play, overrides) }));
      if (priced.some((l) => !oddsAllowed(type, l.play, l.oddsHundredths))) {
        throw new BusinessError(MSG_PLAY_INVALID);
      }

      const wallet = await centralWalletId(tx, input.userId);
      const batch = randomUUID();
      await post(tx, {
        reason: 'lottery_stake',
        reference: `lottery:${lottery.code}:${round.expect}:${batch}`,
        legs: [
          { wallet, cents: -total },
          { account: SYSTEM.lotteryStakes, cents: total },
        ],
      });
      await tx.insert(lotteryOrders).values(
        priced.map((l) => ({
          batch,
          userId: input.userId,
          roomId: room.id,
          roundId: round.id,
          playId: l.play.id,
          playTitle: l.play.playtitle,
          pick: l.pick,
          stakeCents: l.cents,
          oddsHundredths: l.oddsHundredths,
          createdAt: new Date(at),
        })),
      );
      // After the stake's movement: see checkLinesCap.
      await checkLinesCap(tx, input.userId, round, lottery.maxLinesPerMember, lines.length);
      await checkStakeLimits(tx, input.userId, round, lottery, total);
      const accepted: AcceptedOrder = {
        userId: input.userId,
        roomId: room.id,
        author: member.username,
        avatar: member.avatar,
        expect: round.expect,
        lines: lines.map((l) => ({ title: l.play.playtitle, pick: l.pick, cents: l.cents })),
      };
      // The member's first order of a quiet interval in the room: announced with it, stored here.
      reserved = ctx.orderDesk.reserve(input.userId, room.id);
      const message = reserved ? await saveRoomMessage(tx, room.id, orderMessage(accepted)) : null;
      return { accepted, message, time: formatDateTime(at) };
    })
    .catch((err: unknown) => {
      if (reserved) ctx.orderDesk.release(input.userId, room.id);
      throw err;
    });
  const { accepted, message } = placed;
  // Inside a money call's transaction (http/idempotency.ts), the room hears of the order only once
  // it has committed.
  await afterCommit(db, async () => {
    if (message) await ctx.orderDesk.published(input.userId, room.id, message);
    else ctx.orderDesk.wait(accepted);
  });
  return message ?? orderReply(accepted, placed.time);
}

import { randomUUID } from 'node:crypto';
import { formatCents, MAX_AMOUNT_CENTS } from '@app/contract/codecs';
import {
  BET_LINE_MIN_CENTS,
  MAX_ORDER_LINES,
  MSG_BET_EMPTY,
  MSG_BET_LINE_MIN,
  MSG_ROUND_CLOSED,
} from '@app/contract/lottery';
import type { LotteryType } from '@app/contract/enums';
import { findPlay, oddsAllowed, resolveLine } from '@app/contract/lottery-rules';
import { and, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { lotteryOrders, lotteryRounds } from '../../db/schema/lottery';
import { BusinessError } from '../../core/errors';
import type { RoomBus, RoomMessage } from '../../http/realtime/room-bus';
import { publishRoomMessage, saveRoomMessage } from '../../http/realtime/room-messages';
import { afterCommit } from '../../db/scope';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { currentOdds, oddsOverrides } from './odds';
import { findRoom, lotteryType } from './service';

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

/** '第20261122001期 大 10.00元, 特码 07 5.00元': what the room sees of an accepted order. */
export function orderText(expect: string, lines: { title: string; pick: number | null; cents: bigint }[]) {
  const parts = lines.map(
    (l) =>
      `${l.title}${l.pick === null ? '' : ` ${String(l.pick).padStart(2, '0')}`} ${formatCents(l.cents)}元`,
  );
  return `第${expect}期 ${parts.join(', ')}`;
}

/** Every line checked against the room's lottery type: the play, its number and the amount. */
function checkedLines(type: LotteryType, input: OrderLineInput[]) {
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
    return { play: resolved, pick, cents: BigInt(l.amountCents) };
  });
}

/**
 * Places one order (one or more lines) on the open round of a room, for POST lotteryOrder and for
 * the chat's text commands. Every input is checked here, whoever calls: the room, each play against
 * the room's lottery type, each line's number and amount, the round. Then in ONE transaction: the
 * round row is locked (shared) and checked open by the server clock, the total stake moves from the
 * member's central wallet to 'lottery stakes' (余额不足 rolls everything back), the lines are stored
 * with the odds they were accepted at, and the room's 'order' message is stored. The draw updates the
 * round row, so it waits for an order in flight and the order sees the draw: an order racing the close
 * or the draw is either wholly in the round (and settled with it) or refused, never half.
 * After the commit the message is published to the room; it is returned (the call's reply data).
 */
export async function placeOrder(db: Db, bus: RoomBus, input: PlaceOrderInput): Promise<RoomMessage> {
  const { room, lottery } = await findRoom(db, input.roomId);
  const type = lotteryType(lottery);
  const lines = checkedLines(type, input.lines);
  const total = lines.reduce((s, l) => s + l.cents, 0n);
  if (total > BigInt(MAX_AMOUNT_CENTS)) throw new BusinessError('金额无效');
  if (!/^[0-9A-Za-z-]{1,32}$/.test(input.expect)) throw new BusinessError(MSG_EXPECT_INVALID);

  const [member] = await db
    .select({ username: users.username, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!member) throw new BusinessError('用户不存在');

  const message = await db.transaction(async (tx) => {
    // FOR SHARE: orders do not wait for each other, but the draw's UPDATE of this row waits for them.
    const [round] = await tx
      .select()
      .from(lotteryRounds)
      .where(and(eq(lotteryRounds.lotteryId, lottery.id), eq(lotteryRounds.expect, input.expect)))
      .for('share');
    // The clock is read after the lock, so a refusal and an acceptance agree with the draw's order.
    const at = now();
    if (!round || round.opensAt.getTime() > at) throw new BusinessError(MSG_EXPECT_INVALID);
    if (round.drawnAt || round.drawsAt.getTime() <= at) throw new BusinessError(MSG_EXPECT_EXPIRED);
    if (at >= round.closesAt.getTime()) throw new BusinessError(MSG_ROUND_CLOSED);

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
    return saveRoomMessage(tx, room.id, {
      userId: input.userId,
      sysmsg: false,
      id: input.userId,
      author: member.username,
      avatar: member.avatar,
      content: orderText(
        round.expect,
        lines.map((l) => ({ title: l.play.playtitle, pick: l.pick, cents: l.cents })),
      ),
      type: 'order',
      expect: round.expect,
    });
  });
  // Inside a money call's transaction (http/idempotency.ts), the room hears of the order only once
  // it has committed.
  await afterCommit(db, () => publishRoomMessage(bus, room.id, message));
  return message;
}

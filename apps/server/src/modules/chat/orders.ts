import { parseBetCommand } from '@app/contract/lottery-rules';
import type { RoomMessage } from '../../http/realtime/room-bus';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { now } from '../../core/clock';
import { lotteries } from '../../db/schema/lottery';
import { BusinessError } from '../../core/errors';
import { placeOrder } from '../lottery/orders';
import { ensureRounds, timingOf } from '../lottery/service';
import { MSG_NO_ROOM } from './service';

/**
 * A bet command written in a type 2 room's chat (`大100 单50`, `13 20`) becomes one order on the
 * round open now, through the same placeOrder as POST lotteryOrder (which checks every line, the
 * round and the balance, and announces the accepted order to the room). Refusals throw BusinessError
 * with the message the sender sees. Returns the order's announcement (without `msgid` when it waits
 * for the member's next announcement in the room: order-desk.ts).
 */
export async function placeCommandOrder(
  app: FastifyInstance,
  input: { userId: number; roomId: number; lotteryId: number; content: string },
): Promise<RoomMessage> {
  const command = parseBetCommand(input.content);
  if (!command.ok) throw new BusinessError(command.message);
  const [lottery] = await app.db.select().from(lotteries).where(eq(lotteries.id, input.lotteryId)).limit(1);
  if (!lottery) throw new BusinessError(MSG_NO_ROOM);
  // The round of the clock's slot (nowdata.nextexpect); placeOrder refuses it once closed (封盘中).
  const round = await ensureRounds(
    app.db,
    lottery,
    timingOf(lottery, { periodSeconds: app.config.lotteryPeriodSeconds }),
    now(),
  );
  return placeOrder(app, {
    userId: input.userId,
    roomId: input.roomId,
    expect: round.expect,
    lines: command.lines.map((l) => ({ playId: l.playId, amountCents: l.amountCents, pick: null })),
  });
}

import {
  lotteryOrder,
  lotteryRoom,
  lotteryRooms,
  lotteryRoomsByName,
  MSG_BET_PLACED,
} from '@app/contract/lottery';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { placeOrder } from './orders';
import { listRooms, roomDetail } from './service';

export default async function lotteryRoutes(app: FastifyInstance) {
  const rounds = { periodSeconds: app.config.lotteryPeriodSeconds };

  endpoint(app, lotteryRooms, { handler: async () => ({ data: await listRooms(app.db) }) });

  // An unknown lottery is an empty list (the client shows 当前游戏无房间), not an error.
  endpoint(app, lotteryRoomsByName, {
    handler: async ({ input }) => ({ data: await listRooms(app.db, input.name) }),
  });

  endpoint(app, lotteryRoom, {
    handler: async ({ input }) => ({ data: await roomDetail(app.db, input.room_id, rounds) }),
  });

  endpoint(app, lotteryOrder, {
    handler: async ({ member, input }) => {
      const message = await placeOrder(app.db, app.roomBus, {
        userId: member.id,
        roomId: input.room_id,
        expect: input.expect,
        lines: input.order.map((l) => ({ playId: l.id, amountCents: l.total, pick: l.data[0] ?? null })),
      });
      // An order message carries no draw result (RoomMessage types `result` loosely, for draws).
      return { data: { ...message, result: null }, message: MSG_BET_PLACED };
    },
  });
}

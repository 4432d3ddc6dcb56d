import {
  lotteryOrder,
  lotteryRoom,
  lotteryRooms,
  lotteryRoomsByName,
  MSG_BET_PLACED,
} from '@app/contract/lottery';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { endpoint } from '../../http/endpoint';
import { OrderDesk } from './order-desk';
import { placeOrder } from './orders';
import { listRooms, roomDetail } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's order rate per member and the rooms' order announcements (order-desk.ts). */
    orderDesk: OrderDesk;
  }
}

/**
 * The lottery's calls. A plugin of the app's own level (fastify-plugin), so that the order desk it
 * decorates is the chat's too: bet commands in a room go through the same placeOrder.
 */
export default fp(
  async function lotteryRoutes(app: FastifyInstance) {
    const rounds = { periodSeconds: app.config.lotteryPeriodSeconds };
    const desk = new OrderDesk({
      db: app.db,
      bus: app.roomBus,
      log: app.log.child({ module: 'order-desk' }),
      ordersPerSecond: app.config.rateLimit.ordersPerSecond,
    });
    app.decorate('orderDesk', desk);
    // Announcements still waiting go out before the bus and the database close.
    app.addHook('onClose', () => desk.close());

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
        const message = await placeOrder(app, {
          userId: member.id,
          roomId: input.room_id,
          expect: input.expect,
          lines: input.order.map((l) => ({ playId: l.id, amountCents: l.total, pick: l.data[0] ?? null })),
        });
        // An order message carries no draw result (RoomMessage types `result` loosely, for draws).
        return { data: { ...message, result: null }, message: MSG_BET_PLACED };
      },
    });
  },
  { name: 'lottery', dependencies: ['realtime', 'database'] },
);

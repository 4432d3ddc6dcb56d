import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memoryRoomBus, type RoomBus } from './room-bus';

declare module 'fastify' {
  interface FastifyInstance {
    roomBus: RoomBus;
  }
}

/** Decorates `app.roomBus` and closes it with the app. */
export default fp(
  async function realtimePlugin(app: FastifyInstance) {
    const bus = memoryRoomBus();
    app.decorate('roomBus', bus);
    app.addHook('onClose', () => bus.close());
  },
  { name: 'realtime', dependencies: ['database'] },
);

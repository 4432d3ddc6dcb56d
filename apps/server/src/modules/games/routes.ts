import { gameList } from '@app/contract/games';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { listGames } from './service';

export default async function gamesRoutes(app: FastifyInstance) {
  endpoint(app, gameList, {
    handler: async ({ input }) => ({ data: await listGames(app.db, input.category) }),
  });
}

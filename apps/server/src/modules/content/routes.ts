import { messageList } from '@app/contract/content';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { messagePage } from './service';

/** Content calls: the member's site messages (announcements, articles and banners are the site module's). */
export default async function contentRoutes(app: FastifyInstance) {
  endpoint(app, messageList, {
    handler: async ({ input, member }) => ({ data: await messagePage(app.db, member.id, input.page) }),
  });
}

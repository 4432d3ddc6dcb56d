import { MESSAGE_TO_ALL, opsSendMessage } from '@app/contract/ops-site';
import type { FastifyInstance } from 'fastify';
import { opsEndpoint } from '../../http/ops-endpoint';
import { sendMessage } from './service';

/** Operator routes of content (under /ops). */
export default async function contentOps(app: FastifyInstance) {
  opsEndpoint(app, opsSendMessage, async ({ input }) => {
    const to = input.to.toLowerCase() === MESSAGE_TO_ALL ? null : input.to;
    return { data: await sendMessage(app.db, to, input.title, input.content) };
  });
}

import type { FastifyInstance } from 'fastify';

/** Console routes of @app/contract/console-chat. */
export default async function consoleChatRoutes(_app: FastifyInstance) {}

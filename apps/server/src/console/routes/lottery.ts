import type { FastifyInstance } from 'fastify';

/** Console routes of @app/contract/console-lottery. */
export default async function consoleLotteryRoutes(_app: FastifyInstance) {}

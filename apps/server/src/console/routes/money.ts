import type { FastifyInstance } from 'fastify';

/** Console routes of this area (calls in @app/contract/console-money). */
export default async function consoleRoutes(_app: FastifyInstance) {}

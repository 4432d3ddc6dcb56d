import type { FastifyInstance } from 'fastify';

/** Console routes of this area (calls in @app/contract/console-members). */
export default async function consoleRoutes(_app: FastifyInstance) {}

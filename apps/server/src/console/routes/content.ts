import type { FastifyInstance } from 'fastify';

/** Console routes of @app/contract/console-content. */
export default async function consoleContentRoutes(_app: FastifyInstance) {}

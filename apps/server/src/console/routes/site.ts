import type { FastifyInstance } from 'fastify';

/** Console routes of @app/contract/console-site. */
export default async function consoleSiteRoutes(_app: FastifyInstance) {}

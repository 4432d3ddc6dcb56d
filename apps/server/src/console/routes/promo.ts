import type { FastifyInstance } from 'fastify';

/** Console routes of @app/contract/console-promo. */
export default async function consolePromoRoutes(_app: FastifyInstance) {}

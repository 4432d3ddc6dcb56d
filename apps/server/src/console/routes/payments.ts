import type { FastifyInstance } from 'fastify';

/** Console routes of @app/contract/console-payments. */
export default async function consolePaymentsRoutes(_app: FastifyInstance) {}

import type { FastifyInstance } from 'fastify';

/** Console routes of @app/contract/console-reports. */
export default async function consoleReportsRoutes(_app: FastifyInstance) {}

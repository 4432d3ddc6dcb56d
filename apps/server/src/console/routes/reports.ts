import { consoleReportSummary } from '@app/contract/console-reports';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint } from '../../http/console-endpoint';
import { reportSummary } from '../reports-summary';

/** Console routes of @app/contract/console-reports (read-only). */
export default async function consoleReportsRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleReportSummary, async ({ input }) => ({
    data: await reportSummary(app.db, input.from, input.to),
  }));
}

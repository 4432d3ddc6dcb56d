import {
  consoleReportActivities,
  consoleReportDaily,
  consoleReportOperators,
  consoleReportSummary,
} from '@app/contract/console-reports';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint } from '../../http/console-endpoint';
import { reportDaily } from '../reports-daily';
import { reportSummary } from '../reports-summary';
import { reportActivities, reportOperators } from '../reports-work';

/** Console routes of @app/contract/console-reports (read-only). */
export default async function consoleReportsRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleReportSummary, async ({ input }) => ({
    data: await reportSummary(app.db, input.from, input.to),
  }));
  consoleEndpoint(app, consoleReportDaily, async ({ input }) => ({
    data: await reportDaily(app.db, input.from, input.to),
  }));
  consoleEndpoint(app, consoleReportOperators, async ({ input }) => ({
    data: { ...input, operators: await reportOperators(app.db, input.from, input.to) },
  }));
  consoleEndpoint(app, consoleReportActivities, async ({ input }) => ({
    data: { ...input, activities: await reportActivities(app.db, input.from, input.to) },
  }));
}

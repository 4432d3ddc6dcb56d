import {
  consoleAudit,
  consoleCreateOperator,
  consoleDashboard,
  consoleOperators,
  consoleResetOperator,
  consoleUpdateOperator,
} from '@app/contract/console-admin';
import type { FastifyInstance } from 'fastify';
import { queryAudit } from '../audit-query';
import { dashboardFigures } from '../dashboard';
import { isReviewTicket, reviewSubmittedMessage } from '@app/contract/console-approvals';
import { listOperators } from '../../identity/operator-admin';
import {
  requestOperatorCreate,
  requestOperatorReset,
  requestOperatorUpdate,
} from '../../modules/approvals/operators';
import { consoleEndpoint } from '../../http/console-endpoint';

/** Console routes of this area (calls in @app/contract/console-admin): dashboard, audit log, operators. */
export default async function consoleRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleDashboard, async () => ({ data: await dashboardFigures(app.db) }));

  consoleEndpoint(app, consoleAudit, async ({ input }) => ({ data: await queryAudit(app.db, input) }));

  consoleEndpoint(app, consoleOperators, async () => ({ data: { rows: await listOperators(app.db) } }));

  consoleEndpoint(app, consoleCreateOperator, async ({ input, actor, audit }) => ({
    data: await requestOperatorCreate(app.db, actor, input.name, input.role, audit),
    message: reviewSubmittedMessage('operator.create'),
  }));

  consoleEndpoint(app, consoleUpdateOperator, async ({ input, actor, audit }) => {
    const r = await requestOperatorUpdate(app.db, actor, input, audit);
    if (isReviewTicket(r)) return { data: r, message: reviewSubmittedMessage('operator.update') };
    return { data: r, message: '操作员已更新' };
  });

  consoleEndpoint(app, consoleResetOperator, async ({ input, actor, audit }) => ({
    data: await requestOperatorReset(app.db, actor, input.id, audit),
    message: reviewSubmittedMessage('operator.reset'),
  }));
}

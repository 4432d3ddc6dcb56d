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
import {
  createOperatorAudited,
  listOperators,
  resetOperatorAudited,
  updateOperator,
} from '../../identity/operator-admin';
import { consoleEndpoint } from '../../http/console-endpoint';

/** Console routes of this area (calls in @app/contract/console-admin): dashboard, audit log, operators. */
export default async function consoleRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleDashboard, async () => ({ data: await dashboardFigures(app.db) }));

  consoleEndpoint(app, consoleAudit, async ({ input }) => ({ data: await queryAudit(app.db, input) }));

  consoleEndpoint(app, consoleOperators, async () => ({ data: { rows: await listOperators(app.db) } }));

  consoleEndpoint(app, consoleCreateOperator, async ({ input, audit }) => ({
    data: await createOperatorAudited(app.db, input.name, input.role, audit),
    message: '操作员已创建',
  }));

  consoleEndpoint(app, consoleUpdateOperator, async ({ input, actor, audit }) => ({
    data: await updateOperator(app.db, actor, input, audit),
    message: '操作员已更新',
  }));

  consoleEndpoint(app, consoleResetOperator, async ({ input, actor, audit }) => ({
    data: await resetOperatorAudited(app.db, actor, input.id, audit),
    message: '操作员已重置',
  }));
}

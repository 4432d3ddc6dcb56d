import {
  consoleApprovals,
  consoleCancelApproval,
  consoleControls,
  consoleDecideApproval,
  consoleSaveControls,
  reviewSubmittedMessage,
} from '@app/contract/console-approvals';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint } from '../../http/console-endpoint';
import { EXECUTORS } from '../../modules/approvals/kinds';
import { controlsView, requestControls } from '../../modules/approvals/operators';
import { cancelApproval, decideApproval, listApprovals } from '../../modules/approvals/service';

/** Console routes of @app/contract/console-approvals: 待复核 and 风控设置. */
export default async function consoleApprovalsRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleApprovals, async ({ input, operator }) => ({
    data: await listApprovals(app.db, { id: operator.id, role: operator.role }, input),
  }));
  consoleEndpoint(app, consoleDecideApproval, async ({ input, actor, operator, audit }) => {
    const r = await decideApproval(app.db, { ...actor, role: operator.role }, input, EXECUTORS, audit);
    const message =
      r.item.status === 'approved'
        ? '已通过，变更已生效'
        : r.item.status === 'failed'
          ? `变更未能生效：${r.item.result}`
          : '已驳回';
    return { data: r, message };
  });
  consoleEndpoint(app, consoleCancelApproval, async ({ input, actor, operator, audit }) => ({
    data: await cancelApproval(app.db, { ...actor, role: operator.role }, input.id, audit),
    message: '已撤回',
  }));
  consoleEndpoint(app, consoleControls, async ({ operator }) => ({
    data: await controlsView(app.db, operator.id),
  }));
  consoleEndpoint(app, consoleSaveControls, async ({ input, actor, audit }) => ({
    data: await requestControls(app.db, actor, input, audit),
    message: reviewSubmittedMessage('controls'),
  }));
}

import { AGENT_STATUS_LABELS } from '@app/contract/agent-plans';
import { reviewSubmittedMessage } from '@app/contract/console-approvals';
import {
  consoleAgentAssign,
  consoleAgentPlanSave,
  consoleAgentPlans,
  consoleAgentReport,
  consoleAgents,
  consoleAgentStatementPay,
  consoleAgentStatements,
  consoleAgentStatus,
} from '@app/contract/console-agents';
import { formatDateTime } from '@app/contract/codecs';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint } from '../../http/console-endpoint';
import {
  agentPage,
  agentView,
  planView,
  planViewOf,
  planViews,
  statementPage,
} from '../../modules/agents/admin';
import { agentReport } from '../../modules/agents/admin-report';
import { requestStatementPayment } from '../../modules/agents/payout';
import { assignPlan, createPlan, setAgentStatus, updatePlan } from '../../modules/agents/plans';

const time = (d: Date | null) => (d ? formatDateTime(d.getTime()) : null);

/** Console routes of 代理管理 (calls in @app/contract/console-agents); every write audited. */
export default async function consoleAgentsRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleAgents, async ({ input }) => ({ data: await agentPage(app.db, input) }));

  consoleEndpoint(app, consoleAgentPlans, async () => ({ data: { plans: await planViews(app.db) } }));

  consoleEndpoint(app, consoleAgentPlanSave, async ({ input, actor, audit }) => {
    const { id, ...plan } = input;
    if (id === undefined) {
      const row = await createPlan(app.db, plan, actor);
      const after = planViewOf(row, 0);
      await audit({ action: 'agent.plan.create', targetType: 'commissionPlan', targetId: row.id, after });
      return { data: after, message: '佣金方案已创建' };
    }
    const { before, after } = await updatePlan(app.db, id, plan);
    const view = await planView(app.db, after.id);
    await audit({
      action: 'agent.plan.update',
      targetType: 'commissionPlan',
      targetId: id,
      before: planViewOf(before, view.agents),
      after: view,
    });
    return { data: view, message: '佣金方案已保存，从下一期账单起生效' };
  });

  consoleEndpoint(app, consoleAgentAssign, async ({ input, audit }) => {
    const { before, after, plan } = await assignPlan(app.db, input.id, input.plan_id);
    await audit({
      action: 'agent.assign',
      targetType: 'agent',
      targetId: input.id,
      before: { plan_id: before.planId, settled_from: time(before.settledFrom) },
      after: { plan_id: plan.id, plan_name: plan.name, settled_from: time(after.settledFrom) },
    });
    return { data: await agentView(app.db, input.id), message: `已分配佣金方案「${plan.name}」` };
  });

  consoleEndpoint(app, consoleAgentStatus, async ({ input, audit }) => {
    const change = await setAgentStatus(app.db, input.id, input.status);
    await audit({
      action: 'agent.status',
      targetType: 'agent',
      targetId: input.id,
      before: { status: change.before },
      after: { status: change.after, reason: input.reason },
    });
    const label = AGENT_STATUS_LABELS[input.status];
    return {
      data: await agentView(app.db, input.id),
      message: input.status === 'active' ? '代理已恢复正常' : `代理已${label}，其下级代理一并${label}`,
    };
  });

  consoleEndpoint(app, consoleAgentStatements, async ({ input }) => ({
    data: await statementPage(app.db, input),
  }));

  consoleEndpoint(app, consoleAgentStatementPay, async ({ input, actor, audit }) => ({
    data: await requestStatementPayment(app.db, actor, input, audit),
    message: reviewSubmittedMessage('agent.payStatement'),
  }));

  consoleEndpoint(app, consoleAgentReport, async ({ input }) => ({
    data: await agentReport(app.db, input.start_date, input.end_date),
  }));
}

import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  consoleActivityApplications,
  consoleAgentApplications,
  consoleApproveActivity,
  consoleApproveAgent,
  consoleRejectActivity,
  consoleRejectAgent,
} from '@app/contract/console-applications';
import { REVIEW_STATES } from '@app/contract/enums';
import type { FastifyInstance } from 'fastify';
import { reviewAgentApplication } from '../../modules/agents/service';
import { rejectApplication } from '../../modules/promo/activities';
import { approveApplication } from '../../modules/promo/bonus';
import { agentApplicationPage, agentSubject } from '../../modules/agents/admin-applications';
import { activityApplicationPage, activitySubject } from '../../modules/promo/admin-applications';
import { consoleEndpoint } from '../../http/console-endpoint';

/** What a pending item looked like before its review (the guarded update proves it was pending). */
const PENDING = { state: REVIEW_STATES.pending, reviewed_by: '', review_note: '' };

const reviewedBy = (r: { reviewedBy: string; reviewedAt: Date; reviewNote?: string }) => ({
  reviewed_by: r.reviewedBy,
  reviewed_at: formatDateTime(r.reviewedAt.getTime()),
  review_note: r.reviewNote ?? '',
});

/** Console routes of this area (calls in @app/contract/console-applications). */
export default async function consoleRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleActivityApplications, async ({ input }) => ({
    data: await activityApplicationPage(app.db, input),
  }));

  consoleEndpoint(app, consoleApproveActivity, async ({ input, actor, audit }) => {
    const paid = await approveApplication(app.db, input.id, BigInt(input.amount), actor);
    const data = {
      id: paid.id,
      state: paid.state,
      bonus: formatCents(paid.bonusCents),
      turnover: formatCents(paid.turnoverCents),
      ...reviewedBy(paid),
    };
    await audit({
      action: 'activity.approve',
      targetType: 'activityApplication',
      targetId: paid.id,
      before: PENDING,
      after: {
        ...(await activitySubject(app.db, paid.id)),
        state: paid.state,
        bonus: data.bonus,
        turnover: data.turnover,
        reviewed_by: data.reviewed_by,
      },
    });
    return { data, message: '已通过，彩金已发放' };
  });

  consoleEndpoint(app, consoleRejectActivity, async ({ input, actor, audit }) => {
    const r = await rejectApplication(app.db, input.id, actor, input.reason);
    const data = { id: r.id, state: r.state, ...reviewedBy(r) };
    await audit({
      action: 'activity.reject',
      targetType: 'activityApplication',
      targetId: r.id,
      before: PENDING,
      after: {
        ...(await activitySubject(app.db, r.id)),
        state: r.state,
        reviewed_by: data.reviewed_by,
        review_note: data.review_note,
      },
    });
    return { data, message: '已拒绝' };
  });

  consoleEndpoint(app, consoleAgentApplications, async ({ input }) => ({
    data: await agentApplicationPage(app.db, input),
  }));

  for (const [call, approve] of [
    [consoleApproveAgent, true],
    [consoleRejectAgent, false],
  ] as const) {
    consoleEndpoint(app, call, async ({ input, actor, audit }) => {
      const reason = 'reason' in input ? input.reason : '';
      const r = await reviewAgentApplication(app.db, input.id, approve, actor, reason);
      const data = { id: r.id, state: r.state, ...reviewedBy(r) };
      await audit({
        action: approve ? 'agent.approve' : 'agent.reject',
        targetType: 'agentApplication',
        targetId: r.id,
        before: PENDING,
        after: {
          ...(await agentSubject(app.db, r.id)),
          state: r.state,
          ...(approve ? { isagent: 1 } : {}),
          reviewed_by: data.reviewed_by,
          review_note: data.review_note,
        },
      });
      return { data, message: approve ? '已通过，该会员已成为代理' : '已拒绝' };
    });
  }
}

import { REVIEW_STATES } from '@app/contract/enums';
import { OPS_LIST_STATE_ALL } from '@app/contract/ops-fields';
import {
  opsActivityApplications,
  opsAgentApplications,
  opsApproveActivity,
  opsApproveAgent,
  opsComputeRebates,
  opsPromoDaily,
  opsRejectActivity,
  opsRejectAgent,
  opsRunVip,
} from '@app/contract/ops-promo';
import type { FastifyInstance } from 'fastify';
import { opsEndpoint } from '../respond';
import { listApplications, reviewApplication } from '../../modules/promo/activities';
import { listAgentApplications, reviewAgent } from '../../modules/agents/service';
import { runDailyJobs } from '../../modules/promo/daily';
import { computeRebates } from '../../modules/promo/rebates';
import { runVip } from '../../modules/promo/vip';

const stateOf = (state: number) => (state === OPS_LIST_STATE_ALL ? null : state);

/** Operator routes of promotions (under /ops). */
export default async function promoOps(app: FastifyInstance) {
  opsEndpoint(app, opsActivityApplications, async ({ input }) => ({
    data: { applications: await listApplications(app.db, stateOf(input.state), input.limit) },
  }));
  opsEndpoint(app, opsApproveActivity, async ({ input }) => ({
    data: await reviewApplication(app.db, input.id, REVIEW_STATES.approved),
  }));
  opsEndpoint(app, opsRejectActivity, async ({ input }) => ({
    data: await reviewApplication(app.db, input.id, REVIEW_STATES.rejected),
  }));

  opsEndpoint(app, opsAgentApplications, async ({ input }) => ({
    data: { applications: await listAgentApplications(app.db, stateOf(input.state), input.limit) },
  }));
  opsEndpoint(app, opsApproveAgent, async ({ input }) => ({
    data: await reviewAgent(app.db, input.username, true),
  }));
  opsEndpoint(app, opsRejectAgent, async ({ input }) => ({
    data: await reviewAgent(app.db, input.username, false),
  }));

  opsEndpoint(app, opsComputeRebates, async ({ input }) => ({
    data: { day: input.day, created: await computeRebates(app.db, input.day) },
  }));
  opsEndpoint(app, opsRunVip, async ({ input }) => ({
    data: { day: input.day, ...(await runVip(app.db, input.day)) },
  }));
  opsEndpoint(app, opsPromoDaily, async ({ input }) => ({ data: await runDailyJobs(app.db, input.day) }));
}

import { OPS_LIST_STATE_ALL } from '@app/contract/ops-fields';
import { opsAgentApplications, opsApproveAgent, opsRejectAgent } from '@app/contract/ops-promo';
import type { FastifyInstance } from 'fastify';
import { opsEndpoint } from '../../http/ops-endpoint';
import { listAgentApplications, reviewAgent } from './service';

/** Operator routes of agent applications (under /ops). */
export default async function agentOps(app: FastifyInstance) {
  opsEndpoint(app, opsAgentApplications, async ({ input }) => ({
    data: {
      applications: await listAgentApplications(
        app.db,
        input.state === OPS_LIST_STATE_ALL ? null : input.state,
        input.limit,
      ),
    },
  }));
  opsEndpoint(app, opsApproveAgent, async ({ input, actor }) => ({
    data: await reviewAgent(app.db, input.username, true, actor),
  }));
  opsEndpoint(app, opsRejectAgent, async ({ input, actor }) => ({
    data: await reviewAgent(app.db, input.username, false, actor),
  }));
}

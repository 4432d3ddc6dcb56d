import { applyAgent, inviteStats } from '@app/contract/agents';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { MSG_APPLY_SUBMITTED } from '../promo/activities';
import { officeRoutes } from './office-routes';
import * as agents from './service';

/** Invitations, agent applications and the agent back office (office-routes.ts). */
export default async function agentRoutes(app: FastifyInstance) {
  endpoint(app, inviteStats, {
    handler: async ({ member, input }) => ({
      data: await agents.inviteInfo(app.db, member.id, app.config.publicUrl, input),
    }),
  });
  endpoint(app, applyAgent, {
    handler: async ({ member, input }) => {
      await agents.applyAgent(app.db, member.id, input.mobile, input.apply_info);
      // The same answer as an activity application: both wait for an operator's review.
      return { data: null, message: MSG_APPLY_SUBMITTED };
    },
  });
  officeRoutes(app);
}

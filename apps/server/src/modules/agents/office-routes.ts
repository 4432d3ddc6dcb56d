/* The agent back office's calls (contract agent-office.ts), registered by routes.ts: thin, each one
 * the signed-in member's own office (office.ts, office-downline.ts, invites.ts, tickets.ts). */
import {
  agentDownline,
  agentInviteCreate,
  agentInviteRevoke,
  agentInvites,
  agentOverview,
  agentStatements,
  agentSubAgentRates,
  agentSubAgents,
  agentTeamReport,
  agentTicket,
} from '@app/contract/agent-office';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { createInvite, listInvites, revokeInvite } from './invites';
import { overview, setSubAgentRates, statementsPage, subAgentsPage } from './office';
import { downlinePage, teamReport } from './office-downline';
import { redeemAgentTicket } from './tickets';

export function officeRoutes(app: FastifyInstance) {
  const publicUrl = app.config.publicUrl;
  endpoint(app, agentTicket, {
    // Tickets are 256 random bits, not guessable; the limit only keeps a flood of tries cheap.
    rateLimit: { max: app.config.rateLimit.loginPerMinute, timeWindow: '1 minute' },
    handler: async ({ input, request }) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      return { data: { api_token: await redeemAgentTicket(app.db, input.ticket, client) } };
    },
  });
  endpoint(app, agentOverview, {
    handler: async ({ member }) => ({ data: await overview(app.db, member.id) }),
  });
  endpoint(app, agentDownline, {
    handler: async ({ member, input }) => ({ data: await downlinePage(app.db, member.id, input) }),
  });
  endpoint(app, agentStatements, {
    handler: async ({ member, input }) => ({ data: await statementsPage(app.db, member.id, input.page) }),
  });
  endpoint(app, agentInvites, {
    handler: async ({ member }) => ({ data: await listInvites(app.db, member.id, publicUrl) }),
  });
  endpoint(app, agentInviteCreate, {
    handler: async ({ member, input }) => ({
      data: await createInvite(app.db, member.id, input, publicUrl),
      message: '邀请链接已生成',
    }),
  });
  endpoint(app, agentInviteRevoke, {
    handler: async ({ member, input }) => ({
      data: await revokeInvite(app.db, member.id, input.id, publicUrl),
      message: '邀请链接已作废',
    }),
  });
  endpoint(app, agentSubAgents, {
    handler: async ({ member, input }) => ({ data: await subAgentsPage(app.db, member.id, input.page) }),
  });
  endpoint(app, agentSubAgentRates, {
    handler: async ({ member, input }) => ({
      data: await setSubAgentRates(app.db, member.id, input.id, input.rates),
      message: '返佣已更新',
    }),
  });
  endpoint(app, agentTeamReport, {
    handler: async ({ member, input }) => ({ data: await teamReport(app.db, member.id, input) }),
  });
}

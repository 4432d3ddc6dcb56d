/** Samples of the agent back office's calls (agent-office.ts) for the calls tests; see calls-samples.ts. */
import type { StatementFigures } from './agent-plans';
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
} from './agent-office';
import type { CallDef } from './define';
import { page, T, T_MS, type Sample } from './calls-test-support';

const rates = { realperson: 40, sport: 30, e_sport: 30, joker: 30, electron: 30, lottery: 20 };
const figures: StatementFigures = {
  lines: [
    {
      category: 'realperson',
      stake: 80_000,
      valid: 80_000,
      profit: 70_000,
      rate_bp: 2000,
      commission: 14_000,
      from_sub_agents: 0,
    },
  ],
  members: 2,
  active: 1,
  net_loss: 70_000,
  rebates: 700,
  bonuses: 0,
  red_packets: 0,
  fees: 1_000,
  cost_share_bp: 2000,
  costs_borne: 340,
  gross: 14_000,
  tier: 1,
  carried_in: 0,
  result: 13_660,
  payable: 13_660,
  carry_out: 0,
  largest_member_bp: 9000,
};
const invite = {
  id: 3,
  code: 'ABCD2345',
  kind: 'agent',
  rates,
  expires_at: T,
  max_uses: 10,
  uses: 1,
  revoked: false,
  url: 'https://m.example.com/#/reg?invite=ABCD2345',
};
const subAgent = { id: 10002, username: 'sub001', joined_at: T, status: 'active', rates, members: 4 };

export const AGENT_OFFICE_SAMPLES: [CallDef, Sample][] = [
  [
    agentTicket,
    { request: { ticket: 'x'.repeat(43) }, reply: { api_token: 'tok' }, data: { api_token: 'tok' } },
  ],
  [
    agentOverview,
    {
      request: {},
      reply: {
        username: 'agent01',
        status: 'active',
        depth: 1,
        plan: { name: '负盈利日结', kind: 'net_loss', period: 'daily' },
        period: { start: T, end: '2026-11-23 00:00:00' },
        estimate: figures,
        carried: '-12.50',
        paid_total: '136.60',
        members: 2,
        sub_agents: 1,
        team: 6,
        new_today: 0,
      },
      data: { carried: -1250, paid_total: 13_660, period: { start: T_MS } },
    },
  ],
  [
    agentDownline,
    {
      request: { level: 2, q: 'ab', start_date: '2026-11-01', end_date: '2026-11-22', page: 1 },
      reply: page([
        {
          id: 10005,
          username: 'abc123',
          realname: '张**',
          level: 2,
          agent: 'sub001',
          is_agent: false,
          joined_at: T,
          last_login_at: null,
          deposits: '100.00',
          withdrawals: '0.00',
          valid: '50.00',
          win_loss: '-20.00',
        },
      ]),
      data: { data: [{ deposits: 10_000, win_loss: -2_000, last_login_at: null }] },
    },
  ],
  [
    agentStatements,
    {
      request: { page: 1 },
      reply: page([
        {
          id: 1,
          period_start: T,
          period_end: '2026-11-23 00:00:00',
          plan_name: '负盈利日结',
          plan_kind: 'net_loss',
          state: 'draft',
          payable: '136.60',
          paid_at: null,
          figures,
        },
      ]),
      data: { data: [{ payable: 13_660, figures: { tier: 1 } }] },
    },
  ],
  [
    agentInvites,
    {
      request: {},
      reply: { invites: [invite], own_rates: rates, can_invite_agents: true },
      data: { invites: [{ code: 'ABCD2345', max_uses: 10 }] },
    },
  ],
  [
    agentInviteCreate,
    { request: { kind: 'agent', days: 7, max_uses: 10, rates }, reply: invite, data: { kind: 'agent' } },
  ],
  [agentInviteRevoke, { request: { id: 3 }, reply: { ...invite, revoked: true }, data: { revoked: true } }],
  [agentSubAgents, { request: { page: 1 }, reply: page([subAgent]), data: { total: 1 } }],
  [agentSubAgentRates, { request: { id: 10002, rates }, reply: subAgent, data: { rates } }],
  [
    agentTeamReport,
    {
      request: { start_date: '2026-11-01', end_date: '2026-11-22' },
      reply: {
        days: [
          {
            day: '2026-11-01',
            new_members: 2,
            deposits: '300.00',
            withdrawals: '0.00',
            lines: [{ category: 'lottery', valid: '10.00', profit: '-5.00' }],
          },
        ],
      },
      data: { days: [{ deposits: 30_000, lines: [{ profit: -500 }] }] },
    },
  ],
];

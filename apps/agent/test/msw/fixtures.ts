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
import type { StatementFigures } from '@app/contract/agent-plans';
import { logoff } from '@app/contract/auth';
import { login } from '@app/contract/auth-forms';
import type { ReplyOf } from '@app/contract/define';
import { reply } from '@app/mobile/test/msw-contract';

/* Replies in the wire shape of the contract (money "12.34", times "Y-m-d H:i:s" Beijing). */

export const TOKEN = 'agent-session-token';
export const TICKET = 'T1cket_abcdefghijklmnopqrstuvwxyz';

/** A statement's figures in cents, as the server stores them. */
export const FIGURES: StatementFigures = {
  lines: [
    {
      category: 'lottery',
      stake: 1_200_000,
      valid: 1_000_000,
      profit: 250_000,
      rate_bp: 3000,
      commission: 75_000,
      from_sub_agents: 0,
    },
    {
      category: 'realperson',
      stake: 500_000,
      valid: 480_000,
      profit: -30_000,
      rate_bp: 3000,
      commission: -9_000,
      from_sub_agents: 0,
    },
  ],
  members: 12,
  active: 5,
  net_loss: 220_000,
  rebates: 8_000,
  bonuses: 10_000,
  red_packets: 2_000,
  fees: 1_000,
  cost_share_bp: 3000,
  costs_borne: 6_300,
  gross: 66_000,
  tier: 2,
  carried_in: -12_000,
  result: 47_700,
  payable: 47_700,
  carry_out: 0,
  largest_member_bp: 3000,
};

export const OVERVIEW: ReplyOf<typeof agentOverview> = {
  username: 'agent01',
  status: 'active',
  depth: 1,
  plan: { name: '标准负盈利方案', kind: 'net_loss', period: 'monthly' },
  period: { start: '2026-11-01 00:00:00', end: '2026-12-01 00:00:00' },
  estimate: FIGURES,
  carried: '-120.00',
  paid_total: '3500.00',
  members: 12,
  sub_agents: 2,
  team: 30,
  new_today: 1,
};

export const MEMBER = {
  id: 101,
  username: 'player01',
  realname: '张**',
  level: 1,
  agent: '',
  is_agent: false,
  joined_at: '2026-11-02 10:00:00',
  last_login_at: '2026-11-20 21:30:00',
  deposits: '1000.00',
  withdrawals: '200.00',
  valid: '5600.50',
  win_loss: '-350.25',
};

export const STATEMENT = {
  id: 7,
  period_start: '2026-10-01 00:00:00',
  period_end: '2026-11-01 00:00:00',
  plan_name: '标准负盈利方案',
  plan_kind: 'net_loss' as const,
  state: 'draft' as const,
  payable: '477.00',
  paid_at: null,
  figures: FIGURES,
};

/** The agent's own turnover rates (basis points; the contract allows 40 at most per category). */
export const OWN_RATES = { realperson: 30, sport: 40, e_sport: 40, joker: 20, electron: 35, lottery: 40 };

export const INVITE = {
  id: 3,
  code: 'ABCD2345',
  kind: 'member' as const,
  rates: null,
  expires_at: null,
  max_uses: null,
  uses: 4,
  revoked: false,
  url: 'http://127.0.0.1:8080/#/reg2?invite=ABCD2345',
};

export const AGENT_INVITE = {
  ...INVITE,
  id: 4,
  code: 'WXYZ6789',
  kind: 'agent' as const,
  rates: { realperson: 20, sport: 20, e_sport: 20, joker: 10, electron: 20, lottery: 30 },
  expires_at: '2026-12-31 00:00:00',
  max_uses: 10,
  uses: 1,
  url: 'http://127.0.0.1:8080/#/reg2?invite=WXYZ6789',
};

export const SUB_AGENT = {
  id: 55,
  username: 'subagent1',
  joined_at: '2026-10-05 12:00:00',
  status: 'active' as const,
  rates: { realperson: 20, sport: 25, e_sport: 25, joker: 10, electron: 20, lottery: 30 },
  members: 6,
};

export const REPORT_DAYS: ReplyOf<typeof agentTeamReport>['days'] = [
  {
    day: '2026-11-01',
    new_members: 2,
    deposits: '500.00',
    withdrawals: '100.00',
    lines: [
      { category: 'lottery', valid: '300.00', profit: '45.50' },
      { category: 'sport', valid: '120.00', profit: '-20.00' },
    ],
  },
  { day: '2026-11-02', new_members: 0, deposits: '0.00', withdrawals: '50.00', lines: [] },
];

/** What every test starts from: an agent with one of everything. */
export const defaultHandlers = [
  reply(login, { api_token: TOKEN }),
  reply(logoff, null),
  reply(agentTicket, { api_token: TOKEN }),
  reply(agentOverview, OVERVIEW),
  reply(agentDownline, { data: [MEMBER], total: 1, current_page: 1, last_page: 1 }),
  reply(agentStatements, { data: [STATEMENT], total: 1, current_page: 1, last_page: 1 }),
  reply(agentInvites, { invites: [INVITE, AGENT_INVITE], own_rates: OWN_RATES, can_invite_agents: true }),
  reply(agentInviteCreate, { ...INVITE, id: 9, code: 'NEWCODE2' }),
  reply(agentInviteRevoke, { ...INVITE, revoked: true }),
  reply(agentSubAgents, { data: [SUB_AGENT], total: 1, current_page: 1, last_page: 1 }),
  reply(agentSubAgentRates, SUB_AGENT),
  reply(agentTeamReport, { days: REPORT_DAYS }),
];

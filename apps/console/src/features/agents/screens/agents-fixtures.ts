import type { StatementFigures } from '@app/contract/agent-plans';
import type { AgentView, PlanView, StatementView } from '@app/contract/console-agents';
import type { ConsoleSession } from '@app/contract/console-auth';

export const operator = (role: ConsoleSession['role']): ConsoleSession => ({
  id: 1,
  name: `${role}01`,
  role,
  csrf: 'x',
  idle_minutes: 30,
});

export const ZERO = { realperson: 0, sport: 0, e_sport: 0, joker: 0, electron: 0, lottery: 0 };

export const TOP: AgentView = {
  id: 10,
  username: 'topagent',
  parent: null,
  depth: 1,
  plan: null,
  status: 'suspended',
  effective_status: 'suspended',
  members: 12,
  sub_agents: 1,
  created_at: '2026-06-01 10:00:00',
};

export const CHILD: AgentView = {
  ...TOP,
  id: 11,
  username: 'childagent',
  parent: { id: 10, username: 'topagent' },
  depth: 2,
  status: 'active',
  effective_status: 'suspended',
  members: 3,
  sub_agents: 0,
};

export const PLAN: PlanView = {
  id: 4,
  name: '月结负盈利',
  kind: 'net_loss',
  period: 'monthly',
  active_min_deposit: '100.00',
  active_min_valid: '500.00',
  tiers: [
    { min_profit: '0.00', min_active: 3, rates: { ...ZERO, realperson: 2500 }, cost_share: 2000 },
    { min_profit: '50000.00', min_active: 10, rates: { ...ZERO, realperson: 4000 }, cost_share: 3500 },
  ],
  deduct_rebates: true,
  deduct_bonuses: true,
  deduct_red_packets: false,
  fee_share: 100,
  turnover_rates: ZERO,
  turnover_multiple: 2,
  agents: 2,
  updated_at: '2026-07-01 10:00:00',
};

export const FIGURES: StatementFigures = {
  lines: [
    {
      category: 'realperson',
      stake: 800_000,
      valid: 800_000,
      profit: 70_000,
      rate_bp: 2500,
      commission: 17_500,
      from_sub_agents: 0,
    },
  ],
  members: 12,
  active: 4,
  net_loss: 70_000,
  rebates: 700,
  bonuses: 1_500,
  red_packets: 0,
  fees: 1_200,
  cost_share_bp: 2000,
  costs_borne: 680,
  gross: 17_500,
  tier: 1,
  carried_in: -2_000,
  result: 14_820,
  payable: 14_820,
  carry_out: 0,
  largest_member_bp: 6200,
};

export const STATEMENT: StatementView = {
  id: 31,
  agent: { id: 10, username: 'topagent' },
  plan: { id: 4, name: '月结负盈利', kind: 'net_loss' },
  period_start: '2026-07-01 00:00:00',
  period_end: '2026-08-01 00:00:00',
  state: 'draft',
  payable: '148.20',
  figures: FIGURES,
  waiting: false,
  paid_at: null,
  paid_by: '',
};

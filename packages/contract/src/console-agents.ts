/* 代理管理 of the console (OUR ADDITION, issue 33): the agent tree, commission plan templates and their
 * assignment, suspending or freezing an agent (its sub-tree follows), statements to review and pay
 * (through 待复核), and an agent report. Every call is audited by the server. */
import * as z from 'zod/mini';
import {
  AGENT_STATUSES,
  PLAN_KINDS,
  PLAN_PERIODS,
  PLAN_FIELDS,
  planChecks,
  PlanTier,
  STATEMENT_STATES,
  TurnoverRates,
  StatementFigures,
} from './agent-plans';
import { ReviewTicket } from './console-approvals';
import { defineConsoleCall, PageQuery, type ConsoleCallDef, type OperatorRole } from './console-define';
import { MSG_REPORT_DAY, reportRangeProblem } from './console-reports';
import { isCalendarDay } from './calendar-day';
import { WholeNumber } from './ops-fields';

const VIEW_ROLES: readonly OperatorRole[] = ['finance', 'support', 'content', 'risk'];
const Id = WholeNumber(1, 2_147_483_647);
/** Time on the wire: "Y-m-d H:i:s" (Beijing); money "12.34" as elsewhere in the console. */
const Time = z.string();
const Amount = z.string();
/** A Beijing day that exists (2026-02-30 does not), as the other console reports take it. */
const Day = z.string({ error: MSG_REPORT_DAY }).check(z.trim(), z.refine(isCalendarDay, MSG_REPORT_DAY));

export const AgentView = z.object({
  id: z.number(),
  username: z.string(),
  parent: z.nullable(z.object({ id: z.number(), username: z.string() })),
  depth: z.number(),
  plan: z.nullable(z.object({ id: z.number(), name: z.string() })),
  status: z.enum(AGENT_STATUSES),
  /** The worst of its own and its uplines' (a frozen parent freezes it). */
  effective_status: z.enum(AGENT_STATUSES),
  /** Level-1 members and direct sub-agents. */
  members: z.number(),
  sub_agents: z.number(),
  created_at: Time,
});
export type AgentView = z.output<typeof AgentView>;

/** The tree a page at a time: top agents, or the sub-agents of `parent_id`; `q` finds a name anywhere. */
export const consoleAgents = defineConsoleCall({
  name: 'consoleAgents',
  method: 'GET',
  path: '/agents',
  roles: VIEW_ROLES,
  request: z.object({
    q: z.optional(z.string().check(z.trim(), z.maxLength(32))),
    parent_id: z.optional(Id),
    ...PageQuery,
  }),
  response: z.object({ items: z.array(AgentView), total: z.number() }),
});

export const PlanView = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(PLAN_KINDS),
  period: z.enum(PLAN_PERIODS),
  active_min_deposit: Amount,
  active_min_valid: Amount,
  tiers: z.array(z.object({ ...PlanTier.shape, min_profit: Amount })),
  deduct_rebates: z.boolean(),
  deduct_bonuses: z.boolean(),
  deduct_red_packets: z.boolean(),
  fee_share: z.number(),
  turnover_rates: TurnoverRates,
  turnover_multiple: z.number(),
  /** Agents on it. */
  agents: z.number(),
  updated_at: Time,
});
export type PlanView = z.output<typeof PlanView>;

export const consoleAgentPlans = defineConsoleCall({
  name: 'consoleAgentPlans',
  method: 'GET',
  path: '/agents/plans',
  roles: VIEW_ROLES,
  request: z.object({}),
  response: z.object({ plans: z.array(PlanView) }),
});

/** Creates a template (no id) or changes one: a change applies from the next statement built. */
export const consoleAgentPlanSave = defineConsoleCall({
  name: 'consoleAgentPlanSave',
  method: 'POST',
  path: '/agents/plans/save',
  roles: ['content'],
  request: z.object({ ...PLAN_FIELDS, id: z.optional(Id) }).check(...planChecks()),
  response: PlanView,
});

export const consoleAgentAssign = defineConsoleCall({
  name: 'consoleAgentAssign',
  method: 'POST',
  path: '/agents/assign',
  roles: ['content'],
  request: z.object({ id: Id, plan_id: Id }),
  response: AgentView,
});

export const consoleAgentStatus = defineConsoleCall({
  name: 'consoleAgentStatus',
  method: 'POST',
  path: '/agents/status',
  roles: ['content', 'risk'],
  request: z.object({
    id: Id,
    status: z.enum(AGENT_STATUSES, '状态无效'),
    reason: z.string().check(z.trim(), z.minLength(1, '请填写原因'), z.maxLength(200, '原因最多200个字')),
  }),
  response: AgentView,
});

export const StatementView = z.object({
  id: z.number(),
  agent: z.object({ id: z.number(), username: z.string() }),
  plan: z.object({ id: z.number(), name: z.string(), kind: z.enum(PLAN_KINDS) }),
  period_start: Time,
  period_end: Time,
  state: z.enum(STATEMENT_STATES),
  payable: Amount,
  /** Cents, as the statement stores them (StatementFigures). */
  figures: StatementFigures,
  /** A payment waiting in 待复核. */
  waiting: z.boolean(),
  paid_at: z.nullable(Time),
  paid_by: z.string(),
});
export type StatementView = z.output<typeof StatementView>;

export const consoleAgentStatements = defineConsoleCall({
  name: 'consoleAgentStatements',
  method: 'GET',
  path: '/agents/statements',
  roles: ['finance', 'content', 'risk'],
  request: z.object({
    state: z.optional(z.enum(STATEMENT_STATES)),
    agent_id: z.optional(Id),
    ...PageQuery,
  }),
  response: z.object({ items: z.array(StatementView), total: z.number() }),
});

/** Asks for a statement's payment: a second 财务 approves it in 待复核, which pays it. */
export const consoleAgentStatementPay = defineConsoleCall({
  name: 'consoleAgentStatementPay',
  method: 'POST',
  path: '/agents/statements/pay',
  roles: ['finance'],
  request: z.object({ id: Id, request_id: z.optional(z.string().check(z.maxLength(64))) }),
  response: ReviewTicket,
});

export const AgentReportRow = z.object({
  agent: z.object({ id: z.number(), username: z.string() }),
  /** Level-1 members registered in the range. */
  new_members: z.number(),
  /** Level-1 members' approved deposits and paid withdrawals (reviewed in the range). */
  deposits: Amount,
  withdrawals: Amount,
  /** Their settled valid bets, and the house's win on them (stake − payout; negative: they won). */
  valid: Amount,
  net_loss: Amount,
  /** Commission of the statements whose period starts in the range: paid, and still to pay (待发放). */
  paid: Amount,
  payable: Amount,
});
export type AgentReportRow = z.output<typeof AgentReportRow>;

/**
 * Per agent over Beijing days (both ends included, at most REPORT_RANGE_MAX_DAYS): its level-1
 * members' figures and its commissions; agents with nothing in the range are left out.
 */
export const consoleAgentReport = defineConsoleCall({
  name: 'consoleAgentReport',
  method: 'GET',
  path: '/agents/report',
  roles: ['finance', 'content', 'risk'],
  request: z.object({ start_date: Day, end_date: Day }).check(
    z.superRefine((o, ctx) => {
      const problem = reportRangeProblem(o.start_date, o.end_date);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['end_date'] });
    }),
  ),
  response: z.object({ rows: z.array(AgentReportRow) }),
});

/* Audit labels ------------------------------------------------------------------------------------ */

export const AGENTS_AUDIT_ACTIONS: Record<string, string> = {
  'agent.plan.create': '新建佣金方案',
  'agent.plan.update': '修改佣金方案',
  'agent.assign': '分配佣金方案',
  'agent.status': '更改代理状态',
  'agent.payStatement': '发放代理佣金',
};
export const AGENTS_AUDIT_TARGETS: Record<string, string> = {
  agent: '代理',
  commissionPlan: '佣金方案',
  agentStatement: '代理账单',
};

export const CONSOLE_AGENTS_CALLS: readonly ConsoleCallDef[] = [
  consoleAgents,
  consoleAgentPlans,
  consoleAgentPlanSave,
  consoleAgentAssign,
  consoleAgentStatus,
  consoleAgentStatements,
  consoleAgentStatementPay,
  consoleAgentReport,
];

/* The agent back office (apps/agent; OUR ADDITION, issue 33): the calls an approved agent makes with
 * its member session. The server answers only an agent, about its own tree: never another agent's,
 * and never a downline member's phone, card or real name in full. Money on the wire "12.34" (Money:
 * cents after parsing); a statement's figures in cents as stored (StatementFigures). */
import * as z from 'zod/mini';
import {
  AGENT_DEPTH_MAX,
  AGENT_STATUSES,
  INVITE_KINDS,
  PLAN_KINDS,
  PLAN_PERIODS,
  STATEMENT_STATES,
  TurnoverRates,
  StatementFigures,
} from './agent-plans';
import { DateTime, IntOrZero, Money, PageInput, PageOf, Text } from './codecs';
import { defineCall, NoInput } from './define';
import { REBATE_CATEGORIES } from './enums';
import { isCalendarDay } from './calendar-day';

export const MSG_NOT_AGENT = '您还不是代理';
export const MSG_AGENT_FROZEN_OFFICE = '代理账号已冻结，请联系客服';
export const MSG_TICKET_INVALID = '登录链接已失效，请从App重新进入代理后台';
export const MSG_INVITE_DAYS = '有效天数为0-365（0为长期有效）';
export const MSG_INVITE_USES = '使用次数为0-100000（0为不限）';
export const MSG_SUB_RATES = '下级代理的返佣不能高于您自己的返佣';
/** How long a back-office ticket from the member app may wait to be used. */
export const AGENT_TICKET_TTL_SECONDS = 60;
export const AGENT_REPORT_DAYS_MAX = 92;
export const MSG_REPORT_DAYS = `最多查询${AGENT_REPORT_DAYS_MAX}天`;

const Day = z.string({ error: '日期格式：YYYY-MM-DD' }).check(
  z.trim(),
  z.refine((v) => isCalendarDay(v), { message: '日期格式：YYYY-MM-DD' }),
);
const DayRange = {
  start_date: Day,
  end_date: Day,
};
const rangeChecked = z.refine<{ start_date: string; end_date: string }>((o) => o.start_date <= o.end_date, {
  message: '结束日期不能早于开始日期',
  path: ['end_date'],
});

/** Exchanges the one-time ticket of getAgentLoginUrl for a session of the back office (no password typed). */
export const agentTicket = defineCall({
  name: 'agentTicket',
  method: 'POST',
  path: '/api/agent/ticket',
  auth: 'none',
  request: z.object({
    ticket: z
      .string({ error: MSG_TICKET_INVALID })
      .check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, MSG_TICKET_INVALID)),
  }),
  response: z.object({ api_token: z.string() }),
});

/** This period so far (an estimate: the statement is built once it ends), and who the agent is. */
export const agentOverview = defineCall({
  name: 'agentOverview',
  method: 'POST',
  path: '/api/agent/overview',
  request: NoInput,
  response: z.object({
    username: Text,
    status: z.enum(AGENT_STATUSES),
    depth: IntOrZero,
    plan: z.nullable(z.object({ name: Text, kind: z.enum(PLAN_KINDS), period: z.enum(PLAN_PERIODS) })),
    period: z.nullable(z.object({ start: DateTime, end: DateTime })),
    estimate: z.nullable(StatementFigures),
    /** The loss carried into this period (≤ 0), and what was paid ever. */
    carried: Money,
    paid_total: Money,
    members: IntOrZero,
    sub_agents: IntOrZero,
    team: IntOrZero,
    new_today: IntOrZero,
  }),
});

export const DownlineMember = z.object({
  id: IntOrZero,
  username: Text,
  /** The real name masked (张**); never in full. */
  realname: Text,
  level: IntOrZero,
  /** The sub-agent it belongs to (level ≥ 2), else ''. */
  agent: Text,
  is_agent: z.boolean(),
  joined_at: DateTime,
  last_login_at: z.nullable(DateTime),
  deposits: Money,
  withdrawals: Money,
  valid: Money,
  /** The member's win (payout − stake); negative when it lost. */
  win_loss: Money,
});
export type DownlineMember = z.output<typeof DownlineMember>;

/** The downline at one level (1: own members), its figures over Beijing days; `q` a name prefix. */
export const agentDownline = defineCall({
  name: 'agentDownline',
  method: 'POST',
  path: '/api/agent/downline',
  request: z
    .object({
      level: z.number().check(z.int(), z.gte(1), z.lte(AGENT_DEPTH_MAX)),
      q: z.optional(z.string().check(z.trim(), z.maxLength(16))),
      ...DayRange,
      page: PageInput,
    })
    .check(rangeChecked),
  response: PageOf(DownlineMember),
});

export const StatementItem = z.object({
  id: IntOrZero,
  period_start: DateTime,
  period_end: DateTime,
  plan_name: Text,
  plan_kind: z.enum(PLAN_KINDS),
  state: z.enum(STATEMENT_STATES),
  payable: Money,
  paid_at: z.nullable(DateTime),
  figures: StatementFigures,
});
export type StatementItem = z.output<typeof StatementItem>;

export const agentStatements = defineCall({
  name: 'agentStatements',
  method: 'POST',
  path: '/api/agent/statements',
  request: z.object({ page: PageInput }),
  response: PageOf(StatementItem),
});

export const InviteItem = z.object({
  id: IntOrZero,
  code: Text,
  kind: z.enum(INVITE_KINDS),
  /** A sub-agent link's rates (basis points), null for member links. */
  rates: z.nullable(TurnoverRates),
  expires_at: z.nullable(DateTime),
  max_uses: z.nullable(IntOrZero),
  uses: IntOrZero,
  revoked: z.boolean(),
  /** The registration link with the code, to share or show as a QR code. */
  url: Text,
});
export type InviteItem = z.output<typeof InviteItem>;

export const agentInvites = defineCall({
  name: 'agentInvites',
  method: 'POST',
  path: '/api/agent/invites',
  request: NoInput,
  response: z.object({
    invites: z.array(InviteItem),
    /** The agent's own turnover rates: a sub-agent link's rates are at most these. */
    own_rates: TurnoverRates,
    /** False when the tree is as deep as it may be (no sub-agent links). */
    can_invite_agents: z.boolean(),
  }),
});

const Rates = z.object(
  Object.fromEntries(
    REBATE_CATEGORIES.map((c) => [c, z.number().check(z.int(), z.gte(0), z.lte(10_000))]),
  ) as Record<(typeof REBATE_CATEGORIES)[number], z.ZodMiniNumber<number>>,
);

export const agentInviteCreate = defineCall({
  name: 'agentInviteCreate',
  method: 'POST',
  path: '/api/agent/invites/create',
  request: z.object({
    kind: z.enum(INVITE_KINDS, '邀请类型无效'),
    days: z
      .number({ error: MSG_INVITE_DAYS })
      .check(z.int(MSG_INVITE_DAYS), z.gte(0, MSG_INVITE_DAYS), z.lte(365, MSG_INVITE_DAYS)),
    max_uses: z
      .number({ error: MSG_INVITE_USES })
      .check(z.int(MSG_INVITE_USES), z.gte(0, MSG_INVITE_USES), z.lte(100_000, MSG_INVITE_USES)),
    rates: z.optional(Rates),
  }),
  response: InviteItem,
});

export const agentInviteRevoke = defineCall({
  name: 'agentInviteRevoke',
  method: 'POST',
  path: '/api/agent/invites/revoke',
  request: z.object({ id: z.number().check(z.int(), z.gte(1)) }),
  response: InviteItem,
});

export const SubAgent = z.object({
  id: IntOrZero,
  username: Text,
  joined_at: DateTime,
  status: z.enum(AGENT_STATUSES),
  rates: TurnoverRates,
  members: IntOrZero,
});
export type SubAgent = z.output<typeof SubAgent>;

export const agentSubAgents = defineCall({
  name: 'agentSubAgents',
  method: 'POST',
  path: '/api/agent/sub_agents',
  request: z.object({ page: PageInput }),
  response: PageOf(SubAgent),
});

/** Sets a direct sub-agent's turnover rates: at most the agent's own (MSG_SUB_RATES). */
export const agentSubAgentRates = defineCall({
  name: 'agentSubAgentRates',
  method: 'POST',
  path: '/api/agent/sub_agents/rates',
  request: z.object({ id: z.number().check(z.int(), z.gte(1)), rates: Rates }),
  response: SubAgent,
});

export const TeamDay = z.object({
  day: Text,
  new_members: IntOrZero,
  deposits: Money,
  withdrawals: Money,
  /** Per category: valid bets and the team's loss (the house's win). */
  lines: z.array(z.object({ category: z.enum(REBATE_CATEGORIES), valid: Money, profit: Money })),
});
export type TeamDay = z.output<typeof TeamDay>;

/** Days from start_date to end_date, both counted. */
export const daysInRange = (o: { start_date: string; end_date: string }) =>
  Math.round((Date.parse(`${o.end_date}T00:00:00Z`) - Date.parse(`${o.start_date}T00:00:00Z`)) / 86_400_000) +
  1;

/** The whole team (every level) by Beijing day and category, at most AGENT_REPORT_DAYS_MAX days. */
export const agentTeamReport = defineCall({
  name: 'agentTeamReport',
  method: 'POST',
  path: '/api/agent/report',
  request: z.object(DayRange).check(
    rangeChecked,
    z.refine<{ start_date: string; end_date: string }>((o) => daysInRange(o) <= AGENT_REPORT_DAYS_MAX, {
      message: MSG_REPORT_DAYS,
      path: ['end_date'],
    }),
  ),
  response: z.object({ days: z.array(TeamDay) }),
});

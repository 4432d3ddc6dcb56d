import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { CategoryRates, PlanTier, StatementFigures } from '@app/contract/agent-plans';
import { sessions, users } from './accounts';

/**
 * Commission plan templates (运营 defines them, each agent is assigned one). Money in cents; rates in
 * basis points. `tiers` for net-loss plans (ascending), `turnover_rates` for turnover plans.
 */
export const commissionPlans = pgTable(
  'commission_plans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    activeMinDepositCents: bigint('active_min_deposit_cents', { mode: 'bigint' }).notNull(),
    activeMinValidCents: bigint('active_min_valid_cents', { mode: 'bigint' }).notNull(),
    tiers: jsonb('tiers').$type<PlanTier[]>().notNull(),
    deductRebates: smallint('deduct_rebates').notNull().default(1),
    deductBonuses: smallint('deduct_bonuses').notNull().default(1),
    deductRedPackets: smallint('deduct_red_packets').notNull().default(1),
    feeShareBp: integer('fee_share_bp').notNull().default(0),
    turnoverRates: jsonb('turnover_rates').$type<CategoryRates>().notNull(),
    /** The commission paid carries this multiple of itself as turnover before it can be withdrawn. */
    turnoverMultiple: integer('turnover_multiple').notNull().default(1),
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    unique('commission_plans_name_key').on(t.name),
    check('commission_plans_kind_check', sql`${t.kind} in ('net_loss', 'turnover')`),
    check('commission_plans_period_check', sql`${t.period} in ('daily', 'weekly', 'monthly')`),
  ],
);

/**
 * Approved agents and their tree: `path` is the ids from the top agent down to this one
 * ('/12/40/'), `depth` 1 at the top. `turnover_rates`: a sub-agent's own rates (at most its parent's),
 * null for one that takes its plan's. Settled from `settled_from` on (the assignment of its plan).
 */
export const agents = pgTable(
  'agents',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => agents.userId),
    path: text('path').notNull(),
    depth: smallint('depth').notNull(),
    planId: integer('plan_id').references(() => commissionPlans.id),
    turnoverRates: jsonb('turnover_rates').$type<CategoryRates>(),
    status: text('status').notNull().default('active'),
    settledFrom: timestamp('settled_from', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('agents_parent_idx').on(t.parentId),
    index('agents_path_idx').on(t.path.op('text_pattern_ops')),
    check('agents_status_check', sql`${t.status} in ('active', 'suspended', 'frozen')`),
    check('agents_depth_check', sql`${t.depth} >= 1`),
  ],
);

/** Invite codes and links of an agent: for members or for sub-agents (with the rates they get). */
export const agentInvites = pgTable(
  'agent_invites',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.userId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    turnoverRates: jsonb('turnover_rates').$type<CategoryRates>(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** null: any number of uses. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    unique('agent_invites_code_key').on(t.code),
    index('agent_invites_agent_idx').on(t.agentId),
    check('agent_invites_kind_check', sql`${t.kind} in ('member', 'agent')`),
    check('agent_invites_uses_check', sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`),
  ],
);

/**
 * One period's statement of an agent (Beijing time), built once by the settlement job: its figures
 * (contract StatementFigures), the payable and the loss carried on. 财务 pays it through 待复核.
 */
export const agentStatements = pgTable(
  'agent_statements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.userId, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => commissionPlans.id),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }).notNull(),
    figures: jsonb('figures').$type<StatementFigures>().notNull(),
    payableCents: bigint('payable_cents', { mode: 'bigint' }).notNull(),
    carryOutCents: bigint('carry_out_cents', { mode: 'bigint' }).notNull(),
    state: text('state').notNull().default('draft'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    paidBy: text('paid_by').notNull().default(''),
    paidTx: uuid('paid_tx'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    unique('agent_statements_period_key').on(t.agentId, t.periodStart),
    index('agent_statements_state_idx').on(t.state, t.periodStart),
    check('agent_statements_state_check', sql`${t.state} in ('draft', 'paid', 'nil')`),
    check('agent_statements_payable_check', sql`${t.payableCents} >= 0 and ${t.carryOutCents} <= 0`),
  ],
);

/**
 * One-time tickets into the agent back office (getAgentLoginUrl): only the sha256 of the ticket is
 * stored; valid AGENT_TICKET_TTL_SECONDS, used once, and only while the member's sign-in session that
 * asked for it is live (gone with it through the cascade).
 */
export const agentTickets = pgTable(
  'agent_tickets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [unique('agent_tickets_token_key').on(t.tokenHash), index('agent_tickets_user_idx').on(t.userId)],
);

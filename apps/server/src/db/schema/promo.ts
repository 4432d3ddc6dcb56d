import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { deposits } from './money';

/* Activities ------------------------------------------------------------------------------------- */

export const activityTypes = pgTable('activity_types', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * What an activity's bonus is computed from (modules/promo/bonus.ts): the member's first approved
 * deposit, their latest approved deposit, their net loss on bets over the last weekend (relief,
 * 救援金), nothing (the operator names the amount), or no application at all (paid by its own job,
 * like rebates and red packets).
 */
export const BONUS_BASES = ['first_deposit', 'latest_deposit', 'net_loss', 'manual', 'none'] as const;
export type BonusBasis = (typeof BONUS_BASES)[number];
/** What a bonus's turnover multiple multiplies: the bonus, or the deposit and the bonus together. */
export const TURNOVER_BASES = ['bonus', 'deposit_bonus'] as const;
export type TurnoverBasis = (typeof TURNOVER_BASES)[number];

/**
 * An activity (promotion): `content` is HTML, sanitised by the app before it is shown. Its bonus rule:
 * percent (basis points) of the qualifying deposit (at least `bonus_min_deposit`, of `bonus_pay_type`
 * when set) or of the weekend's net loss (at least `bonus_min_deposit` lost), capped at `bonus_cap`
 * (0: no cap); the bonus adds a turnover requirement of `turnover_multiple` × the bonus (or × deposit
 * and bonus: `turnover_basis`), to which each category's valid bets count `turnover_weights` percent.
 */
export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    typeId: integer('type_id').references(() => activityTypes.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    banner: text('banner').notNull().default(''),
    content: text('content').notNull().default(''),
    memo: text('memo').notNull().default(''),
    /** 1 listed. */
    enabled: smallint('enabled').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    bonusBasis: text('bonus_basis').$type<BonusBasis>().notNull().default('manual'),
    bonusPercentBp: integer('bonus_percent_bp').notNull().default(0),
    bonusCapCents: bigint('bonus_cap_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    bonusMinDepositCents: bigint('bonus_min_deposit_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** '' any pay way, else a deposit pay_type (usdt, bank…). */
    bonusPayType: text('bonus_pay_type').notNull().default(''),
    turnoverMultiple: integer('turnover_multiple').notNull().default(1),
    turnoverBasis: text('turnover_basis').$type<TurnoverBasis>().notNull().default('bonus'),
    /** Percent per rebate category (TurnoverWeights of the contract); null: every category in full. */
    turnoverWeights: jsonb('turnover_weights').$type<Record<string, number>>(),
    /** Open from / until (null: no bound): listed, applied for and paid only inside it. */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    /** Total bonuses it may pay (0: no budget); paid_cents grows in the paying transaction, guarded
     * by paid + bonus <= budget, so two approvals at once cannot overrun it. */
    budgetCents: bigint('budget_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    paidCents: bigint('paid_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Bonuses one member may be paid by it over all periods (0: no limit beyond one per period). */
    perMemberLimit: integer('per_member_limit').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('activities_title_key').on(t.title),
    check(
      'activities_bonus_check',
      sql`${t.bonusBasis} in ('first_deposit', 'latest_deposit', 'net_loss', 'manual', 'none') and ${t.bonusPercentBp} >= 0 and ${t.bonusCapCents} >= 0 and ${t.turnoverMultiple} >= 0 and ${t.turnoverBasis} in ('bonus', 'deposit_bonus')`,
    ),
  ],
);

/**
 * An application: state 1 pending review, 2 approved, 3 rejected. One pending per member and
 * activity, and one approved (paid) per member, activity and period ('' for once ever; a relief's
 * weekend, as its Saturday's Beijing date); after a rejection the member may apply again. An approved
 * one records the bonus paid and the deposit it was computed from.
 */
export const activityApplications = pgTable(
  'activity_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    state: smallint('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    /** The operator who approved or rejected it ('命令行' for the command line), and the reason given. */
    reviewedBy: text('reviewed_by').notNull().default(''),
    reviewNote: text('review_note').notNull().default(''),
    bonusCents: bigint('bonus_cents', { mode: 'bigint' }),
    depositId: integer('deposit_id').references(() => deposits.id, { onDelete: 'set null' }),
    /** '' for a bonus once per member; a relief's weekend (its Saturday, Beijing YYYY-MM-DD). */
    period: text('period').notNull().default(''),
  },
  (t) => [
    uniqueIndex('activity_applications_one_pending')
      .on(t.userId, t.activityId)
      .where(sql`${t.state} = 1`),
    // Approvals before bonuses existed paid nothing (bonus null) and do not count.
    uniqueIndex('activity_applications_one_paid_per_period')
      .on(t.userId, t.activityId, t.period)
      .where(sql`${t.state} = 2 and ${t.bonusCents} is not null`),
    index('activity_applications_user_idx').on(t.userId, t.createdAt),
    check('activity_applications_state_check', sql`${t.state} in (1, 2, 3)`),
  ],
);

/**
 * What a paid bonus used up, so that no second bonus can use it: a deposit (kind 'deposit', one bonus
 * per deposit) and, for a first-deposit bonus, the member's mobile, bank cards, USDT addresses and real
 * name (one first-deposit bonus per person, however many accounts). The key is the last guard: two
 * approvals at once cannot both claim the same thing. Bindings made later by a member holding a
 * first-deposit bonus claim too (modules/promo/claims.ts).
 */
export const BONUS_CLAIM_KINDS = ['deposit', 'mobile', 'bank_card', 'usdt_address', 'real_name'] as const;
export type BonusClaimKind = (typeof BONUS_CLAIM_KINDS)[number];

export const bonusClaims = pgTable(
  'bonus_claims',
  {
    kind: text('kind').$type<BonusClaimKind>().notNull(),
    /** Normalised: the deposit id, digits of a card or mobile, an address or name without spaces. */
    value: text('value').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id').references(() => activityApplications.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] }), index('bonus_claims_user_idx').on(t.userId)],
);

/* Red packets ------------------------------------------------------------------------------------ */

/**
 * A rule band: approved deposits since the previous day 12:00 between min and max (inclusive) give
 * `claims` red packets that day, each a random amount from 1.00 to `max_amount`.
 */
export const redPacketRules = pgTable('red_packet_rules', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  minDepositCents: bigint('min_deposit_cents', { mode: 'bigint' }).notNull(),
  maxDepositCents: bigint('max_deposit_cents', { mode: 'bigint' }).notNull(),
  claims: integer('claims').notNull(),
  maxAmountCents: bigint('max_amount_cents', { mode: 'bigint' }).notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * A claimed red packet. (user, Beijing day, seq) is unique: the n-th claim of a day can exist once,
 * so concurrent taps can never claim more than allowed.
 */
export const redPacketClaims = pgTable(
  'red_packet_claims',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Beijing YYYY-MM-DD. */
    day: text('day').notNull(),
    seq: integer('seq').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    /** The deposits the band was chosen by. */
    depositCents: bigint('deposit_cents', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    unique('red_packet_claims_user_day_seq').on(t.userId, t.day, t.seq),
    index('red_packet_claims_user_idx').on(t.userId, t.createdAt),
  ],
);

/* Rebates (返水) ---------------------------------------------------------------------------------- */

/**
 * A rebate of one member, category and Beijing day: valid bets × the VIP rate (in hundredths of a
 * percent: 80 = 0.80 %). State 0 pending, 1 claimed. Unique per member, category and day.
 */
export const rebates = pgTable(
  'rebates',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    day: text('day').notNull(),
    validCents: bigint('valid_cents', { mode: 'bigint' }).notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    vipLevel: smallint('vip_level').notNull(),
    state: smallint('state').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('rebates_user_category_day').on(t.userId, t.category, t.day),
    index('rebates_user_state_idx').on(t.userId, t.state),
    check('rebates_state_check', sql`${t.state} in (0, 1)`),
  ],
);

/* VIP -------------------------------------------------------------------------------------------- */

/** Ten levels: thresholds to reach, 90-day retention turnover, and rebate rates (basis points). */
export const vipLevels = pgTable('vip_levels', {
  level: smallint('level').primaryKey(),
  rechargeCents: bigint('recharge_cents', { mode: 'bigint' }).notNull(),
  flowCents: bigint('flow_cents', { mode: 'bigint' }).notNull(),
  keepFlowCents: bigint('keep_flow_cents', { mode: 'bigint' }).notNull(),
  realperson: integer('realperson').notNull(),
  sport: integer('sport').notNull(),
  eSport: integer('e_sport').notNull(),
  joker: integer('joker').notNull(),
  electron: integer('electron').notNull(),
  lottery: integer('lottery').notNull(),
});

/** A level change by the daily job: at most one per member and Beijing day (unique). */
export const vipChanges = pgTable(
  'vip_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    fromLevel: smallint('from_level').notNull(),
    toLevel: smallint('to_level').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [unique('vip_changes_user_day').on(t.userId, t.day)],
);

/* Agents ----------------------------------------------------------------------------------------- */

/** An agent application: state 1 pending, 2 approved (isagent = 1), 3 rejected. One pending per member. */
export const agentApplications = pgTable(
  'agent_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mobile: text('mobile').notNull(),
    reason: text('reason').notNull(),
    state: smallint('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    /** The operator who approved or rejected it ('命令行' for the command line), and the reason given. */
    reviewedBy: text('reviewed_by').notNull().default(''),
    reviewNote: text('review_note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('agent_applications_one_pending')
      .on(t.userId)
      .where(sql`${t.state} = 1`),
    check('agent_applications_state_check', sql`${t.state} in (1, 2, 3)`),
  ],
);

/* Site messages ---------------------------------------------------------------------------------- */

/** A site message (站内信): to one member, or to every member when user_id is null. HTML content. */
export const siteMessages = pgTable(
  'site_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The bulk message (message_batches) this copy was sent by; null: sent on its own. */
    batchId: integer('batch_id'),
  },
  (t) => [index('site_messages_user_idx').on(t.userId, t.createdAt)],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Money is integer cents in `bigint` columns read with `mode: 'bigint'`, everywhere: sums of ledger
 * entries stay exact at any size, and JavaScript cannot silently mix money with floating point
 * (`bigint + number` does not compile). Formatting for the wire is `formatCents` of the contract.
 */

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10001 }),
    /** 6–16 letters or digits; unique regardless of case. */
    username: varchar('username', { length: 32 }).notNull(),
    realname: text('realname').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash'),
    avatar: text('avatar').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    /** YYYY-MM-DD or ''. */
    birthday: text('birthday').notNull().default(''),
    vipLevel: smallint('vip_level').notNull().default(1),
    /** Cumulative approved deposits. */
    paysumCents: bigint('paysum_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** When the last withdrawal was approved (history only: turnover no longer counts from it). */
    lastWithdrawalAt: timestamp('last_withdrawal_at', { withTimezone: true, mode: 'date' }),
    isagent: smallint('isagent').notNull().default(0),
    /** 1: auto-transfer into the venue a game opens. */
    transferstatus: smallint('transferstatus').notNull().default(0),
    /** The referrer (spec: pid). */
    pid: integer('pid').references((): AnyPgColumn => users.id),
    /**
     * The agent whose level-1 downline this member is (agents.ts): the referrer when it is an agent,
     * else the referrer's own agent; fixed at registration (and at approval for an agent's referrals).
     */
    agentId: integer('agent_id').references((): AnyPgColumn => users.id),
    /** 1: the seeded trial (试玩) account: can play, cannot deposit, withdraw or bind cards. */
    isTrial: smallint('is_trial').notNull().default(0),
    blocked: boolean('blocked').notNull().default(false),
    /** The login password is a one-time one an operator set: the member changes it before anything else. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The payment password is a one-time one an operator set: no withdrawal until the member changes it. */
    mustChangePayPassword: boolean('must_change_pay_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_pid_idx').on(t.pid),
    index('users_agent_idx').on(t.agentId, t.createdAt),
    // The console's member search (modules/member/admin-page.ts): name and real-name prefixes (LIKE
    // 'x%' in any collation: text_pattern_ops) with the id, read from the index alone, and the mobile.
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`, t.id),
    index('users_realname_prefix_idx').on(t.realname.op('text_pattern_ops'), t.id),
    index('users_mobile_idx').on(t.mobile),
  ],
);

/** Sessions: the token is shown once; only its sha256 is stored. Idle 7 days, absolute 30 days. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** sha256 of the token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The member's 单次登录时长 (责任博彩): the session ends here (null: no such limit). */
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failure counters of guessable secrets (login per name and address, login per name, payment
 * password per member), one row per (kind, subject) and fixed window. An attempt is reserved with one
 * atomic upsert before the secret is checked, so concurrent tries cannot all slip under the limit.
 */
export const attemptLimits = pgTable(
  'attempt_limits',
  {
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subject] }), index('attempt_limits_window_idx').on(t.windowStart)],
);

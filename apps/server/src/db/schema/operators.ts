import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Operators of the web console: accounts of their own, never members. Argon2id password (a one-time
 * one from `operator:create` must be changed at first sign-in) and a TOTP secret enrolled then.
 */
export const operators = pgTable(
  'operators',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** admin 超级管理员, finance 财务, support 客服, content 运营, risk 风控. */
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The password is a one-time one: sign-in asks for a new one first. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** Base32 TOTP secret, copied from the enrolling session once its first code is right. */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('operators_name_lower_key').on(sql`lower(${t.name})`),
    check('operators_role_check', sql`${t.role} in ('admin', 'finance', 'support', 'content', 'risk')`),
  ],
);

/**
 * Console sessions: the cookie's token is never stored, only its sha256. 'pending' after the password
 * (TOTP still to come), 'active' after the TOTP code. Idle timeout 30 minutes, 12 hours at most.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** A pending enrolment's secret: shown once, to this session only, and good only for its code. */
    totpSecret: text('totp_secret'),
  },
  (t) => [
    index('operator_sessions_operator_idx').on(t.operatorId),
    check('operator_sessions_stage_check', sql`${t.stage} in ('pending', 'active')`),
  ],
);

/**
 * Every write of an operator (console or command line): who, what, on what, before and after, when and
 * from where. Append-only: a trigger (migration 0013) refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Null for the command line. */
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'restrict' }),
    operatorName: text('operator_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_operator_idx').on(t.operatorId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Members' sign-ins with their address: the member page lists them, withdrawals warn on shared ones. */
export const memberLogins = pgTable(
  'member_logins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** The random id the member's app keeps on the device ('' when it sent none). */
    deviceId: text('device_id').notNull().default(''),
    /** 'login' a sign-in, 'register' the registration, 'agent_ticket' the back office entered by its ticket. */
    kind: text('kind').notNull().default('login'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('member_logins_user_idx').on(t.userId, t.at), index('member_logins_ip_idx').on(t.ip)],
);

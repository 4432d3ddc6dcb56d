import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * How linked accounts are scored and which risk flags are raised (a 超级管理员 sets them): exactly one
 * row (id 1). A weight is what one shared fact of that kind adds to a pair's link score; a pair at or
 * above `link_score` is linked. Money in cents; 0 turns a threshold off.
 */
export const riskSettings = pgTable(
  'risk_settings',
  {
    id: smallint('id').primaryKey().default(1),
    weightDevice: smallint('weight_device').notNull().default(60),
    weightIp: smallint('weight_ip').notNull().default(20),
    weightCard: smallint('weight_card').notNull().default(80),
    weightUsdt: smallint('weight_usdt').notNull().default(80),
    weightWallet: smallint('weight_wallet').notNull().default(80),
    weightMobile: smallint('weight_mobile').notNull().default(80),
    weightRealname: smallint('weight_realname').notNull().default(20),
    /** A pair scoring this much or more is linked. */
    linkScore: smallint('link_score').notNull().default(50),
    /** A withdrawal whose risk score reaches this waits for 风控 before 财务 may pay it. */
    holdScore: smallint('hold_score').notNull().default(60),
    /** A win (payout of one bet or round) above this raises a flag. */
    bigWinCents: bigint('big_win_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`5000000`),
    /** A deposit above this raises a flag. */
    bigDepositCents: bigint('big_deposit_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`5000000`),
    /** A withdrawal above this raises a flag. */
    bigWithdrawalCents: bigint('big_withdrawal_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`5000000`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('risk_settings_single_row', sql`${t.id} = 1`),
    check(
      'risk_settings_scores',
      sql`${t.linkScore} between 1 and 1000 and ${t.holdScore} between 1 and 1000`,
    ),
  ],
);

/**
 * The device ids a member's app sent (a random id kept on the device), with the address, at
 * registration and sign-in: linked accounts read them.
 */
export const memberDevices = pgTable(
  'member_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] }), index('member_devices_device_idx').on(t.deviceId)],
);

/**
 * Facts that never link accounts (an office's address, a shared family device): kind device, ip, card,
 * usdt, wallet, mobile or realname, and the value as stored.
 */
export const riskWhitelist = pgTable(
  'risk_whitelist',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    note: text('note').notNull().default(''),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [unique('risk_whitelist_kind_value').on(t.kind, t.value)],
);

/**
 * Values refused at registration or binding with a neutral message: kind card, usdt, wallet, ip,
 * device or mobile.
 */
export const blacklist = pgTable(
  'blacklist',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    reason: text('reason').notNull().default(''),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [unique('blacklist_kind_value').on(t.kind, t.value)],
);

/** Member tags: a name and a colour (#rrggbb); many per member. */
export const memberTags = pgTable('member_tags', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  color: text('color').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const memberTagLinks = pgTable(
  'member_tag_links',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => memberTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] }), index('member_tag_links_tag_idx').on(t.tagId)],
);

/** Operators' notes on a member: append-only, with author and time. */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('member_notes_user_idx').on(t.userId, t.createdAt)],
);

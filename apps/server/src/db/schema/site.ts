import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Site settings: exactly one row (id 1), typed columns (appInfo of spec §3 plus URLs and rates). */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    title: text('title').notNull(),
    /** 1 open, 0 maintenance. */
    siteState: smallint('site_state').notNull().default(1),
    repairTips: text('repair_tips').notNull().default(''),
    redpacketSwitch: smallint('redpacket_switch').notNull().default(1),
    /** Welcome modal, HTML. */
    indexModal: text('index_modal').notNull().default(''),
    webcontent: text('webcontent').notNull().default(''),
    siteLogo: text('site_logo').notNull().default(''),
    h5Url: text('h5_url').notNull().default(''),
    iosDownloadUrl: text('ios_download_url').notNull().default(''),
    iosDownloadQrcode: text('ios_download_qrcode').notNull().default(''),
    serviceUrl: text('service_url').notNull().default(''),
    agentLoginUrl: text('agent_login_url').notNull().default(''),
    /** Sponsor pages of /zhanzhuye?type=1 and 2 (an operator sets them; default our demo pages). */
    sponsorUrl1: text('sponsor_url_1').notNull().default('/support/sponsor/1'),
    sponsorUrl2: text('sponsor_url_2').notNull().default('/support/sponsor/2'),
    /** CNY per USDT for deposits. */
    usdtrate: numeric('usdtrate', { precision: 12, scale: 4 }).notNull().default('7'),
    /** CNY per USDT for withdrawals. */
    withdrawusdtrate: numeric('withdrawusdtrate', { precision: 12, scale: 4 }).notNull().default('7'),
    /** USDT withdrawal fee (ERC20), in USDT cents. */
    withdrawcashfeeCents: bigint('withdrawcashfee_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** USDT withdrawal fee (TRC20), in USDT cents. */
    withdrawfeeusdttrcCents: bigint('withdrawfeeusdttrc_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);

export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** 2 mobile (the app asks type=2), 1 desktop. */
    type: smallint('type').notNull().default(2),
    src: text('src').notNull(),
    /** Where a tap leads ('' none). */
    url: text('url').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** Shown from / until (null: no bound). */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('banners_type_sort_idx').on(t.type, t.sort)],
);

/** The hall's scrolling notice bar: plain texts. */
export const homeNotices = pgTable('home_notices', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  content: text('content').notNull(),
  sort: integer('sort').notNull().default(0),
  /** Shown from / until (null: no bound). */
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Announcements and site messages (/message): HTML content. user_id null = for everyone. */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Announcements (user_id null) only: shown from / until (null: no bound). */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('notices_created_idx').on(t.createdAt), index('notices_user_idx').on(t.userId)],
);

/**
 * Articles, one per section and type 1–8: the help centre's (/boutBallBetInfo, section help) and
 * /abouts' own (section abouts: 5 terms and rules, 6 privacy policy), since both pages ask type 5.
 */
export const articles = pgTable(
  'articles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    section: text('section').notNull().default('help'),
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('articles_type_range', sql`${t.type} between 1 and 8`),
    unique('articles_section_type_unique').on(t.section, t.type),
  ],
);

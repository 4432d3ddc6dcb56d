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
 * A lottery: type 1 (six balls plus a special ball, 1–49) or type 2 (three balls 0–9). `code` is the
 * name /lottery?name= and POST lotteryRoom look it up by. Rounds last `period_seconds`; betting
 * closes `close_seconds` (ftime) before each draw. LOTTERY_PERIOD_SECONDS overrides every period.
 */
export const lotteries = pgTable(
  'lotteries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull().unique(),
    title: text('title').notNull(),
    type: smallint('type').notNull(),
    periodSeconds: integer('period_seconds').notNull(),
    closeSeconds: integer('close_seconds').notNull(),
    sort: integer('sort').notNull().default(0),
    /** 1 open (listed, rounds drawn, bets taken); 0 closed by an operator. */
    enabled: smallint('enabled').notNull().default(1),
    /** Order lines one member may hold on one round (all rooms together); an order past it is refused. */
    maxLinesPerMember: integer('max_lines_per_member').notNull().default(200),
    /** Stake limits in cents (null: none): one line, one member on one round, one round in total. */
    lineMaxCents: bigint('line_max_cents', { mode: 'bigint' }),
    memberRoundMaxCents: bigint('member_round_max_cents', { mode: 'bigint' }),
    roundMaxCents: bigint('round_max_cents', { mode: 'bigint' }),
  },
  (t) => [
    check('lotteries_type_check', sql`${t.type} in (1, 2)`),
    check('lotteries_max_lines', sql`${t.maxLinesPerMember} >= 1`),
    check(
      'lotteries_close_before_draw',
      sql`${t.closeSeconds} >= 0 and ${t.closeSeconds} < ${t.periodSeconds}`,
    ),
  ],
);

/** A room of a lottery: its own chat; the plays are those of the lottery's type. */
export const lotteryRooms = pgTable(
  'lottery_rooms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 1 listed and open. */
    enabled: smallint('enabled').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    /** The lowest VIP level that may bet and chat in the room (1: everyone). */
    minVipLevel: smallint('min_vip_level').notNull().default(1),
  },
  (t) => [
    unique('lottery_rooms_title_key').on(t.lotteryId, t.title),
    check('lottery_rooms_vip_level', sql`${t.minVipLevel} between 1 and 10`),
  ],
);

/**
 * A round of a lottery (all its rooms share it). `hash` = sha256(seed) is public from the moment the
 * round exists; `seed` is revealed only once `drawn_at` is set. `balls` is the opencode ('4,7,5').
 * `settled_at` is set in the same transaction that settles the round's last open order.
 */
export const lotteryRounds = pgTable(
  'lottery_rounds',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    expect: text('expect').notNull(),
    seed: text('seed').notNull(),
    hash: text('hash').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true, mode: 'date' }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true, mode: 'date' }).notNull(),
    drawsAt: timestamp('draws_at', { withTimezone: true, mode: 'date' }).notNull(),
    balls: text('balls'),
    drawnAt: timestamp('drawn_at', { withTimezone: true, mode: 'date' }),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    /** Cancelled by two operators: no draw, every stake refunded (settled_at set in the same transaction). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelledBy: text('cancelled_by').notNull().default(''),
  },
  (t) => [
    unique('lottery_rounds_expect_key').on(t.lotteryId, t.expect),
    index('lottery_rounds_draws_idx').on(t.lotteryId, t.drawsAt),
    index('lottery_rounds_unsettled_idx').on(t.settledAt, t.drawsAt),
  ],
);

/**
 * One order line: a play of the room's lottery type, `pick` the number of the 特码 grid (null
 * otherwise), the stake and the odds it was accepted at (odds × 100, an integer). State 'open' until
 * the draw settles it to 'won' (payout = stake × odds) or 'lost'; a cancelled round's are 'cancelled' (payout = stake, refunded). `batch` groups the lines of one
 * lotteryOrder call.
 */
export const lotteryOrders = pgTable(
  'lottery_orders',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    batch: text('batch').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => lotteryRooms.id, { onDelete: 'restrict' }),
    roundId: bigint('round_id', { mode: 'bigint' })
      .notNull()
      .references(() => lotteryRounds.id, { onDelete: 'restrict' }),
    playId: integer('play_id').notNull(),
    playTitle: text('play_title').notNull(),
    pick: smallint('pick'),
    stakeCents: bigint('stake_cents', { mode: 'bigint' }).notNull(),
    oddsHundredths: integer('odds_hundredths').notNull(),
    state: text('state').notNull().default('open'),
    payoutCents: bigint('payout_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('lottery_orders_round_state_idx').on(t.roundId, t.state),
    index('lottery_orders_user_idx').on(t.userId, t.createdAt),
    check('lottery_orders_stake_positive', sql`${t.stakeCents} > 0`),
    check('lottery_orders_state_check', sql`${t.state} in ('open', 'won', 'lost', 'cancelled')`),
  ],
);

/**
 * The chat of a room: members' messages and the system's (user_id null, `kind` order / open / draw).
 * `payload` holds the JSON the socket pushed for system messages (round, result), so history and
 * live messages read alike.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    roomId: integer('room_id')
      .notNull()
      .references(() => lotteryRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    author: text('author').notNull(),
    avatar: text('avatar').notNull().default(''),
    content: text('content').notNull(),
    /** chat, order, open, draw. */
    kind: text('kind').notNull().default('chat'),
    payload: text('payload'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when an operator removed it: history leaves it out, the rooms are told (deleted_by who). */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deletedBy: text('deleted_by').notNull().default(''),
  },
  (t) => [index('chat_messages_room_idx').on(t.roomId, t.id)],
);

/**
 * Odds an operator set for one play of one lottery (odds × 100), replacing the play's default of
 * lottery-rules. Never above the house edge (lottery-outcomes' check, on the server). An order keeps
 * the odds it was accepted at; a change applies to the next order.
 */
export const lotteryPlayOdds = pgTable(
  'lottery_play_odds',
  {
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    playId: integer('play_id').notNull(),
    oddsHundredths: integer('odds_hundredths').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedBy: text('updated_by').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.lotteryId, t.playId] }),
    check('lottery_play_odds_positive', sql`${t.oddsHundredths} > 100`),
  ],
);

/** A member an operator muted in the lottery rooms' chat until `until` (one row per member). */
export const chatMutes = pgTable('chat_mutes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true, mode: 'date' }).notNull(),
  reason: text('reason').notNull().default(''),
  mutedBy: text('muted_by').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

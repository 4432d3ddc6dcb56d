import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { wallets } from './wallets';

/**
 * The double-entry ledger. Every movement of money is one database transaction that writes entries
 * sharing one `tx_id` and summing to zero. An entry belongs either to a member wallet (`wallet_id`,
 * whose `balance_cents` changes in the same transaction) or to a system account (`account`, e.g.
 * 'deposits'; its balance is the sum of its entries and may be negative).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    txId: uuid('tx_id').notNull(),
    walletId: integer('wallet_id').references(() => wallets.id, { onDelete: 'restrict' }),
    account: text('account'),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    /** transfer, transall, deposit, withdrawal, withdrawal_reject, adjustment, opening… */
    reason: text('reason').notNull(),
    /** The order, deposit number or venue the movement belongs to. */
    reference: text('reference').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_tx_idx').on(t.txId),
    index('ledger_entries_wallet_idx').on(t.walletId, t.createdAt),
    index('ledger_entries_account_idx').on(t.account),
    // The console's reports sum entries by Beijing day over a range.
    index('ledger_entries_created_idx').on(t.createdAt),
    check('ledger_entries_one_owner', sql`(${t.walletId} is null) <> (${t.account} is null)`),
    check('ledger_entries_not_zero', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * Replies of money calls, per member and Idempotency-Key: claimed (insert-first, unique) before the
 * call runs, completed with the exact reply; a duplicate waits for and replays it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of method, path and body (files included). */
    requestHash: text('request_hash').notNull(),
    /** null while the first request runs. */
    status: smallint('status'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('idempotency_keys_user_key').on(t.userId, t.key)],
);

/** Deposit methods by range type (bank, wechat, alipay, usdt-trc20, usdt-erc20). */
export const payMethods = pgTable('pay_methods', {
  type: text('type').primaryKey(),
  enabled: smallint('enabled').notNull().default(1),
  minCents: bigint('min_cents', { mode: 'bigint' }).notNull(),
  maxCents: bigint('max_cents', { mode: 'bigint' }).notNull(),
  /** Where to pay: USDT address or account ('' for bank: see receiving_cards). */
  account: text('account').notNull().default(''),
  /** QR image URL. */
  qrImage: text('qr_image').notNull().default(''),
});

/** The platform's receiving bank cards, shown on the bank-transfer form. */
export const receivingCards = pgTable('receiving_cards', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  bankName: text('bank_name').notNull(),
  bankNo: text('bank_no').notNull().unique(),
  owner: text('owner').notNull(),
  address: text('address').notNull().default(''),
  enabled: smallint('enabled').notNull().default(1),
});

/** Deposits: state 1 in review, 2 approved (credited), 3 rejected. */
export const deposits = pgTable(
  'deposits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    depositNo: text('deposit_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** bank, usdt, wxpay, alipay. */
    payType: text('pay_type').notNull(),
    /** TRC20 / ERC20 for USDT, else ''. */
    protocol: text('protocol').notNull().default(''),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    /** USDT due in USDT cents (floor(amount / rate, 2)); 0 for other methods. */
    usdtCents: bigint('usdt_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payerName: text('payer_name').notNull().default(''),
    payerBank: text('payer_bank').notNull().default(''),
    payerCardNo: text('payer_card_no').notNull().default(''),
    payerBranch: text('payer_branch').notNull().default(''),
    /** The bank transfer's voucher image (URL of the member's upload), '' when none was sent. */
    voucher: text('voucher').notNull().default(''),
    /** Where to pay, as /payInfo showed it when the deposit was made (an operator's later change of
     * the method does not alter an order already placed): account or USDT address, QR image URL. */
    payAccount: text('pay_account').notNull().default(''),
    payQr: text('pay_qr').notNull().default(''),
    state: smallint('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    /** The operator who approved or rejected it ('命令行' for the command line), and the reason given. */
    reviewedBy: text('reviewed_by').notNull().default(''),
    reviewNote: text('review_note').notNull().default(''),
    /** Who is working it (领取, so two operators do not) and since when; '' / null: nobody. A claim
     * older than QUEUE_CLAIM_MINUTES (contract) no longer holds. */
    claimedBy: text('claimed_by').notNull().default(''),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('deposits_user_idx').on(t.userId, t.createdAt),
    index('deposits_state_idx').on(t.state, t.createdAt),
    check('deposits_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Bound cards: type 1 bank card, type 2 USDT address (bank 'USDT', owner = protocol). */
export const cards = pgTable(
  'cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    bank: text('bank').notNull(),
    owner: text('owner').notNull(),
    bankNo: text('bank_no').notNull(),
    bankAddress: text('bank_address').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('cards_user_no_key').on(t.userId, t.bankNo), index('cards_user_idx').on(t.userId, t.type)],
);

/** Banks of the card-binding picker. */
export const banks = pgTable('banks', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** Withdrawals: state 1 in review (amount held in 'withdrawals in review'), 2 paid out, 3 rejected. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** bank, usdt, alipay, wechat. */
    kind: text('kind').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    cardId: integer('card_id'),
    /** Snapshot of the destination: card number, address, alipay account or the QR file. */
    account: text('account').notNull().default(''),
    accountName: text('account_name').notNull().default(''),
    /** USDT: fee and the amount received, in USDT cents. */
    feeCents: bigint('fee_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    receiveCents: bigint('receive_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    state: smallint('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    /** The operator who approved or rejected it ('命令行' for the command line), and the reason given. */
    reviewedBy: text('reviewed_by').notNull().default(''),
    reviewNote: text('review_note').notNull().default(''),
    /** The risk score when it was made (flags and linked accounts, modules/risk). */
    riskScore: smallint('risk_score').notNull().default(0),
    /** 0 no 风控 decision needed, 1 waiting for 风控 (财务 may not pay it), 2 cleared by 风控. */
    riskState: smallint('risk_state').notNull().default(0),
    riskBy: text('risk_by').notNull().default(''),
    riskAt: timestamp('risk_at', { withTimezone: true, mode: 'date' }),
    riskNote: text('risk_note').notNull().default(''),
    /** Who is working it (领取, so two operators do not) and since when; '' / null: nobody. A claim
     * older than QUEUE_CLAIM_MINUTES (contract) no longer holds. */
    claimedBy: text('claimed_by').notNull().default(''),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_state_idx').on(t.state),
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Valid-bet records every bet source writes (venue reports, the lottery); turnover, rebates and VIP read them. */
export const validBets = pgTable(
  'valid_bets',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    category: text('category').notNull(),
    stakeCents: bigint('stake_cents', { mode: 'bigint' }).notNull(),
    validCents: bigint('valid_cents', { mode: 'bigint' }).notNull(),
    payoutCents: bigint('payout_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** settled, unsettled, invalid. */
    state: text('state').notNull().default('settled'),
    /** The bet it counts, when the source has one ('lottery_round:<id>'): the bet record shows this figure. */
    reference: text('reference'),
    /** When the bet was placed or its round drawn: records, reports and rebates read this. */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * When the record was written (a round drawn late, a venue reporting late: after created_at).
     * Agents' statements count bets by this, so one recorded after its period's statement was built
     * falls into the next statement instead of into none.
     */
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('valid_bets_user_idx').on(t.userId, t.createdAt),
    index('valid_bets_reference_idx').on(t.userId, t.reference),
    index('valid_bets_user_recorded_idx').on(t.userId, t.recordedAt),
  ],
);

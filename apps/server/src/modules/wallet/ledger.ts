import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { ledgerEntries } from '../../db/schema/money';
import { CENTRAL_VENUE } from '../../db/schema/wallets';
import { BusinessError } from '../../core/errors';

export const MSG_INSUFFICIENT = '余额不足';

/** System accounts: their balance is the sum of their entries and may be negative. */
export const SYSTEM = {
  /** Money that came in from outside (approved deposits). */
  deposits: 'deposits',
  /** Amounts of withdrawals in review. */
  withdrawalsInReview: 'withdrawals_in_review',
  /** Money paid out (approved withdrawals). */
  withdrawalsPaid: 'withdrawals_paid',
  bonuses: 'bonuses',
  lotteryStakes: 'lottery_stakes',
  /** The demo game provider's house: stakes of demo games in, their payouts out. */
  gameHouse: 'game_house',
  /** Agents' commissions paid (modules/agents/payout.ts). */
  commissions: 'agent_commissions',
  /** Operator credits and opening balances. */
  adjustments: 'adjustments',
} as const;
export type SystemAccount = (typeof SYSTEM)[keyof typeof SYSTEM];

/** A leg of a movement: a member wallet (by id) or a system account; signed cents. */
export type Leg = { wallet: number; cents: bigint } | { account: SystemAccount; cents: bigint };

export interface Movement {
  reason: string;
  reference?: string;
  legs: Leg[];
}

/** The legs as money_post (migration 0015) reads them: {"w": wallet id} or {"a": account}, "c": cents. */
export function legsJson(legs: Leg[]): string {
  return JSON.stringify(
    legs.map((l) =>
      'wallet' in l ? { w: l.wallet, c: String(l.cents) } : { a: l.account, c: String(l.cents) },
    ),
  );
}

/**
 * Writes one balanced movement inside the caller's transaction, as ONE statement (the SQL function
 * money_post): each wallet's balance with a guarded UPDATE after every wallet of the movement is
 * locked in id order (so concurrent movements cannot deadlock), and the entries. A debit beyond a
 * balance writes nothing and refuses with 余额不足.
 */
export async function post(tx: Tx, m: Movement): Promise<string> {
  const legs = m.legs.filter((l) => l.cents !== 0n);
  const total = legs.reduce((s, l) => s + l.cents, 0n);
  if (total !== 0n) throw new Error(`unbalanced movement (${m.reason}): ${total}`);
  if (legs.length === 0) throw new Error(`empty movement (${m.reason})`);
  const txId = randomUUID();
  const at = new Date(now()).toISOString();
  const result = await tx.execute(
    sql`select money_post(${txId}::uuid, ${m.reason}, ${m.reference ?? ''}, ${at}::timestamptz, ${legsJson(legs)}::jsonb) as ok`,
  );
  if (rowsOf<{ ok: boolean }>(result)[0]?.ok !== true) throw new BusinessError(MSG_INSUFFICIENT);
  return txId;
}

/**
 * The id of a member's wallet for a venue (central: CENTRAL_VENUE), created when missing: the SQL
 * function money_wallet (migration 0015), which the one-statement transfers use too.
 */
export async function walletId(db: Db | Tx, userId: number, venue: string): Promise<number> {
  const result = await db.execute(sql`select money_wallet(${userId}::integer, ${venue}::text) as id`);
  const id = rowsOf<{ id: number | null }>(result)[0]?.id;
  if (id === null || id === undefined) throw new Error(`wallet ${userId}/${venue} could not be created`);
  return Number(id);
}

export const centralWalletId = (db: Db | Tx, userId: number) => walletId(db, userId, CENTRAL_VENUE);

/** Credits a member's central wallet from the adjustments account (operator credit, opening balance). */
export async function credit(
  db: Db,
  userId: number,
  cents: bigint,
  reason = 'adjustment',
  reference = '',
): Promise<void> {
  if (cents <= 0n) throw new BusinessError('金额无效');
  const id = await centralWalletId(db, userId);
  await db.transaction(async (tx) => {
    await post(tx, {
      reason,
      reference,
      legs: [
        { wallet: id, cents },
        { account: SYSTEM.adjustments, cents: -cents },
      ],
    });
  });
}

export interface LedgerReport {
  ok: boolean;
  /** Sum of every entry (0 when balanced). */
  total: string;
  /** Wallets whose balance differs from the sum of their entries, or is negative. */
  broken: { walletId: number; balance: string; entries: string }[];
  /** Movements whose entries do not sum to zero. */
  unbalanced: string[];
  /** Balance of each system account. */
  accounts: Record<string, string>;
}

/** Proves the ledger: every wallet equals the sum of its entries, none is negative, entries sum to 0. */
export async function ledgerCheck(db: Db): Promise<LedgerReport> {
  const [totalRow] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
    .from(ledgerEntries);
  const broken = await db.execute<{ wallet_id: number; balance: string; entries: string }>(sql`
    select w.id as wallet_id, w.balance_cents::text as balance, coalesce(e.s, 0)::text as entries
    from wallets w
    left join (select wallet_id, sum(amount_cents) as s from ledger_entries where wallet_id is not null group by wallet_id) e
      on e.wallet_id = w.id
    where w.balance_cents <> coalesce(e.s, 0) or w.balance_cents < 0
    limit 100`);
  const unbalanced = await db.execute<{ tx_id: string }>(sql`
    select tx_id::text as tx_id from ledger_entries group by tx_id having sum(amount_cents) <> 0 limit 100`);
  const accounts = await db.execute<{ account: string; s: string }>(sql`
    select account, sum(amount_cents)::text as s from ledger_entries where account is not null group by account order by account`);
  const brokenRows = rowsOf<{ wallet_id: number; balance: string; entries: string }>(broken);
  const unbalancedRows = rowsOf<{ tx_id: string }>(unbalanced);
  const total = totalRow?.total ?? '0';
  return {
    ok: total === '0' && brokenRows.length === 0 && unbalancedRows.length === 0,
    total,
    broken: brokenRows.map((r) => ({
      walletId: Number(r.wallet_id),
      balance: r.balance,
      entries: r.entries,
    })),
    unbalanced: unbalancedRows.map((r) => r.tx_id),
    accounts: Object.fromEntries(
      rowsOf<{ account: string; s: string }>(accounts).map((r) => [r.account, r.s]),
    ),
  };
}

/* What the queue tests (claims, bulk review, 补单) share: balances, ledger sums, a deposit's row. */
import { eq, sql } from 'drizzle-orm';
import { centralWalletId } from '../src/modules/wallet/ledger';
import { turnover } from '../src/modules/wallet/turnover';
import { users } from '../src/db/schema/accounts';
import { deposits, ledgerEntries } from '../src/db/schema/money';
import { wallets } from '../src/db/schema/wallets';
import type { TestApp } from './helpers';

/** The member's central balance, cents. */
export async function balanceOf(t: TestApp, userId: number): Promise<bigint> {
  const id = await centralWalletId(t.db, userId);
  const [w] = await t.db.select().from(wallets).where(eq(wallets.id, id));
  return w?.balanceCents ?? 0n;
}

/** How many ledger lines carry `reference`, and their sum (0 when balanced). */
export async function ledgerOf(t: TestApp, reference: string): Promise<{ lines: number; sum: bigint }> {
  const [r] = await t.db
    .select({
      lines: sql<number>`count(*)::int`,
      sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reference, reference));
  return { lines: Number(r?.lines ?? 0), sum: BigInt(r?.sum ?? '0') };
}

export async function depositOf(t: TestApp, id: number) {
  const [d] = await t.db.select().from(deposits).where(eq(deposits.id, id));
  if (!d) throw new Error(`no deposit ${id}`);
  return d;
}

/** The member's paysum (cents) and turnover requirement (cents). */
export async function memberFacts(t: TestApp, userId: number) {
  const [u] = await t.db.select({ paysum: users.paysumCents }).from(users).where(eq(users.id, userId));
  return { paysum: u?.paysum ?? 0n, required: (await turnover(t.db, userId)).required };
}

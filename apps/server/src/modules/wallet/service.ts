import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CENTRAL_VENUE, wallets } from '../../db/schema/wallets';

/** Creates the member's central wallet (at registration); does nothing when it exists. */
export async function openCentralWallet(db: Db, userId: number): Promise<void> {
  await db.insert(wallets).values({ userId, venue: CENTRAL_VENUE, balanceCents: 0n }).onConflictDoNothing();
}

/** The central wallet's balance in cents (0 when the wallet does not exist yet). */
export async function centralBalance(db: Db, userId: number): Promise<bigint> {
  const [row] = await db
    .select({ cents: wallets.balanceCents })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.venue, CENTRAL_VENUE)));
  return row?.cents ?? 0n;
}

/** Central balance and the sum of every venue wallet, in one query. */
export async function balances(db: Db, userId: number): Promise<{ central: bigint; venues: bigint }> {
  const [row] = await db
    .select({
      central: sql<string>`coalesce(sum(${wallets.balanceCents}) filter (where ${wallets.venue} = ${CENTRAL_VENUE}), 0)`,
      venues: sql<string>`coalesce(sum(${wallets.balanceCents}) filter (where ${wallets.venue} <> ${CENTRAL_VENUE}), 0)`,
    })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return { central: BigInt(row?.central ?? 0), venues: BigInt(row?.venues ?? 0) };
}

/** Sum of the member's venue wallets in cents. */
export async function venueBalanceSum(db: Db, userId: number): Promise<bigint> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${wallets.balanceCents}), 0)` })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), ne(wallets.venue, CENTRAL_VENUE)));
  return BigInt(row?.cents ?? 0);
}

import { CENTRAL_WALLET } from '@app/contract/enums';
import { MSG_TRANSFER_VENUES } from '@app/contract/wallet';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { CENTRAL_VENUE, wallets } from '../../db/schema/wallets';
import { BusinessError } from '../../core/errors';
import { centralWalletId, post, walletId } from './ledger';
import { demoVenueProvider, type VenueProvider } from './venues';

export const MSG_AUTO_TRANSFER_ON = '已开启自动转账，请先关闭自动转账再手动转账';
export const MSG_VENUE_UNKNOWN = '场馆不存在';

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

export class WalletService {
  constructor(
    private readonly db: Db,
    private readonly provider: VenueProvider = demoVenueProvider,
  ) {}

  /** Every venue with the member's balance there (wallet rows created on first sight). */
  async venueBalances(userId: number): Promise<{ code: string; name: string; cents: bigint }[]> {
    const venues = await this.provider.venues(this.db);
    if (venues.length === 0) return [];
    await this.db
      .insert(wallets)
      .values(venues.map((v) => ({ userId, venue: v.code, balanceCents: 0n })))
      .onConflictDoNothing();
    const rows = await this.db
      .select({ venue: wallets.venue, cents: wallets.balanceCents })
      .from(wallets)
      .where(
        and(
          eq(wallets.userId, userId),
          inArray(
            wallets.venue,
            venues.map((v) => v.code),
          ),
        ),
      );
    const byVenue = new Map(rows.map((r) => [r.venue, r.cents]));
    return venues.map((v) => ({ code: v.code, name: v.name, cents: byVenue.get(v.code) ?? 0n }));
  }

  /** Central ⇄ one venue, both legs in one transaction; blocked while auto-transfer is on. */
  async transfer(userId: number, input: { amount: number; sourcetype: string; targettype: string }) {
    const fromCentral = input.sourcetype === CENTRAL_WALLET;
    if (fromCentral === (input.targettype === CENTRAL_WALLET)) throw new BusinessError(MSG_TRANSFER_VENUES);
    const venue = fromCentral ? input.targettype : input.sourcetype;
    // The switch and both wallet ids in one read (a transfer is a hot call: every statement counts).
    const rows = await this.db
      .select({ transferstatus: users.transferstatus, walletId: wallets.id, venue: wallets.venue })
      .from(users)
      .leftJoin(wallets, and(eq(wallets.userId, users.id), inArray(wallets.venue, [CENTRAL_VENUE, venue])))
      .where(eq(users.id, userId));
    if (rows[0]?.transferstatus === 1) throw new BusinessError(MSG_AUTO_TRANSFER_ON);
    if (!(await this.provider.isVenue(this.db, venue))) throw new BusinessError(MSG_VENUE_UNKNOWN);
    const idOf = (v: string) => rows.find((r) => r.venue === v)?.walletId;
    // A wallet not opened yet (first transfer to a venue) is created on the way.
    const central = idOf(CENTRAL_VENUE) ?? (await centralWalletId(this.db, userId));
    const venueWallet = idOf(venue) ?? (await walletId(this.db, userId, venue));
    const cents = BigInt(input.amount);
    const [from, to] = fromCentral ? [central, venueWallet] : [venueWallet, central];
    await this.db.transaction(async (tx) => {
      await post(tx, {
        reason: 'transfer',
        reference: venue,
        legs: [
          { wallet: from, cents: -cents },
          { wallet: to, cents },
        ],
      });
    });
  }

  /**
   * 一键回收: every venue balance back to the central wallet, in one transaction. Every wallet of the
   * member, central included, is locked first in id order: the order post() updates wallets in, so
   * transfers racing this one queue behind it instead of deadlocking.
   */
  async transferAll(userId: number): Promise<bigint> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: wallets.id, venue: wallets.venue, cents: wallets.balanceCents })
        .from(wallets)
        .where(eq(wallets.userId, userId))
        .orderBy(wallets.id)
        .for('update');
      const venues = rows.filter((r) => r.venue !== CENTRAL_VENUE && r.cents > 0n);
      const total = venues.reduce((s, r) => s + r.cents, 0n);
      if (total === 0n) return 0n;
      const central = rows.find((r) => r.venue === CENTRAL_VENUE)?.id ?? (await centralWalletId(tx, userId));
      await post(tx, {
        reason: 'transall',
        legs: [...venues.map((r) => ({ wallet: r.id, cents: -r.cents })), { wallet: central, cents: total }],
      });
      return total;
    });
  }

  /**
   * Auto-transfer (transferstatus 1): opening a game moves the whole central balance into that venue.
   * For the game-opening call; does nothing when the switch is off or the central wallet is empty.
   */
  async autoTransferInto(userId: number, venue: string): Promise<bigint> {
    const [user] = await this.db
      .select({ transferstatus: users.transferstatus })
      .from(users)
      .where(eq(users.id, userId));
    if (user?.transferstatus !== 1) return 0n;
    const central = await centralWalletId(this.db, userId);
    const target = await walletId(this.db, userId, venue);
    return this.db.transaction(async (tx) => {
      // Both wallets locked in id order (post's order), before the balance is read.
      const locked = await tx
        .select({ id: wallets.id, cents: wallets.balanceCents })
        .from(wallets)
        .where(inArray(wallets.id, [central, target]))
        .orderBy(wallets.id)
        .for('update');
      const cents = locked.find((r) => r.id === central)?.cents ?? 0n;
      if (cents <= 0n) return 0n;
      await post(tx, {
        reason: 'transfer',
        reference: venue,
        legs: [
          { wallet: central, cents: -cents },
          { wallet: target, cents },
        ],
      });
      return cents;
    });
  }

  async setAutoTransfer(userId: number, on: 0 | 1): Promise<void> {
    await this.db.update(users).set({ transferstatus: on }).where(eq(users.id, userId));
  }
}

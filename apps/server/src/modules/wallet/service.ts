import { breakMessage, MSG_BREAK_FOREVER } from '@app/contract/protection';
import { CENTRAL_WALLET } from '@app/contract/enums';
import { MSG_TRANSFER_SAME, MSG_TRANSFER_VENUES } from '@app/contract/wallet';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { CENTRAL_VENUE, wallets } from '../../db/schema/wallets';
import { BusinessError } from '../../core/errors';
import { randomUUID } from 'node:crypto';
import { now } from '../../core/clock';
import { envelopeText, oneStatement, type StatementReply, type StoredReply } from '../../http/idempotency';
import { centralWalletId, MSG_INSUFFICIENT, post, walletId } from './ledger';
import { demoVenueProvider, type VenueProvider } from './venues';

export const MSG_AUTO_TRANSFER_ON = '已开启自动转账，请先关闭自动转账再手动转账';
export const MSG_VENUE_UNKNOWN = '场馆不存在';
export const MSG_TRANSFERRED = '转账成功';
export const MSG_RECOVERED = '操作成功！';

/** The exact envelope money_transfer stores and answers for each outcome, by the name it picks. */
export const TRANSFER_REPLIES = {
  ok: envelopeText(MSG_TRANSFERRED),
  insufficient: envelopeText(MSG_INSUFFICIENT, 400),
  auto_transfer_on: envelopeText(MSG_AUTO_TRANSFER_ON, 400),
  no_venue: envelopeText(MSG_VENUE_UNKNOWN, 400),
  // 责任博彩: into a venue during a break (the statement puts the end's Beijing time for {until}).
  on_break: envelopeText(breakMessage('{until}'), 400),
  on_break_forever: envelopeText(MSG_BREAK_FOREVER, 400),
} as const;

function statementReply(result: unknown): StatementReply {
  const row = rowsOf<{ claim: number; status: number | null; body: string | null }>(result)[0];
  if (!row) throw new Error('a money statement answered no row');
  return { claim: Number(row.claim), status: Number(row.status ?? 0), body: row.body ?? '' };
}

/** The refusal inside a stored reply, thrown again (for callers outside an endpoint). */
function throwRefusal(reply: StoredReply): void {
  if (reply.status === 200) return;
  const { message } = JSON.parse(reply.body) as { message: string };
  throw new BusinessError(message, reply.status);
}

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

  /**
   * Central ⇄ one venue as ONE statement (money_transfer, migrations 0015 and 0019): the
   * Idempotency-Key's claim (when `idem.key` is given), the auto-transfer switch, the venue
   * (money_venue_open, the provider's rule), the wallets (created on the way), the movement and the
   * stored reply. What the SQL would otherwise repeat comes from here: the central wallet's code and
   * the reply of each outcome, by name.
   */
  async transferCall(
    userId: number,
    input: { amount: number; sourcetype: string; targettype: string },
    idem: { key: string | null; hash: string } = { key: null, hash: '' },
  ): Promise<StoredReply> {
    if (input.sourcetype === input.targettype) throw new BusinessError(MSG_TRANSFER_SAME);
    const fromCentral = input.sourcetype === CENTRAL_WALLET;
    if (fromCentral === (input.targettype === CENTRAL_WALLET)) throw new BusinessError(MSG_TRANSFER_VENUES);
    const venue = fromCentral ? input.targettype : input.sourcetype;
    const replies = JSON.stringify(TRANSFER_REPLIES);
    return oneStatement(this.db, async () => {
      const result = await this.db.execute(sql`
        select claim, status, body from money_transfer(${userId}::integer, ${idem.key}::text, ${idem.hash}::text,
          ${CENTRAL_VENUE}::text, ${venue}::text, ${String(input.amount)}::bigint, ${fromCentral}::boolean,
          ${randomUUID()}::uuid, ${new Date(now()).toISOString()}::timestamptz, ${replies}::jsonb)`);
      return statementReply(result);
    });
  }

  /** transferCall without a key, for services and tests: a refusal is thrown as its BusinessError. */
  async transfer(userId: number, input: { amount: number; sourcetype: string; targettype: string }) {
    throwRefusal(await this.transferCall(userId, input));
  }

  /**
   * 一键回收 as ONE statement (money_transfer_all): every wallet of the member, central included, is
   * locked in id order (the order every movement locks in, so racing transfers queue behind it),
   * then every positive venue balance moves back to the central wallet.
   */
  async transferAllCall(
    userId: number,
    idem: { key: string | null; hash: string } = { key: null, hash: '' },
  ): Promise<StoredReply> {
    return oneStatement(this.db, async () => {
      const result = await this.db.execute(sql`
        select claim, status, body from money_transfer_all(${userId}::integer, ${idem.key}::text,
          ${idem.hash}::text, ${CENTRAL_VENUE}::text, ${randomUUID()}::uuid,
          ${new Date(now()).toISOString()}::timestamptz, ${envelopeText(MSG_RECOVERED)}::text)`);
      return statementReply(result);
    });
  }

  async transferAll(userId: number): Promise<void> {
    throwRefusal(await this.transferAllCall(userId));
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

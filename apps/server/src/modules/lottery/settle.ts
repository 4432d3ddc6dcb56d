/**
 * Settlement of drawn rounds, in bounded batches (server-rules 'Lottery': no member's payout waits on
 * another member's lines). The guarantees are those of draw.ts's runDue: every transaction first locks
 * the round row, so settlers of one round (any process) take turns and never deadlock on its lines; a
 * line is claimed with `… and state = 'open'`, so a line a previous or concurrent run settled is left
 * alone and a crash between batches loses and doubles nothing; each member's round gets ONE valid bet,
 * in the transaction that settles its last open line.
 */
import type { LotteryType } from '@app/contract/enums';
import { findPlay, oddsAllowed, oddsHundredths } from '@app/contract/lottery-rules';
import { linePayoutCents, moneyAtRisk, type RiskLine } from '@app/contract/lottery-risk';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { lotteryOrders, lotteryRounds } from '../../db/schema/lottery';
import type { RoomBus } from '../../http/realtime/room-bus';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { lotteryRoundReference, recordValidBet } from '../wallet/turnover';
import { publishWins, WinsByRoom, type Win } from './wins';
import { lotteryType, parseBalls, type Lottery, type LotteryRound } from './service';

/** Lines settled per transaction at most: nobody's payout waits on more than this of other lines. */
export const SETTLE_BATCH = 500;
/** Lines of one member per round-robin pass of a transaction (nextLines). */
export const SETTLE_PER_MEMBER = 50;
/**
 * The reference of a member's wins of one batch: `lottery_win:<code>:<expect>:<first id>-<last id>`,
 * the member's lines of that round in that id range being the ones it pays (reports read the code).
 */
export const LOTTERY_WIN_REFERENCE = 'lottery_win:';

/** The odds a line is paid at: those it was accepted at, unless they break the house edge (a row
 * edited by hand, or accepted under older rules), then the play's odds of today, which never do. */
export function paidOdds(type: LotteryType, playId: number, accepted: number): number {
  if (oddsAllowed(type, playId, accepted)) return accepted;
  const p = findPlay(type, playId);
  return p ? Math.min(accepted, oddsHundredths(p.odds)) : accepted;
}

/** A line as settlement reads it (raw SQL: bigints as text, so both drivers read them alike). */
interface LineRow {
  user_id: number;
  play_id: number;
  pick: number | null;
  stake: string;
  odds: number;
}

/** An open line, with how many open lines its member has on the round (`held`). */
interface OpenLine extends LineRow {
  id: string;
  room_id: number;
  held: number;
}

const riskLine = (type: LotteryType, l: LineRow): RiskLine => ({
  playId: l.play_id,
  pick: l.pick,
  stakeCents: BigInt(l.stake),
  oddsHundredths: paidOdds(type, l.play_id, l.odds),
});

/**
 * The next lines to settle, at most `limit`, round-robin: each member's open lines in id order, in
 * passes of SETTLE_PER_MEMBER (every member with open lines gets its first SETTLE_PER_MEMBER before any
 * member gets more), members in user-id order from `fromUser` on, then those before it. So a member
 * with a few lines is settled in the first transaction whatever another member has open, and a member
 * left alone fills whole transactions.
 */
async function nextLines(tx: Tx, roundId: bigint, limit: number, fromUser: number): Promise<OpenLine[]> {
  return rowsOf<OpenLine>(
    await tx.execute(sql`
      select id::text as id, user_id, room_id, play_id, pick, stake_cents::text as stake,
             odds_hundredths as odds, held::int as held
        from (select o.*, row_number() over (partition by o.user_id order by o.id) as k,
                     count(*) over (partition by o.user_id) as held
                from lottery_orders o where o.round_id = ${roundId} and o.state = 'open') x
       order by (k - 1) / ${SETTLE_PER_MEMBER}, user_id < ${fromUser}, user_id, id
       limit ${limit}`),
  );
}

/** Claims lines with their payouts in ONE statement (a line no longer open is left alone): ids claimed. */
async function claimLines(
  tx: Tx,
  lines: { id: string; payout: bigint }[],
  atMs: number,
): Promise<Set<string>> {
  const ids = lines.map((l) => l.id).join(',');
  const payouts = lines.map((l) => String(l.payout)).join(',');
  const claimed = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update lottery_orders o
         set state = case when v.payout > 0 then 'won' else 'lost' end, payout_cents = v.payout,
             settled_at = ${new Date(atMs).toISOString()}::timestamptz
        from unnest(string_to_array(${ids}, ',')::bigint[], string_to_array(${payouts}, ',')::bigint[])
             as v(id, payout)
       where o.id = v.id and o.state = 'open'
      returning o.id::text as id`),
  );
  return new Set(claimed.map((c) => c.id));
}

/**
 * ONE valid bet for each member of `userIds` (ascending) with no open line left on the round: this
 * transaction settled its last one. Its money at risk over ALL its lines of the round at the odds they
 * were paid at (moneyAtRisk: hedged lines count nothing), and its whole payout. Transactions on a round
 * take turns and a line is settled once, so one transaction only sees a member's last line go.
 */
async function recordFinished(
  tx: Tx,
  lottery: Lottery,
  round: LotteryRound,
  userIds: number[],
  atMs: number,
): Promise<void> {
  if (userIds.length === 0) return;
  const type = lotteryType(lottery);
  const members = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const lines = rowsOf<LineRow & { payout: string; state: string }>(
    await tx.execute(sql`
      select user_id, play_id, pick, stake_cents::text as stake, odds_hundredths as odds,
             payout_cents::text as payout, state
        from lottery_orders where round_id = ${round.id} and user_id in (${members})`),
  );
  for (const userId of userIds) {
    const held = lines.filter((l) => l.user_id === userId);
    if (held.length === 0 || held.some((l) => l.state === 'open')) continue;
    // Turnover, rebates and VIP read valid bets: only the money at risk counts, so hedged lines
    // (大 with 小 …) cannot buy riskless turnover.
    const risk = moneyAtRisk(
      type,
      held.map((l) => riskLine(type, l)),
    );
    await recordValidBet(tx, userId, {
      platform: lottery.code,
      category: 'lottery',
      stakeCents: risk.stakeCents,
      validCents: risk.validCents,
      payoutCents: held.reduce((s, l) => s + BigInt(l.payout), 0n),
      at: new Date(atMs),
      reference: lotteryRoundReference(round.id),
    });
  }
}

/** A member's claimed lines of one batch. */
type Claimed = (OpenLine & { payout: bigint })[];

/** Pays a member's wins of the batch as ONE ledger movement; returns them by room, to publish. */
async function payWins(tx: Tx, lottery: Lottery, round: LotteryRound, userId: number, lines: Claimed) {
  const paid = lines.reduce((s, l) => s + l.payout, 0n);
  if (paid === 0n) return [];
  const ids = lines.map((l) => BigInt(l.id));
  const first = ids.reduce((a, b) => (b < a ? b : a));
  const last = ids.reduce((a, b) => (b > a ? b : a));
  await post(tx, {
    reason: 'lottery_win',
    reference: `${LOTTERY_WIN_REFERENCE}${lottery.code}:${round.expect}:${first}-${last}`,
    legs: [
      { wallet: await centralWalletId(tx, userId), cents: paid },
      { account: SYSTEM.lotteryStakes, cents: -paid },
    ],
  });
  const byRoom = new WinsByRoom(userId, round.expect);
  for (const l of lines) byRoom.add(l.room_id, l.payout);
  return byRoom.list();
}

/**
 * One transaction of a round's settlement, at most `limit` lines: the round row locked first, the
 * next lines round-robin (nextLines) claimed in one statement, each member's wins paid as one ledger
 * movement (members in ascending user id, as every settler locks their wallets: no deadlock between
 * settlers of two rounds), and the valid bet of each member whose last open line went. Returns the
 * wins to publish once committed, and the member the next transaction starts with.
 */
async function settleBatch(
  tx: Tx,
  lottery: Lottery,
  round: LotteryRound,
  limit: number,
  fromUser: number,
  atMs: number,
): Promise<{ lines: number; wins: Win[]; nextFrom: number }> {
  await tx
    .select({ id: lotteryRounds.id })
    .from(lotteryRounds)
    .where(eq(lotteryRounds.id, round.id))
    .for('update');
  const open = await nextLines(tx, round.id, limit, fromUser);
  if (open.length === 0) return { lines: 0, wins: [], nextFrom: 0 };
  const type = lotteryType(lottery);
  const balls = parseBalls(round.balls);
  const priced = open.map((l) => ({ ...l, payout: linePayoutCents(type, riskLine(type, l), balls) }));
  const claimed = await claimLines(tx, priced, atMs);

  const byMember = new Map<number, Claimed>();
  for (const l of priced) {
    if (claimed.has(l.id)) byMember.set(l.user_id, [...(byMember.get(l.user_id) ?? []), l]);
  }
  const members = [...byMember.keys()].sort((a, b) => a - b);
  const wins: Win[] = [];
  for (const userId of members)
    wins.push(...(await payWins(tx, lottery, round, userId, byMember.get(userId) ?? [])));
  // A member all of whose open lines this batch took (its `held`) has none left: its valid bet now.
  const finished = members.filter((id) => {
    const lines = byMember.get(id) ?? [];
    return lines.length > 0 && lines.length === lines[0]?.held;
  });
  await recordFinished(tx, lottery, round, finished, atMs);
  const lastUser = open[open.length - 1]?.user_id ?? 0;
  // A full batch may have stopped inside a member's lines: the next one starts with that member.
  return { lines: claimed.size, wins, nextFrom: open.length < limit ? lastUser + 1 : lastUser };
}

/**
 * Settles a drawn round's open lines, at most `limit` in this call, in transactions of at most
 * SETTLE_BATCH (settleBatch); each batch's wins are published as soon as it commits, so a winner
 * hears at once, not after the whole round. Marks the round settled when no line is left open.
 */
export async function settleRound(
  db: Db,
  bus: RoomBus,
  lottery: Lottery,
  round: LotteryRound,
  limit: number,
  atMs: number,
): Promise<{ lines: number; done: boolean }> {
  let lines = 0;
  let fromUser = 0;
  while (lines < limit) {
    const take = Math.min(SETTLE_BATCH, limit - lines);
    const batch = await db.transaction((tx) => settleBatch(tx, lottery, round, take, fromUser, atMs));
    // Committed: each winner hears of it in the room they bet in (中奖提示).
    await publishWins(bus, batch.wins);
    if (batch.lines === 0) break;
    lines += batch.lines;
    fromUser = batch.nextFrom;
  }
  const done = await db
    .update(lotteryRounds)
    .set({ settledAt: new Date(atMs) })
    .where(
      and(
        eq(lotteryRounds.id, round.id),
        isNull(lotteryRounds.settledAt),
        sql`not exists (select 1 from ${lotteryOrders} o where o.round_id = ${lotteryRounds.id} and o.state = 'open')`,
      ),
    )
    .returning({ id: lotteryRounds.id });
  return { lines, done: done.length > 0 };
}

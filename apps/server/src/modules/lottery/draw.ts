/**
 * Draws and settlement. `runDue` is the whole scheduled step: it is safe to run again at any moment,
 * from any process, after a crash at any point:
 * - a draw is one transaction whose guarded UPDATE (`… where drawn_at is null returning`) only one
 *   run can win; the room messages announcing it are stored in that same transaction;
 * - settlement is transactions that each first lock the round row (so settlers of one round take
 *   turns), then settle whole members: all of a member's open lines on the round are locked and
 *   claimed by `update lottery_orders set state = … where id = … and state = 'open' returning`, their
 *   wins paid and ONE valid bet (the money at risk of those lines) recorded, all in that transaction;
 *   a line or a member's round that a previous (or concurrent) run settled is skipped;
 * - a round is marked settled once no open line remains; unsettled drawn rounds are picked up again
 *   on the next run.
 */
import type { LotteryType } from '@app/contract/enums';
import { deriveBalls } from '@app/contract/lottery-draw';
import { findPlay, oddsAllowed, oddsHundredths } from '@app/contract/lottery-rules';
import { linePayoutCents, moneyAtRisk, type RiskLine } from '@app/contract/lottery-risk';
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db, Tx } from '../../db/client';
import { lotteries, lotteryOrders, lotteryRooms, lotteryRounds } from '../../db/schema/lottery';
import type { RoomBus, RoomMessage } from '../../http/realtime/room-bus';
import { publishRoomMessage, saveRoomMessage } from '../../http/realtime/room-messages';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { lotteryRoundReference, recordValidBet } from '../wallet/turnover';
import { publishWins, WinsByRoom, type Win } from './wins';
import {
  drawWire,
  ensureRounds,
  lotteryType,
  openText,
  parseBalls,
  SYSTEM_AUTHOR,
  timingOf,
  type Lottery,
  type LotteryRound,
  type RoundOptions,
} from './service';

/** Lines (whole members) settled per transaction, about. */
const SETTLE_CHUNK = 100;
/** Lines settled per run at most (one member may go over), so one huge round cannot hold up the ticker. */
const DEFAULT_SETTLE_LIMIT = 5000;

export interface RunDueOptions extends RoundOptions {
  /** At most this many order lines settled in this run (tests use it to stop half-way, like a crash). */
  settleLimit?: number;
}

export interface RunDueReport {
  drawn: { code: string; expect: string; opencode: string }[];
  settledLines: number;
  settledRounds: number;
}

/** '第20261122001期开奖：4+7+5=16 大双' (type 2) / '第…期开奖：12 35 45 38 21 29 特码 36' (type 1). */
export function drawText(type: LotteryType, expect: string, balls: readonly number[]): string {
  if (type === 2) {
    const sum = balls.reduce((s, b) => s + b, 0);
    const size = sum >= 14 ? '大' : '小';
    const parity = sum % 2 === 1 ? '单' : '双';
    return `第${expect}期开奖：${balls.join('+')}=${sum} ${size}${parity}`;
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  return `第${expect}期开奖：${balls.slice(0, 6).map(pad).join(' ')} 特码 ${pad(balls[6] ?? 0)}`;
}

/**
 * The system's round notices (id 0). sysmsg false: spec §7 toasts a message whose sysmsg is not false,
 * and a round's news is the round bar's and the results', not a toast every few minutes.
 */
const systemMessage = (
  m: Pick<RoomMessage, 'content' | 'type' | 'expect' | 'hash' | 'result'>,
): Omit<RoomMessage, 'time'> & { userId: null } => ({
  userId: null,
  sysmsg: false,
  id: 0,
  author: SYSTEM_AUTHOR,
  avatar: '',
  ...m,
});

type Outgoing = { roomId: number; message: RoomMessage };

/**
 * Draws one round (balls from its seed and expect: contract deriveBalls), and stores in every room
 * of the lottery the 'draw' message and, when the next round is already running, its 'open' message.
 * Returns the messages to publish, or null when another run drew it first.
 */
async function drawRound(
  db: Db,
  lottery: Lottery,
  round: LotteryRound,
  atMs: number,
): Promise<{ opencode: string; messages: Outgoing[] } | null> {
  const type = lotteryType(lottery);
  const balls = deriveBalls(type, round.seed, round.expect);
  return db.transaction(async (tx) => {
    const [drawn] = await tx
      .update(lotteryRounds)
      .set({ balls: balls.join(','), drawnAt: new Date(atMs) })
      .where(and(eq(lotteryRounds.id, round.id), isNull(lotteryRounds.drawnAt)))
      .returning();
    if (!drawn) return null;
    const rooms = await tx
      .select({ id: lotteryRooms.id })
      .from(lotteryRooms)
      .where(and(eq(lotteryRooms.lotteryId, lottery.id), eq(lotteryRooms.enabled, 1)));
    const [successor] = await tx
      .select()
      .from(lotteryRounds)
      .where(
        and(
          eq(lotteryRounds.lotteryId, lottery.id),
          eq(lotteryRounds.opensAt, round.drawsAt),
          gt(lotteryRounds.drawsAt, new Date(atMs)),
        ),
      );
    const out: Outgoing[] = [];
    for (const room of rooms) {
      const result = drawWire(type, drawn);
      out.push({
        roomId: room.id,
        message: await saveRoomMessage(
          tx,
          room.id,
          systemMessage({
            type: 'draw',
            content: drawText(type, drawn.expect, balls),
            expect: drawn.expect,
            hash: drawn.hash,
            result,
          }),
        ),
      });
      if (successor) {
        out.push({
          roomId: room.id,
          message: await saveRoomMessage(
            tx,
            room.id,
            systemMessage({
              type: 'open',
              content: openText(successor.expect),
              expect: successor.expect,
              hash: successor.hash,
            }),
          ),
        });
      }
    }
    return { opencode: drawn.balls ?? '', messages: out };
  });
}

/** The odds a line is paid at: those it was accepted at, unless they break the house edge (a row
 * edited by hand, or accepted under older rules), then the play's odds of today, which never do. */
function paidOdds(type: LotteryType, playId: number, accepted: number): number {
  if (oddsAllowed(type, playId, accepted)) return accepted;
  const p = findPlay(type, playId);
  return p ? Math.min(accepted, oddsHundredths(p.odds)) : accepted;
}

/**
 * Settles ALL the open lines of one member on a drawn round, in the caller's transaction: each line is
 * locked and claimed (`… and state = 'open' returning`), its win paid, and then ONE valid bet is
 * recorded for the member's round: validCents = the money at risk of every line claimed here (the
 * stake minus what their least payback over every outcome covers; moneyAtRisk). Since a member's open lines are always claimed
 * together, a member's round gets exactly one valid bet; a concurrent or repeated run finds nothing
 * open and records nothing. (Lines settled one by one by an older version already carry their own
 * valid bets, so only the lines claimed here count.) Returns how many lines it settled.
 */
async function settleMember(
  tx: Tx,
  lottery: Lottery,
  round: LotteryRound,
  userId: number,
  atMs: number,
): Promise<{ lines: number; wins: Win[] }> {
  const type = lotteryType(lottery);
  const balls = parseBalls(round.balls);
  const open = await tx
    .select()
    .from(lotteryOrders)
    .where(
      and(
        eq(lotteryOrders.roundId, round.id),
        eq(lotteryOrders.userId, userId),
        eq(lotteryOrders.state, 'open'),
      ),
    )
    .orderBy(asc(lotteryOrders.id))
    .for('update');
  const claimed: RiskLine[] = [];
  const wins = new WinsByRoom(userId, round.expect);
  let paid = 0n;
  let wallet: number | undefined;
  for (const line of open) {
    const risk: RiskLine = {
      playId: line.playId,
      pick: line.pick,
      stakeCents: line.stakeCents,
      oddsHundredths: paidOdds(type, line.playId, line.oddsHundredths),
    };
    const payout = linePayoutCents(type, risk, balls);
    const [won] = await tx
      .update(lotteryOrders)
      .set({ state: payout > 0n ? 'won' : 'lost', payoutCents: payout, settledAt: new Date(atMs) })
      .where(and(eq(lotteryOrders.id, line.id), eq(lotteryOrders.state, 'open')))
      .returning({ id: lotteryOrders.id });
    if (!won) continue;
    claimed.push(risk);
    paid += payout;
    wins.add(line.roomId, payout);
    if (payout > 0n) {
      wallet ??= await centralWalletId(tx, userId);
      await post(tx, {
        reason: 'lottery_win',
        reference: `lottery_order:${line.id}`,
        legs: [
          { wallet, cents: payout },
          { account: SYSTEM.lotteryStakes, cents: -payout },
        ],
      });
    }
  }
  if (claimed.length === 0) return { lines: 0, wins: [] };
  // Turnover, rebates and VIP read valid bets: only the money at risk counts, so hedged lines
  // (大 with 小 …) cannot buy riskless turnover.
  const risk = moneyAtRisk(type, claimed);
  await recordValidBet(tx, userId, {
    platform: lottery.code,
    category: 'lottery',
    stakeCents: risk.stakeCents,
    validCents: risk.validCents,
    payoutCents: paid,
    at: new Date(atMs),
    reference: lotteryRoundReference(round.id),
  });
  return { lines: claimed.length, wins: wins.list() };
}

/**
 * Settles one transaction's worth of a drawn round: the round row is locked first, so runs of any
 * process settle a round one transaction at a time (and never deadlock on its lines); then members
 * with open lines, by user id, whole members only, while their lines fit in `cap`; the first member
 * may bring up to `firstCap` (a member with more lines than a chunk, or than the run's limit when
 * nothing else was settled in the run, is still settled, all at once).
 */
async function settleSome(
  tx: Tx,
  lottery: Lottery,
  round: LotteryRound,
  cap: number,
  firstCap: number,
  atMs: number,
): Promise<{ lines: number; wins: Win[] }> {
  await tx
    .select({ id: lotteryRounds.id })
    .from(lotteryRounds)
    .where(eq(lotteryRounds.id, round.id))
    .for('update');
  const members = await tx
    .select({ userId: lotteryOrders.userId, n: sql<number>`count(*)::int` })
    .from(lotteryOrders)
    .where(and(eq(lotteryOrders.roundId, round.id), eq(lotteryOrders.state, 'open')))
    .groupBy(lotteryOrders.userId)
    .orderBy(asc(lotteryOrders.userId))
    .limit(SETTLE_CHUNK);
  let lines = 0;
  const wins: Win[] = [];
  for (const m of members) {
    if (lines + Number(m.n) > (lines === 0 ? firstCap : cap)) break;
    const settled = await settleMember(tx, lottery, round, m.userId, atMs);
    lines += settled.lines;
    wins.push(...settled.wins);
  }
  return { lines, wins };
}

/**
 * Settles a drawn round's open lines, at most `limit` unless one member alone has more and `first`
 * (nothing was settled yet in this run: each run makes progress); marks the round settled when none
 * is left.
 */
async function settleRound(
  db: Db,
  lottery: Lottery,
  round: LotteryRound,
  limit: number,
  first: boolean,
  atMs: number,
): Promise<{ lines: number; done: boolean; wins: Win[] }> {
  let lines = 0;
  const wins: Win[] = [];
  for (;;) {
    const remaining = limit - lines;
    if (remaining <= 0) break;
    const firstCap = first && lines === 0 ? Number.MAX_SAFE_INTEGER : remaining;
    const cap = Math.min(SETTLE_CHUNK, remaining);
    const some = await db.transaction((tx) => settleSome(tx, lottery, round, cap, firstCap, atMs));
    if (some.lines === 0) break;
    lines += some.lines;
    wins.push(...some.wins);
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
  return { lines, done: done.length > 0, wins };
}

/**
 * The scheduled step (every second on the leader, or `lottery:draw`): for each lottery, makes sure
 * the current and the next round exist, draws every round whose draw time has come, publishes the
 * draw (and the new round) to its rooms, then settles every drawn round that still has open lines.
 */
export async function runDue(
  db: Db,
  bus: RoomBus,
  atMs: number = now(),
  opts: RunDueOptions = {},
): Promise<RunDueReport> {
  const report: RunDueReport = { drawn: [], settledLines: 0, settledRounds: 0 };
  const all = await db.select().from(lotteries).orderBy(asc(lotteries.id));
  const byId = new Map(all.map((l) => [l.id, l]));
  for (const lottery of all) {
    // A closed lottery gets no new round; the rounds it has are still drawn and settled.
    if (lottery.enabled === 1) await ensureRounds(db, lottery, timingOf(lottery, opts), atMs);
    const due = await db
      .select()
      .from(lotteryRounds)
      .where(
        and(
          eq(lotteryRounds.lotteryId, lottery.id),
          isNull(lotteryRounds.drawnAt),
          lte(lotteryRounds.drawsAt, new Date(atMs)),
        ),
      )
      .orderBy(asc(lotteryRounds.drawsAt));
    for (const round of due) {
      const drawn = await drawRound(db, lottery, round, atMs);
      if (!drawn) continue;
      report.drawn.push({ code: lottery.code, expect: round.expect, opencode: drawn.opencode });
      // After the commit: a message is only ever published for a draw that is stored.
      for (const m of drawn.messages) await publishRoomMessage(bus, m.roomId, m.message);
    }
  }

  let budget = opts.settleLimit ?? DEFAULT_SETTLE_LIMIT;
  const unsettled = await db
    .select()
    .from(lotteryRounds)
    .where(and(isNotNull(lotteryRounds.drawnAt), isNull(lotteryRounds.settledAt)))
    .orderBy(asc(lotteryRounds.drawsAt));
  for (const round of unsettled) {
    const lottery = byId.get(round.lotteryId);
    if (!lottery) continue;
    const r = await settleRound(db, lottery, round, budget, report.settledLines === 0, atMs);
    // Committed: each winner hears of it in the room they bet in (中奖提示).
    await publishWins(bus, r.wins);
    budget -= r.lines;
    report.settledLines += r.lines;
    if (r.done) report.settledRounds++;
    if (budget <= 0) break;
  }
  return report;
}

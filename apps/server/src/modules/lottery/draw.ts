/**
 * Draws and settlement. `runDue` is the whole scheduled step: it is safe to run again at any moment,
 * from any process, after a crash at any point:
 * - a draw is one transaction whose guarded UPDATE (`… where drawn_at is null returning`) only one
 *   run can win; the room messages announcing it are stored in that same transaction;
 * - settlement is chunks of order lines, each chunk one transaction in which every line is claimed by
 *   `update lottery_orders set state = … where id = … and state = 'open' returning` before its payout
 *   and valid bet are written, so a line a previous (or concurrent) run settled is skipped;
 * - a round is marked settled once no open line remains; unsettled drawn rounds are picked up again
 *   on the next run.
 */
import { formatDateTime } from '@app/contract/codecs';
import { deriveBalls, payoutCents, settleLine, type LotteryType } from '@app/contract/lottery-rules';
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { now } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { lotteries, lotteryOrders, lotteryRooms, lotteryRounds } from '../../db/schema/lottery';
import type { RoomBus, RoomMessage } from '../../realtime/room-bus';
import { publishRoomMessage, saveRoomMessage } from '../../realtime/room-messages';
import { centralWalletId, post, SYSTEM } from '../ledger/service';
import { recordValidBet } from '../withdrawals/turnover';
import {
  drawWire,
  ensureRounds,
  lotteryType,
  parseBalls,
  SYSTEM_AUTHOR,
  timingOf,
  type Lottery,
  type LotteryRound,
  type RoundOptions,
} from './service';

/** Lines settled per transaction. */
const SETTLE_CHUNK = 100;
/** Lines settled per run at most, so one huge round cannot hold up the ticker; the next run goes on. */
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

const systemMessage = (
  m: Pick<RoomMessage, 'content' | 'type' | 'expect' | 'hash' | 'result'>,
): Omit<RoomMessage, 'time'> & { userId: null } => ({
  userId: null,
  sysmsg: true,
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
              content: `第${successor.expect}期开始投注，${formatDateTime(successor.drawsAt.getTime())} 开奖，本期哈希 ${successor.hash}`,
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

/** Settles one chunk of a drawn round's open lines in one transaction; returns how many it settled. */
async function settleChunk(
  tx: Tx,
  lottery: Lottery,
  round: LotteryRound,
  ids: bigint[],
  atMs: number,
): Promise<number> {
  const type = lotteryType(lottery);
  const balls = parseBalls(round.balls);
  const wallets = new Map<number, number>();
  let settled = 0;
  for (const id of ids) {
    const [line] = await tx
      .select()
      .from(lotteryOrders)
      .where(and(eq(lotteryOrders.id, id), eq(lotteryOrders.state, 'open')))
      .for('update');
    if (!line) continue;
    const stake = Number(line.stakeCents);
    const outcome = settleLine(type, line.playId, line.pick === null ? [] : [line.pick], balls, stake);
    // The odds are those the line was accepted at. A play the rules no longer know is void: the
    // stake goes back (paid as a win of odds 1) rather than being kept.
    const payout = outcome
      ? outcome.won
        ? BigInt(payoutCents(stake, line.oddsHundredths / 100))
        : 0n
      : line.stakeCents;
    const [claimed] = await tx
      .update(lotteryOrders)
      .set({ state: payout > 0n ? 'won' : 'lost', payoutCents: payout, settledAt: new Date(atMs) })
      .where(and(eq(lotteryOrders.id, id), eq(lotteryOrders.state, 'open')))
      .returning({ id: lotteryOrders.id });
    if (!claimed) continue;
    if (payout > 0n) {
      let wallet = wallets.get(line.userId);
      if (wallet === undefined) {
        wallet = await centralWalletId(tx, line.userId);
        wallets.set(line.userId, wallet);
      }
      await post(tx, {
        reason: 'lottery_win',
        reference: `lottery_order:${line.id}`,
        legs: [
          { wallet, cents: payout },
          { account: SYSTEM.lotteryStakes, cents: -payout },
        ],
      });
    }
    // Turnover, rebates and VIP read valid bets: the whole stake counts, whatever the outcome.
    await recordValidBet(tx, line.userId, {
      platform: lottery.code,
      category: 'lottery',
      stakeCents: line.stakeCents,
      validCents: line.stakeCents,
      payoutCents: payout,
      at: new Date(atMs),
    });
    settled++;
  }
  return settled;
}

/** Settles a drawn round's open lines, at most `limit`; marks the round settled when none is left. */
async function settleRound(
  db: Db,
  lottery: Lottery,
  round: LotteryRound,
  limit: number,
  atMs: number,
): Promise<{ lines: number; done: boolean }> {
  let lines = 0;
  for (;;) {
    const take = Math.min(SETTLE_CHUNK, limit - lines);
    if (take <= 0) break;
    const open = await db
      .select({ id: lotteryOrders.id })
      .from(lotteryOrders)
      .where(and(eq(lotteryOrders.roundId, round.id), eq(lotteryOrders.state, 'open')))
      .orderBy(asc(lotteryOrders.id))
      .limit(take);
    if (open.length === 0) break;
    lines += await db.transaction((tx) =>
      settleChunk(
        tx,
        lottery,
        round,
        open.map((o) => o.id),
        atMs,
      ),
    );
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
    await ensureRounds(db, lottery, timingOf(lottery, opts), atMs);
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
    const r = await settleRound(db, lottery, round, budget, atMs);
    budget -= r.lines;
    report.settledLines += r.lines;
    if (r.done) report.settledRounds++;
    if (budget <= 0) break;
  }
  return report;
}

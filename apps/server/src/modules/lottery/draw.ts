/**
 * Draws and settlement. `runDue` is the whole scheduled step: it is safe to run again at any moment,
 * from any process, after a crash at any point:
 * - a draw is one transaction whose guarded UPDATE (`… where drawn_at is null returning`) only one
 *   run can win; the room messages announcing it are stored in that same transaction;
 * - settlement (settle.ts) is transactions of at most SETTLE_BATCH lines that each first lock the
 *   round row (so settlers of one round take turns), then take the next lines round-robin over the
 *   members with open lines (SETTLE_PER_MEMBER each per pass, so no member's payout waits on another
 *   member's lines), claim them in one statement (`update lottery_orders … where id = v.id and
 *   state = 'open' returning`), pay each member's wins of the batch as one ledger movement, and record
 *   ONE valid bet (the money at risk of all its lines of the round) for each member whose last open
 *   line the transaction settled; a line a previous (or concurrent) run settled is skipped;
 * - a run settles at most its limit of lines, whoever holds them; a round is marked settled once no
 *   open line remains; unsettled drawn rounds are picked up again on the next run.
 */
import type { LotteryType } from '@app/contract/enums';
import { deriveBalls } from '@app/contract/lottery-draw';
import { and, asc, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { lotteries, lotteryRooms, lotteryRounds } from '../../db/schema/lottery';
import type { RoomBus, RoomMessage } from '../../http/realtime/room-bus';
import { publishRoomMessage, saveRoomMessage } from '../../http/realtime/room-messages';
import { settleRound } from './settle';
import {
  drawWire,
  ensureRounds,
  lotteryType,
  openText,
  SYSTEM_AUTHOR,
  timingOf,
  type Lottery,
  type LotteryRound,
  type RoundOptions,
} from './service';

/** Lines settled per run at most, so one huge round cannot hold up the ticker (draws come first). */
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
      // A round cancelled meanwhile (its stakes refunded) is never drawn.
      .where(
        and(eq(lotteryRounds.id, round.id), isNull(lotteryRounds.drawnAt), isNull(lotteryRounds.cancelledAt)),
      )
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
          isNull(lotteryRounds.cancelledAt),
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

  // Never more lines in one run than the limit, whoever holds them: the rest waits for the next run.
  let budget = Math.max(1, opts.settleLimit ?? DEFAULT_SETTLE_LIMIT);
  const unsettled = await db
    .select()
    .from(lotteryRounds)
    .where(and(isNotNull(lotteryRounds.drawnAt), isNull(lotteryRounds.settledAt)))
    .orderBy(asc(lotteryRounds.drawsAt));
  for (const round of unsettled) {
    const lottery = byId.get(round.lotteryId);
    if (!lottery) continue;
    const r = await settleRound(db, bus, lottery, round, budget, atMs);
    budget -= r.lines;
    report.settledLines += r.lines;
    if (r.done) report.settledRounds++;
    if (budget <= 0) break;
  }
  return report;
}

/**
 * The model of model.test.ts (which see): the member's wallets, reviews and open lottery lines; how
 * the real app's state is compared with it after every command; and the app the commands run against.
 * modelTestApp() registers the hooks; `t`, `m`, `roomId` and `commands` are live bindings.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BEIJING_OFFSET_MS } from '@app/contract/codecs';
import { afterAll, beforeAll, expect } from 'vitest';
import { now, resetClock, setClock } from '../../src/core/clock';
import { lotteries, lotteryOrders, lotteryRooms, lotteryRounds } from '../../src/db/schema/lottery';
import { validBets } from '../../src/db/schema/money';
import { turnover } from '../../src/modules/wallet/turnover';
import { CENTRAL_VENUE } from '../../src/db/schema/wallets';
import { runDue } from '../../src/modules/lottery/draw';
import { currentRound } from '../../src/modules/lottery/service';
import { buildTestApp, expectEnvelope, idem, type Reply, type TestApp } from '../helpers';
import { readyMember, walletSnapshot, type ReadyMember } from './support';

export const VENUES = ['AG', 'KY'] as const;
/** Beijing 2030-03-10 10:00: far from midnight, rounds of 210 s. */
const T0 = Date.UTC(2030, 2, 10, 10, 0, 0) - BEIJING_OFFSET_MS;

export interface Model {
  central: bigint;
  venues: Record<string, bigint>;
  /** Withdrawals in review: id → amount. */
  inReview: Map<number, bigint>;
  /** Reviewed withdrawals (approve or reject again must be refused). */
  reviewed: number[];
  /** Open lottery lines: id → the line (大 201, 小 202, 单 203 or 双 204). */
  openLines: Map<bigint, OpenLine>;
  /** The member's lottery valid bets: how many (one per round) and their total. */
  lotteryBets: number;
  lotteryValid: bigint;
  /** Bank deposits waiting for review: deposit_no → amount. */
  depositsInReview: Map<string, bigint>;
  /** Turnover: the open requirement rows (one per approved deposit), oldest first, paid in that order. */
  turnover: { required: bigint; done: bigint }[];
}

/** What getBetAmount shows: done and required of the open rows. */
export function owed(model: Model): { bet: bigint; required: bigint } {
  const open = model.turnover.filter((r) => r.done < r.required);
  return {
    bet: open.reduce((s, r) => s + r.done, 0n),
    required: open.reduce((s, r) => s + r.required, 0n),
  };
}
interface OpenLine {
  stake: bigint;
  round: bigint;
  play: number;
}
export interface Real {
  m: ReadyMember;
  last: { path: string; body: unknown; key: string; reply: Reply } | null;
}

export let t: TestApp;
export let m: ReadyMember;
export let roomId = 0;
export let commands = 0;
const kinds = new Map<string, number>();
/** Lottery rounds of the member settled, those with hedged lines (valid < stake), those with valid 0. */
const settledRounds = { all: 0, hedged: 0, riskless: 0 };
/** Replies of the money calls by path and status. */
const outcomes = new Map<string, number>();

/** Counts a command run, by kind, for the summary after the test. */
export function countCommand(kind: string): void {
  commands += 1;
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
}

/** Registers the hooks: the app and the member before the tests, a summary of the runs after them. */
export function modelTestApp(runs: number): void {
  beforeAll(async () => {
    setClock(T0);
    t = await buildTestApp();
    m = await readyMember(t, '0', '6222000011114444', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    const [room] = await t.db
      .select({ id: lotteryRooms.id })
      .from(lotteryRooms)
      .innerJoin(lotteries, eq(lotteries.id, lotteryRooms.lotteryId))
      .where(eq(lotteries.code, 'jnd28'))
      .limit(1);
    roomId = room?.id ?? 0;
  }, 60_000);
  afterAll(async () => {
    console.log(
      `model: ${runs} runs, ${commands} commands (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}); ` +
        `money replies: ${[...outcomes].map(([k, n]) => `${k}: ${n}`).join(', ')}; ` +
        `lottery rounds settled: ${settledRounds.all} (${settledRounds.hedged} hedged, ` +
        `${settledRounds.riskless} of them wholly: valid 0)`,
    );
    await t?.close();
    resetClock();
  });
}

export const yuan = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
export const isOk = (r: Reply) => r.status === 200 && r.body?.code === 200;

export async function money(real: Real, path: string, body: unknown): Promise<Reply> {
  const key = randomBytes(10).toString('hex');
  const reply = await t.post(path, body, { token: real.m.token, headers: idem(key) });
  expectEnvelope(reply);
  expect(reply.status).toBeLessThan(500);
  real.last = { path, body, key, reply };
  const o = `${path.replace('/api/', '')} ${reply.status}`;
  outcomes.set(o, (outcomes.get(o) ?? 0) + 1);
  return reply;
}

/** A valid bet pays the open rows in order, each counting it in full; a met row leaves the sums. */
function payDown(model: Model, valid: bigint) {
  let left = valid;
  for (const row of model.turnover) {
    if (left === 0n) break;
    const paid = row.required - row.done < left ? row.required - row.done : left;
    row.done += paid;
    left -= paid;
  }
}

/** Odds of 大 小 单 双 (× 100): 1.96, a return of 98 %. */
const ODDS = 196n;
/** Whether a play (201 大, 202 小, 203 单, 204 双) wins on a total big or small, odd or even. */
function wins(play: number, big: boolean, odd: boolean): boolean {
  return play === 201 ? big : play === 202 ? !big : play === 203 ? odd : !odd;
}

/** Of the 1000 equally likely triples: totals 大单 231, 大双 269, 小单 269, 小双 231. */
const CLASS_WEIGHTS = [231n, 269n, 269n, 231n];

/** W²·variance of paybacks over the four classes (exact). */
function scaledVariance(back: readonly bigint[]): bigint {
  let sum = 0n;
  let squares = 0n;
  back.forEach((p, i) => {
    const w = CLASS_WEIGHTS[i] ?? 0n;
    sum += w * p;
    squares += w * p * p;
  });
  return 1000n * squares - sum * sum;
}

function floorSqrt(n: bigint): bigint {
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (x * x > n) x -= 1n;
  while ((x + 1n) * (x + 1n) <= n) x += 1n;
  return x;
}

/**
 * Settles what the scheduler settled: all the member's lines of a round, each paying stake × 1.96
 * (floored) if the drawn total wins its play, else 0; then one valid bet for the round, the money at
 * risk: the spread σ of the round's payback over 大单 大双 小单 小双, over the least of 0.98 and each
 * play's own spread per unit of stake, at most the stake (server-rules 'Lottery'); paying turnover down.
 */
async function absorbSettlements(model: Model) {
  if (model.openLines.size === 0) return;
  const lines = await t.db
    .select()
    .from(lotteryOrders)
    .where(inArray(lotteryOrders.id, [...model.openLines.keys()]));
  const rounds = new Set(lines.filter((l) => l.state !== 'open').map((l) => l.roundId));
  for (const roundId of rounds) {
    const group = lines.filter((l) => l.roundId === roundId);
    expect(
      group.map((l) => l.state).filter((s) => s === 'open'),
      'a round settled in part',
    ).toEqual([]);
    const [round] = await t.db.select().from(lotteryRounds).where(eq(lotteryRounds.id, roundId));
    const sum = (round?.balls ?? '').split(',').reduce((s, b) => s + Number(b), 0);
    const outcomes = [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ] as const;
    const back = outcomes.map(() => 0n);
    const byPlay = new Map<number, { stake: bigint; back: bigint[] }>();
    let stake = 0n;
    for (const l of group) {
      const line = model.openLines.get(l.id);
      expect([l.stakeCents, l.playId, l.oddsHundredths, l.roundId]).toEqual([
        line?.stake,
        line?.play,
        Number(ODDS),
        line?.round,
      ]);
      if (!line) continue;
      const win = (line.stake * ODDS) / 100n;
      expect(l.payoutCents).toBe(wins(line.play, sum >= 14, sum % 2 === 1) ? win : 0n);
      expect(l.state).toBe(l.payoutCents === 0n ? 'lost' : 'won');
      model.central += l.payoutCents;
      stake += line.stake;
      const own = byPlay.get(line.play) ?? { stake: 0n, back: outcomes.map(() => 0n) };
      own.stake += line.stake;
      outcomes.forEach(([big, odd], i) => {
        if (!wins(line.play, big, odd)) return;
        back[i] = (back[i] ?? 0n) + win;
        own.back[i] = (own.back[i] ?? 0n) + win;
      });
      byPlay.set(line.play, own);
      model.openLines.delete(l.id);
    }
    const v = scaledVariance(back);
    let atRisk = floorSqrt((v * 10_000n) / (9_604n * 1_000_000n));
    for (const own of byPlay.values()) {
      const ownVariance = scaledVariance(own.back);
      if (ownVariance > 0n) {
        const scaled = floorSqrt((v * own.stake * own.stake) / ownVariance);
        if (scaled > atRisk) atRisk = scaled;
      }
    }
    const valid = atRisk < stake ? atRisk : stake;
    expect(valid >= 0n && valid <= stake).toBe(true);
    settledRounds.all += 1;
    if (valid < stake) settledRounds.hedged += 1;
    if (valid === 0n) settledRounds.riskless += 1;
    model.lotteryBets += 1;
    model.lotteryValid += valid;
    payDown(model, valid);
  }
}

/** The member's wallets equal the model; the ledger holds; one valid bet per round, of the model's amount. */
export async function compare(model: Model, real: Real) {
  const snap = await walletSnapshot(t.db, [real.m.id]);
  expect(snap.get(`${real.m.id}/${CENTRAL_VENUE}`) ?? 0n, 'central').toBe(model.central);
  for (const v of VENUES) expect(snap.get(`${real.m.id}/${v}`) ?? 0n, v).toBe(model.venues[v] ?? 0n);
  const report = await t.ledgerCheck();
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true, total: '0' });
  const [settled] = await t.db
    .select({ n: sql<number>`count(distinct ${lotteryOrders.roundId})::int` })
    .from(lotteryOrders)
    .where(and(eq(lotteryOrders.userId, real.m.id), sql`${lotteryOrders.state} <> 'open'`));
  const bets = await lotteryBetsOf(real.m.id);
  expect(bets, 'lottery valid bets').toEqual({ n: model.lotteryBets, valid: model.lotteryValid });
  expect(bets.n, 'one valid bet per round').toBe(settled?.n);
  const turn = await turnover(t.db, real.m.id);
  expect({ bet: turn.bet, required: turn.required }, 'turnover').toEqual(owed(model));
}

/** The member's lottery valid bets: how many, and their total. */
export async function lotteryBetsOf(userId: number): Promise<{ n: number; valid: bigint }> {
  const [row] = await t.db
    .select({
      n: sql<number>`count(*)::int`,
      valid: sql<string>`coalesce(sum(${validBets.validCents}), 0)::text`,
    })
    .from(validBets)
    .where(and(eq(validBets.userId, userId), eq(validBets.category, 'lottery')));
  return { n: Number(row?.n ?? 0), valid: BigInt(row?.valid ?? '0') };
}

/** Moves the clock past the open round's draw and runs the scheduled step. */
export async function drawOnce(model: Model) {
  const { round } = await currentRound(t.db, roomId);
  setClock(Math.max(now(), round.drawsAt.getTime() + 1000));
  await runDue(t.db, t.app.roomBus, now());
  await absorbSettlements(model);
}

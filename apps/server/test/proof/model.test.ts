/**
 * A model-based test of the money calls (fast-check `asyncModelRun`): a member's central and venue
 * wallets, withdrawals in review and open lottery lines are kept in a small model; random sequences
 * of operator credits, transfers central ⇄ venue, 一键回收, withdrawals, operator approvals and
 * rejections (also of already reviewed ones), lottery orders, draws (the clock moved, the scheduler
 * step run) and replays of the last money request with its Idempotency-Key are run against the real
 * app. After every command the member's wallets equal the model and the ledger check holds; every
 * settled line has its payout (stake × 1.96 if the drawn total wins its play, else 0), and each round
 * of the member has ONE valid bet: the money at risk, the stake less the part hedged by the least the
 * member's lines of that round pay back over the four outcomes 大单 大双 小单 小双, grossed up by the
 * house edge (least × 100 / 98, floored, at most the stake) (server-rules 'Lottery').
 * Runs on PostgreSQL (server-pg) and on PGlite.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { MAX_PENDING_DEPOSITS, MSG_TOO_MANY_PENDING_DEPOSITS } from '@app/contract/wallet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { now, resetClock, setClock } from '../../src/core/clock';
import { lotteries, lotteryOrders, lotteryRooms, lotteryRounds } from '../../src/db/schema/lottery';
import { deposits, validBets, withdrawals } from '../../src/db/schema/money';
import { turnover } from '../../src/modules/withdrawals/turnover';
import { CENTRAL_VENUE } from '../../src/db/schema/wallets';
import { runDue } from '../../src/modules/lottery/draw';
import { currentRound } from '../../src/modules/lottery/service';
import { buildTestApp, dataOf, expectEnvelope, idem, type Reply, type TestApp } from '../helpers';
import { PAY_PASSWORD, readyMember, walletSnapshot, type ReadyMember } from './support';

const SEED = 7_122_026;
const RUNS = 50;
const MAX_COMMANDS = 20;
const VENUES = ['AG', 'KY'] as const;
/** Beijing 2030-03-10 10:00: far from midnight, rounds of 210 s. */
const T0 = Date.UTC(2030, 2, 10, 10, 0, 0) - 8 * 3600 * 1000;

interface Model {
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
  /** Turnover: required (approved deposits since the last approved withdrawal) and bet since then. */
  required: bigint;
  bet: bigint;
}
interface OpenLine {
  stake: bigint;
  round: bigint;
  play: number;
}
interface Real {
  m: ReadyMember;
  last: { path: string; body: unknown; key: string; reply: Reply } | null;
}

let t: TestApp;
let m: ReadyMember;
let roomId = 0;
let commands = 0;
const kinds = new Map<string, number>();
/** Lottery rounds of the member settled, those with hedged lines (valid < stake), those with valid 0. */
const settledRounds = { all: 0, hedged: 0, riskless: 0 };
/** Replies of the money calls by path and status. */
const outcomes = new Map<string, number>();

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
    `model: ${RUNS} runs, ${commands} commands (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}); ` +
      `money replies: ${[...outcomes].map(([k, n]) => `${k}: ${n}`).join(', ')}; ` +
      `lottery rounds settled: ${settledRounds.all} (${settledRounds.hedged} hedged, ` +
      `${settledRounds.riskless} of them wholly: valid 0)`,
  );
  await t?.close();
  resetClock();
});

const yuan = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
const isOk = (r: Reply) => r.status === 200 && r.body?.code === 200;

async function money(real: Real, path: string, body: unknown): Promise<Reply> {
  const key = randomBytes(10).toString('hex');
  const reply = await t.post(path, body, { token: real.m.token, headers: idem(key) });
  expectEnvelope(reply);
  expect(reply.status).toBeLessThan(500);
  real.last = { path, body, key, reply };
  const o = `${path.replace('/api/', '')} ${reply.status}`;
  outcomes.set(o, (outcomes.get(o) ?? 0) + 1);
  return reply;
}

/** A valid bet pays the running turnover down; met ⇒ both back to 0 (server-rules.md, Withdrawals). */
function payDown(model: Model, valid: bigint) {
  if (model.bet + valid >= model.required) {
    model.bet = 0n;
    model.required = 0n;
  } else model.bet += valid;
}

/** Odds of 大 小 单 双 (× 100): 1.96, a return of 98 %. */
const ODDS = 196n;
/** Whether a play (201 大, 202 小, 203 单, 204 双) wins on a total big or small, odd or even. */
function wins(play: number, big: boolean, odd: boolean): boolean {
  return play === 201 ? big : play === 202 ? !big : play === 203 ? odd : !odd;
}

/**
 * Settles what the scheduler settled: all the member's lines of a round at once, each paying
 * stake × 1.96 (floored) if the drawn total wins its play, else 0; then one valid bet for the round,
 * the money at risk = stake − min(stake, ⌊least payback over 大单 大双 小单 小双 × 100 / 98⌋), paying
 * the turnover down.
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
      outcomes.forEach(([big, odd], i) => {
        if (wins(line.play, big, odd)) back[i] = (back[i] ?? 0n) + win;
      });
      model.openLines.delete(l.id);
    }
    const least = back.reduce((a, b) => (b < a ? b : a));
    // The sure payback, grossed up by the 2 % house edge, hedges that much of the stake.
    const hedged = (least * 100n) / 98n;
    const valid = hedged >= stake ? 0n : stake - hedged;
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
async function compare(model: Model, real: Real) {
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
  expect({ bet: turn.bet, required: turn.required }, 'turnover').toEqual({
    bet: model.bet,
    required: model.required,
  });
}

/** The member's lottery valid bets: how many, and their total. */
async function lotteryBetsOf(userId: number): Promise<{ n: number; valid: bigint }> {
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
async function drawOnce(model: Model) {
  const { round } = await currentRound(t.db, roomId);
  setClock(Math.max(now(), round.drawsAt.getTime() + 1000));
  await runDue(t.db, t.app.roomBus, now());
  await absorbSettlements(model);
}

abstract class Cmd implements fc.AsyncCommand<Model, Real> {
  abstract kind: string;
  check(_m: Readonly<Model>): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    commands += 1;
    kinds.set(this.kind, (kinds.get(this.kind) ?? 0) + 1);
    await this.apply(model, real);
    await compare(model, real);
  }
  abstract apply(model: Model, real: Real): Promise<void>;
  abstract toString(): string;
}

class Credit extends Cmd {
  kind = 'credit';
  constructor(readonly cents: bigint) {
    super();
  }
  async apply(model: Model, real: Real) {
    dataOf(await t.op('/wallet/credit', { username: real.m.name, amount: yuan(this.cents) }));
    model.central += this.cents;
  }
  toString() {
    return `credit ${yuan(this.cents)}`;
  }
}

class Transfer extends Cmd {
  kind = 'transfer';
  constructor(
    readonly venue: string,
    readonly toVenue: boolean,
    readonly cents: bigint,
  ) {
    super();
  }
  async apply(model: Model, real: Real) {
    const from = this.toVenue ? 'userbalance' : this.venue;
    const to = this.toVenue ? this.venue : 'userbalance';
    const r = await money(real, '/api/transfer', {
      amount: yuan(this.cents),
      sourcetype: from,
      targettype: to,
    });
    const have = this.toVenue ? model.central : (model.venues[this.venue] ?? 0n);
    if (this.cents <= have) {
      expect(isOk(r), r.text).toBe(true);
      const sign = this.toVenue ? 1n : -1n;
      model.central -= sign * this.cents;
      model.venues[this.venue] = (model.venues[this.venue] ?? 0n) + sign * this.cents;
    } else {
      expect([r.status, r.body?.message]).toEqual([400, '余额不足']);
    }
  }
  toString() {
    return `transfer ${yuan(this.cents)} ${this.toVenue ? '→' : '←'} ${this.venue}`;
  }
}

class TransAll extends Cmd {
  kind = 'transall';
  async apply(model: Model, real: Real) {
    const r = await money(real, '/api/transall', {});
    expect(isOk(r), r.text).toBe(true);
    for (const v of VENUES) {
      model.central += model.venues[v] ?? 0n;
      model.venues[v] = 0n;
    }
  }
  toString() {
    return 'transall';
  }
}

class Withdraw extends Cmd {
  kind = 'withdraw';
  constructor(readonly cents: bigint) {
    super();
  }
  async apply(model: Model, real: Real) {
    const r = await money(real, '/api/withdraw', {
      type: 'bank',
      amount: yuan(this.cents),
      bank: real.m.bankCardId,
      password: PAY_PASSWORD,
    });
    if (this.cents < 10_000n) {
      expect([r.status, r.body?.message]).toEqual([400, '单笔取款不能低于100元']);
    } else if (model.bet < model.required) {
      expect([r.status, r.body?.message.slice(0, 5)]).toEqual([400, '打码量不足']);
    } else if (this.cents > model.central) {
      expect([r.status, r.body?.message]).toEqual([400, '余额不足']);
    } else {
      expect(isOk(r), r.text).toBe(true);
      const [w] = await t.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.userId, real.m.id))
        .orderBy(sql`${withdrawals.id} desc`)
        .limit(1);
      expect(w?.amountCents).toBe(this.cents);
      model.central -= this.cents;
      model.inReview.set(w?.id ?? 0, this.cents);
    }
  }
  toString() {
    return `withdraw ${yuan(this.cents)}`;
  }
}

class Review extends Cmd {
  kind = 'review';
  constructor(
    readonly approve: boolean,
    readonly pick: number,
    readonly again: boolean,
  ) {
    super();
  }
  override check(model: Readonly<Model>) {
    return this.again ? model.reviewed.length > 0 : model.inReview.size > 0;
  }
  async apply(model: Model) {
    const path = this.approve ? '/withdrawals/approve' : '/withdrawals/reject';
    if (this.again) {
      const id = model.reviewed[this.pick % model.reviewed.length] ?? 0;
      expect((await t.op(path, { id })).status).toBe(409);
      return;
    }
    const ids = [...model.inReview.keys()];
    const id = ids[this.pick % ids.length] ?? 0;
    dataOf(await t.op(path, { id }));
    // Neither outcome touches turnover: only valid bets pay it down.
    if (!this.approve) model.central += model.inReview.get(id) ?? 0n;
    model.inReview.delete(id);
    model.reviewed.push(id);
  }
  toString() {
    return `${this.again ? 're-' : ''}${this.approve ? 'approve' : 'reject'} #${this.pick}`;
  }
}

/** A bank deposit (100–5000 yuan: the seeded bank range is 100–50000), waiting for review. */
class Deposit extends Cmd {
  kind = 'deposit';
  constructor(readonly cents: bigint) {
    super();
  }
  async apply(model: Model, real: Real) {
    const r = await money(real, '/api/recharge', {
      paytype: 'bank',
      amount: yuan(this.cents),
      bank_owner: '张三',
      bank: '招商银行',
      bank_no: '6222000011114444',
      bank_address: '深圳',
    });
    // At most MAX_PENDING_DEPOSITS in review per member (issue 13 item 12).
    if (model.depositsInReview.size >= MAX_PENDING_DEPOSITS) {
      expect([r.status, r.body?.message]).toEqual([400, MSG_TOO_MANY_PENDING_DEPOSITS]);
      return;
    }
    expect(isOk(r), r.text).toBe(true);
    const [d] = await t.db
      .select()
      .from(deposits)
      .where(eq(deposits.userId, real.m.id))
      .orderBy(sql`${deposits.id} desc`)
      .limit(1);
    expect(d?.amountCents).toBe(this.cents);
    model.depositsInReview.set(d?.depositNo ?? '', this.cents);
  }
  toString() {
    return `deposit ${yuan(this.cents)}`;
  }
}

class ReviewDeposit extends Cmd {
  kind = 'review deposit';
  constructor(
    readonly approve: boolean,
    readonly pick: number,
  ) {
    super();
  }
  override check(model: Readonly<Model>) {
    return model.depositsInReview.size > 0;
  }
  async apply(model: Model) {
    const nos = [...model.depositsInReview.keys()];
    const no = nos[this.pick % nos.length] ?? '';
    dataOf(await t.op(this.approve ? '/deposits/approve' : '/deposits/reject', { deposit_no: no }));
    const amount = model.depositsInReview.get(no) ?? 0n;
    model.depositsInReview.delete(no);
    if (this.approve) {
      model.central += amount;
      model.required += amount;
    }
    expect((await t.op('/deposits/approve', { deposit_no: no })).status).toBe(409);
  }
  toString() {
    return `${this.approve ? 'approve' : 'reject'} deposit #${this.pick}`;
  }
}

/** 1 to 4 lines of 大 小 单 双 (201–204: hedges too), at the round open for bets (the clock moved on when closed). */
class Order extends Cmd {
  kind = 'order';
  constructor(readonly lines: [play: number, stake: bigint][]) {
    super();
  }
  async apply(model: Model, real: Real) {
    let { round } = await currentRound(t.db, roomId);
    if (now() >= round.closesAt.getTime()) {
      await drawOnce(model);
      ({ round } = await currentRound(t.db, roomId));
    }
    const order = this.lines.map(([id, s]) => ({ id, total: yuan(s), data: [] }));
    const r = await money(real, '/api/lotteryOrder', { room_id: roomId, expect: round.expect, order });
    const total = this.lines.reduce((a, [, s]) => a + s, 0n);
    if (total > model.central) {
      expect([r.status, r.body?.message]).toEqual([400, '余额不足']);
      return;
    }
    expect(isOk(r), r.text).toBe(true);
    model.central -= total;
    const lines = await t.db
      .select({ id: lotteryOrders.id, stake: lotteryOrders.stakeCents, play: lotteryOrders.playId })
      .from(lotteryOrders)
      .where(and(eq(lotteryOrders.userId, real.m.id), eq(lotteryOrders.roundId, round.id)))
      .orderBy(asc(lotteryOrders.id));
    for (const l of lines.slice(-this.lines.length)) {
      model.openLines.set(l.id, { stake: l.stake, round: round.id, play: l.play });
    }
  }
  toString() {
    return `order ${this.lines.map(([p, s]) => `${PLAY_NAMES[p] ?? p}${yuan(s)}`).join('+')}`;
  }
}

class Draw extends Cmd {
  kind = 'draw';
  async apply(model: Model) {
    await drawOnce(model);
  }
  toString() {
    return 'draw';
  }
}

/** The last money request again, same key and body: the same reply, no second effect. */
class Replay extends Cmd {
  kind = 'replay';
  async apply(_model: Model, real: Real) {
    const last = real.last;
    if (!last) return;
    const r = await t.post(last.path, last.body, { token: real.m.token, headers: idem(last.key) });
    expect([r.status, r.text]).toEqual([last.reply.status, last.reply.text]);
  }
  toString() {
    return 'replay';
  }
}

const cents = (max: number) => fc.integer({ min: 1, max }).map(BigInt);
const PLAY_NAMES: Record<number, string> = { 201: '大', 202: '小', 203: '单', 204: '双' };
const yuanStake = fc.integer({ min: 1, max: 2000 }).map((y) => BigInt(y) * 100n);
/** Two-line orders become 大+小 or 单+双 at one stake: a wholly hedged round, whose valid bet is 0. */
const hedge = (line: [number, bigint] | undefined): [number, bigint][] => {
  const [play, stake] = line ?? [201, 100n];
  const other = play % 2 === 1 ? play + 1 : play - 1;
  return [
    [play, stake],
    [other, stake],
  ];
};
const COMMANDS = [
  cents(300_000).map((c) => new Credit(c)),
  fc
    .tuple(fc.constantFrom(...VENUES), fc.boolean(), fc.oneof(cents(50_000), cents(400_000)))
    .map(([v, to, c]) => new Transfer(v, to, c)),
  fc.constant(new TransAll()),
  fc
    .oneof(
      cents(15_000),
      fc.integer({ min: 100, max: 3000 }).map((y) => BigInt(y) * 100n),
    )
    .map((c) => new Withdraw(c)),
  fc.tuple(fc.boolean(), fc.nat(10), fc.boolean()).map(([a, p, again]) => new Review(a, p, again)),
  fc
    .array(fc.tuple(fc.constantFrom(201, 202, 203, 204), yuanStake), { minLength: 1, maxLength: 4 })
    .map((lines) => new Order(lines.length === 2 ? hedge(lines[0]) : lines)),
  fc.integer({ min: 100, max: 5000 }).map((y) => new Deposit(BigInt(y) * 100n)),
  fc.tuple(fc.boolean(), fc.nat(10)).map(([a, p]) => new ReviewDeposit(a, p)),
  fc.constant(new Draw()),
  fc.constant(new Replay()),
];

it('the money calls agree with a model of the wallets', async () => {
  await fc.assert(
    fc.asyncProperty(fc.commands(COMMANDS, { maxCommands: MAX_COMMANDS, size: 'max' }), async (cmds) => {
      const setup = async () => {
        // Each run starts from the member's real state; earlier runs' reviews are over.
        const snap = await walletSnapshot(t.db, [m.id]);
        const open = await t.db
          .select()
          .from(lotteryOrders)
          .where(and(eq(lotteryOrders.userId, m.id), eq(lotteryOrders.state, 'open')));
        const pending = await t.db
          .select()
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, m.id), eq(withdrawals.state, 1)));
        const pendingDeposits = await t.db
          .select()
          .from(deposits)
          .where(and(eq(deposits.userId, m.id), eq(deposits.state, 1)));
        const turn = await turnover(t.db, m.id);
        const bets = await lotteryBetsOf(m.id);
        const model: Model = {
          central: snap.get(`${m.id}/${CENTRAL_VENUE}`) ?? 0n,
          venues: Object.fromEntries(VENUES.map((v) => [v, snap.get(`${m.id}/${v}`) ?? 0n])),
          inReview: new Map(pending.map((w) => [w.id, w.amountCents])),
          reviewed: [],
          openLines: new Map(
            open.map((l) => [l.id, { stake: l.stakeCents, round: l.roundId, play: l.playId }]),
          ),
          lotteryBets: bets.n,
          lotteryValid: bets.valid,
          depositsInReview: new Map(pendingDeposits.map((d) => [d.depositNo, d.amountCents])),
          required: turn.required,
          bet: turn.bet,
        };
        return { model, real: { m, last: null } as Real };
      };
      await fc.asyncModelRun(setup, cmds);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  expect(commands).toBeGreaterThan(RUNS * 8);
}, 120_000);

it('every round the test played is settled, each line once', async () => {
  const { round } = await currentRound(t.db, roomId);
  setClock(Math.max(now(), round.drawsAt.getTime() + 1000));
  await runDue(t.db, t.app.roomBus, now());
  const open = await t.db
    .select({ id: lotteryOrders.id })
    .from(lotteryOrders)
    .innerJoin(lotteryRounds, eq(lotteryRounds.id, lotteryOrders.roundId))
    .where(and(eq(lotteryOrders.userId, m.id), eq(lotteryOrders.state, 'open')));
  expect(open).toEqual([]);
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});

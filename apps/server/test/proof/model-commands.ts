/** The commands of model.test.ts (which see), each run against the app and the model, and their arbitraries. */
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { MAX_PENDING_DEPOSITS, MSG_TOO_MANY_PENDING_DEPOSITS } from '@app/contract/cashier';
import { expect } from 'vitest';
import { now } from '../../src/core/clock';
import { lotteryOrders } from '../../src/db/schema/lottery';
import { deposits, withdrawals } from '../../src/db/schema/money';
import { currentRound } from '../../src/modules/lottery/service';
import { dataOf, idem } from '../helpers';
import { PAY_PASSWORD } from './support';
import {
  compare,
  countCommand,
  drawOnce,
  isOk,
  money,
  owed,
  roomId,
  t,
  VENUES,
  yuan,
  type Model,
  type Real,
} from './model';

abstract class Cmd implements fc.AsyncCommand<Model, Real> {
  abstract kind: string;
  check(_m: Readonly<Model>): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    countCommand(this.kind);
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
    } else if (owed(model).bet < owed(model).required) {
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
      model.turnover.push({ required: amount, done: 0n });
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
export const COMMANDS = [
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

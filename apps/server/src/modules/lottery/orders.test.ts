import { lotteryOrder, MSG_ROUND_CLOSED } from '@app/contract/lottery';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { setClock } from '../../core/clock';
import { validBets } from '../../db/schema/money';
import { lotteryOrders } from '../../db/schema/lottery';
import type { RoomMessage } from '../../http/realtime/room-bus';
import { expectEnvelope } from '../../../test/helpers';
import { placeOrder } from './orders';
import { currentRound } from './service';
import { lotteryTiming, slotAt } from './scheduler';
import {
  balanceOf,
  bettable,
  drive,
  lotteryOf,
  lotteryTestApp,
  memberId,
  openRound,
  order,
  refusal,
  room,
  roomId,
  roundRow,
  t,
  toNextRound,
} from './test-support';

lotteryTestApp();

const isPg = () => inject('serverTestDb').kind === 'postgres';
const first = <T>(list: T[]): T => {
  const [x] = list;
  if (x === undefined) throw new Error('empty');
  return x;
};

describe('orders', () => {
  it('accepts an order while the round is open: the stake moves to lottery stakes, the room hears it', async () => {
    await toNextRound('jnd28');
    const id = await roomId('jnd28');
    const r = await openRound('jnd28');
    const before = await balanceOf(memberId);
    const seen: RoomMessage[] = [];
    const off = t.app.roomBus.subscribe(id, (m) => seen.push(m));
    const reply = await order({
      room_id: id,
      expect: r.expect,
      order: [
        { id: 201, total: 10, data: [] },
        { id: 203, total: '5.50', data: [] },
      ],
    });
    off();
    expectEnvelope(reply);
    expect(reply.body.message).toBe('投注成功');
    const message = lotteryOrder.response.parse(reply.body.data);
    expect(message).toMatchObject({ system: false, kind: 'order', expect: r.expect, userId: memberId });
    expect(message?.content).toBe(`第${r.expect}期 大 10.00元, 单 5.50元`);
    expect(seen.map((m) => m.content)).toEqual([message?.content]);
    expect(await balanceOf(memberId)).toBe(before - 1550n);
    const lines = await t.db
      .select()
      .from(lotteryOrders)
      .where(eq(lotteryOrders.roundId, r.id))
      .orderBy(asc(lotteryOrders.id));
    expect(lines.map((l) => [l.playId, l.playTitle, l.stakeCents, l.oddsHundredths, l.state])).toEqual([
      [201, '大', 1000n, 196, 'open'],
      [203, '单', 550n, 196, 'open'],
    ]);
    expect(new Set(lines.map((l) => l.batch)).size).toBe(1);
    const chat = (await room(id)).chatdata.at(-1);
    expect(chat).toMatchObject({ user_id: memberId, content: message?.content });
    // What the chat's text commands use: the same round, and placeOrder directly.
    const { round } = await currentRound(t.db, id);
    expect(round.expect).toBe(r.expect);
    const direct = await placeOrder(t.app, {
      userId: memberId,
      roomId: id,
      expect: round.expect,
      lines: [{ playId: 300 + 13, amountCents: 100, pick: null }],
    });
    expect(direct).toMatchObject({ type: 'order', id: memberId, content: `第${r.expect}期 13 1.00元` });
    expect(await balanceOf(memberId)).toBe(before - 1650n);
    await expect(
      placeOrder(t.app, {
        userId: memberId,
        roomId: id,
        expect: round.expect,
        lines: [{ playId: 201, amountCents: 99, pick: null }],
      }),
    ).rejects.toThrow('单注金额不能低于1元');
  });

  it('refuses orders once the round closes, for past, unknown and future rounds, changing nothing', async () => {
    const id = await roomId('jnd28');
    const r = await openRound('jnd28');
    const next = slotAt(lotteryTiming(await lotteryOf('jnd28')), r.drawsAt.getTime()).expect;
    const before = await balanceOf(memberId);
    const line = [{ id: 201, total: 10, data: [] }];
    setClock(r.closesAt.getTime() - 1);
    const accepted = await order({ room_id: id, expect: r.expect, order: line });
    expect(accepted.body?.code).toBe(200);
    setClock(r.closesAt.getTime());
    expect(refusal(await order({ room_id: id, expect: r.expect, order: line }))).toEqual([
      400,
      MSG_ROUND_CLOSED,
    ]);
    expect(refusal(await order({ room_id: id, expect: next, order: line }))).toEqual([400, '期号无效']);
    expect(
      refusal(await order({ room_id: id, expect: (await room(id)).lottery.nowdata.expect, order: line })),
    ).toEqual([400, '期号已过期']);
    expect(refusal(await order({ room_id: id, expect: '123', order: line }))).toEqual([400, '期号无效']);
    expect(refusal(await order({ room_id: id, expect: 'a b', order: line }))).toEqual([400, '期号无效']);
    expect(await balanceOf(memberId)).toBe(before - 1000n);
    await toNextRound('jnd28');
  });

  it('refuses plays of another type, bad numbers, bad amounts, unknown rooms and more than the balance', async () => {
    const id = await roomId('jnd28');
    const six = await roomId('xglhc');
    const [r, r6] = await bettable('jnd28', 'xglhc');
    if (!r || !r6) throw new Error('no rounds');
    const poor = await t.newMember();
    await t.fund(poor.id, '20.00');
    const cases: [Record<string, unknown>, string][] = [
      [{ room_id: id, expect: r.expect, order: [{ id: 101, total: 10, data: [7] }] }, '玩法无效'],
      [{ room_id: id, expect: r.expect, order: [{ id: 999, total: 10, data: [] }] }, '玩法无效'],
      [{ room_id: six, expect: r6.expect, order: [{ id: 201, total: 10, data: [] }] }, '玩法无效'],
      [{ room_id: six, expect: r6.expect, order: [{ id: 101, total: 10, data: [] }] }, '号码无效'],
      [{ room_id: six, expect: r6.expect, order: [{ id: 101, total: 10, data: [50] }] }, '号码无效'],
      [{ room_id: six, expect: r6.expect, order: [{ id: 101, total: 10, data: [1, 2] }] }, '号码无效'],
      [{ room_id: id, expect: r.expect, order: [{ id: 201, total: 10, data: [3] }] }, '号码无效'],
      // The 特码 number plays (spec wire: data []) exist in type 1 rooms only, and take no data.
      [{ room_id: id, expect: r.expect, order: [{ id: 1007, total: 10, data: [] }] }, '玩法无效'],
      [{ room_id: six, expect: r6.expect, order: [{ id: 1007, total: 10, data: [7] }] }, '号码无效'],
      [{ room_id: six, expect: r6.expect, order: [{ id: 1000, total: 10, data: [] }] }, '玩法无效'],
      [{ room_id: six, expect: r6.expect, order: [{ id: 1050, total: 10, data: [] }] }, '玩法无效'],
      [
        { room_id: id, expect: r.expect, order: [{ id: 201, total: '0.99', data: [] }] },
        '单注金额不能低于1元',
      ],
      [{ room_id: id, expect: r.expect, order: [{ id: 201, total: '', data: [] }] }, '请输入投注金额'],
      [{ room_id: id, expect: r.expect, order: [{ id: 201, total: -5, data: [] }] }, '金额无效，无法提交'],
      [{ room_id: id, expect: r.expect, order: [] }, '请选择投注内容'],
      [{ room_id: 999_999, expect: r.expect, order: [{ id: 201, total: 10, data: [] }] }, '房间不存在'],
      [
        {
          room_id: id,
          expect: r.expect,
          order: [
            { id: 201, total: 15, data: [] },
            { id: 202, total: '5.01', data: [] },
          ],
        },
        '余额不足',
      ],
    ];
    for (const [body, message] of cases) {
      expect([...refusal(await order(body, { as: poor.token })), JSON.stringify(body)]).toEqual([
        400,
        message,
        JSON.stringify(body),
      ]);
    }
    expect(await balanceOf(poor.id)).toBe(2000n);
    const [n] = await t.db
      .select({ n: count() })
      .from(lotteryOrders)
      .where(eq(lotteryOrders.userId, poor.id));
    expect(n?.n).toBe(0);
    // The whole balance is fine; the 特码 grid takes one number.
    expect(
      (
        await order(
          { room_id: six, expect: r6.expect, order: [{ id: 101, total: 20, data: ['7'] }] },
          { as: poor.token },
        )
      ).body?.code,
    ).toBe(200);
    expect(await balanceOf(poor.id)).toBe(0n);
  });

  it('reads a 特码 line the spec way (its number play, data []) and the old way (data [n]) as the same line', async () => {
    const six = await roomId('xglhc');
    const r6 = first(await bettable('xglhc'));
    const m = await t.newMember();
    await t.fund(m.id, '100.00');
    const box = (await room(six)) as {
      playbox: { special: number; childrens: { id: number; playtitle: string; odds: number }[] }[];
    };
    const numbers = box.playbox.find((g) => g.special > 0)?.childrens ?? [];
    // One play per number, 01–49, each at 特码's odds.
    expect(numbers.map((p) => p.id)).toEqual(Array.from({ length: 49 }, (_, i) => 1001 + i));
    expect(numbers[6]).toMatchObject({ id: 1007, playtitle: '07', odds: 47 });
    const reply = await order(
      {
        room_id: six,
        expect: r6.expect,
        order: [
          { id: 1007, total: 5, data: [] },
          { id: 101, total: 5, data: [7] },
        ],
      },
      { as: m.token },
    );
    expectEnvelope(reply);
    expect(lotteryOrder.response.parse(reply.body.data)?.content).toBe(
      `第${r6.expect}期 特码 07 5.00元, 特码 07 5.00元`,
    );
    const lines = await t.db
      .select()
      .from(lotteryOrders)
      .where(eq(lotteryOrders.userId, m.id))
      .orderBy(asc(lotteryOrders.id));
    expect(lines.map((l) => [l.playId, l.pick, l.stakeCents, l.oddsHundredths])).toEqual([
      [101, 7, 500n, 4700],
      [101, 7, 500n, 4700],
    ]);
  });

  it('replays an Idempotency-Key: one order, one debit, the same reply', async () => {
    const id = await roomId('xy28');
    const r = first(await bettable('xy28'));
    const before = await balanceOf(memberId);
    const body = { room_id: id, expect: r.expect, order: [{ id: 209, total: 3, data: [] }] };
    const [a, b] = await Promise.all([
      order(body, { key: 'lottery-once-1' }),
      order(body, { key: 'lottery-once-1' }),
    ]);
    const c = await order(body, { key: 'lottery-once-1' });
    expect(a.body?.code).toBe(200);
    expect([b.text, c.text]).toEqual([a.text, a.text]);
    expect(await balanceOf(memberId)).toBe(before - 300n);
    const [n] = await t.db
      .select({ n: count() })
      .from(lotteryOrders)
      .where(and(eq(lotteryOrders.roundId, r.id), eq(lotteryOrders.userId, memberId)));
    expect(n?.n).toBe(1);
  });
});

describe('orders racing the close and the draw', () => {
  it('each order is wholly in the round with its stake taken, or refused with the balance untouched', async () => {
    const id = await roomId('jnd28', 1);
    await toNextRound('jnd28');
    const r = await openRound('jnd28');
    const members = await Promise.all(Array.from({ length: 10 }, () => t.newMember()));
    for (const m of members) await t.fund(m.id, '100.00');
    setClock(r.closesAt.getTime() - 1);
    const body = {
      room_id: id,
      expect: r.expect,
      order: [
        { id: 203, total: 5, data: [] },
        { id: 204, total: 5, data: [] },
      ],
    };
    // The close arrives when the third order is committed (its room message is published: each
    // member's first order is announced at once), while the others are still queued for a connection
    // or inside their transaction.
    let committed = 0;
    let off = t.app.roomBus.subscribe(id, (msg) => {
      if (msg.type === 'order' && ++committed === 3) setClock(r.closesAt.getTime());
    });
    const replies = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const m = members[i % members.length];
        if (!m) throw new Error('no member');
        return { m, reply: await order(body, { as: m.token }) };
      }),
    );
    off();
    const accepted = replies.filter((x) => x.reply.body?.code === 200);
    const refused = replies.filter((x) => x.reply.body?.code !== 200);
    expect(accepted.length).toBeGreaterThanOrEqual(3);
    expect(accepted.length + refused.length).toBe(40);
    for (const x of refused) expect(refusal(x.reply)).toEqual([400, MSG_ROUND_CLOSED]);
    if (isPg()) expect(refused.length).toBeGreaterThan(0);
    for (const m of members) {
      const n = accepted.filter((x) => x.m.id === m.id).length;
      expect(await balanceOf(m.id)).toBe(10_000n - BigInt(n) * 1000n);
      const [lines] = await t.db
        .select({ n: count() })
        .from(lotteryOrders)
        .where(and(eq(lotteryOrders.userId, m.id), eq(lotteryOrders.roundId, r.id)));
      expect(lines?.n).toBe(2 * n);
    }
    const batches = await t.db
      .select({ batch: lotteryOrders.batch, n: count() })
      .from(lotteryOrders)
      .where(eq(lotteryOrders.roundId, r.id))
      .groupBy(lotteryOrders.batch);
    expect(batches.every((b) => b.n === 2)).toBe(true);
    expect(batches).toHaveLength(accepted.length);

    // The next round: orders racing the draw itself, with two drawing processes at once.
    const next = await roundRow(
      'jnd28',
      slotAt(lotteryTiming(await lotteryOf('jnd28')), r.drawsAt.getTime()).expect,
    );
    setClock(next.opensAt.getTime() + 1000);
    await drive();
    // The room hears a member's first order of a quiet second at once (later ones within the second
    // wait for the next announcement): let the announcements of the orders above go out first.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // The draw comes (twice: two processes at once) when the third order of the round is committed.
    committed = 0;
    let drawing: Promise<unknown> = Promise.resolve();
    off = t.app.roomBus.subscribe(id, (msg) => {
      if (msg.type === 'order' && ++committed === 3) {
        setClock(next.drawsAt.getTime());
        drawing = Promise.all([drive(), drive()]);
      }
    });
    const racing = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const m = members[i % members.length];
        if (!m) throw new Error('no member');
        return order({ ...body, expect: next.expect }, { as: m.token });
      }),
    );
    off();
    await drawing;
    await drive();
    const ok = racing.filter((x) => x.body?.code === 200).length;
    expect(ok).toBeGreaterThanOrEqual(3);
    for (const x of racing.filter((y) => y.body?.code !== 200)) {
      expect([MSG_ROUND_CLOSED, '期号已过期']).toContain(x.body?.message);
    }
    if (isPg()) expect(ok).toBeLessThan(30);
    const open = await t.db
      .select({ n: count() })
      .from(lotteryOrders)
      .where(and(inArray(lotteryOrders.roundId, [r.id, next.id]), eq(lotteryOrders.state, 'open')));
    expect(open[0]?.n).toBe(0);
    const [nextLines] = await t.db
      .select({ n: count() })
      .from(lotteryOrders)
      .where(eq(lotteryOrders.roundId, next.id));
    expect(nextLines?.n).toBe(2 * ok);
    // 单 and 双 at 5: exactly one wins each order (5.00 × 1.96), so every accepted order pays back
    // 9.80 of its 10.00 (0.20 lost), which hedges all of it: nothing at risk.
    const orders = (m: { id: number }) =>
      accepted.filter((x) => x.m.id === m.id).length +
      racing.filter((x, i) => x.body?.code === 200 && members[i % members.length]?.id === m.id).length;
    for (const m of members) expect(await balanceOf(m.id)).toBe(10_000n - 20n * BigInt(orders(m)));
    // One valid bet per member and round, of 0.
    for (const m of members) {
      const bets = await t.db.select().from(validBets).where(eq(validBets.userId, m.id));
      const rounds = [
        accepted.some((x) => x.m.id === m.id),
        orders(m) > accepted.filter((x) => x.m.id === m.id).length,
      ];
      expect(bets).toHaveLength(rounds.filter(Boolean).length);
      expect(bets.map((b) => [b.stakeCents, b.validCents])).toEqual(bets.map((b) => [b.stakeCents, 0n]));
      expect(bets.reduce((s, b) => s + b.stakeCents, 0n)).toBe(1_000n * BigInt(orders(m)));
    }
  });
});

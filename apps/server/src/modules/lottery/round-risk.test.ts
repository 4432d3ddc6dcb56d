/**
 * Issue 31, lottery: stake limits (a line, a member's round, a round's total; under concurrency too),
 * the exposure of open rounds (what each outcome would cost, by the settlement's rule), and cancelling
 * a round through two operators with every stake refunded.
 */
import {
  lotteryRoom,
  MSG_ROUND_CANCELLED,
  msgLineMax,
  msgMemberRoundMax,
  msgRoundMax,
} from '@app/contract/lottery';
import { MSG_ROUND_ALREADY_CANCELLED, MSG_ROUND_DRAWN_NO_CANCEL } from '@app/contract/console-exposure';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { dataOf } from '../../../test/helpers';
import { auditLog } from '../../db/schema/operators';
import { lotteryOrders } from '../../db/schema/lottery';
import { validBets } from '../../db/schema/money';
import {
  balanceOf,
  bettable,
  lotteryOf,
  lotteryTestApp,
  order,
  refusal,
  room,
  roomId,
  roundRow,
  t,
  toNextRound,
} from './test-support';

lotteryTestApp();

let c: TestConsole;
let content: ConsoleAgent;
let finance: ConsoleAgent;
beforeAll(async () => {
  c = await buildTestConsole(t);
  content = await c.signIn('content');
  finance = await c.signIn('finance');
}, 60_000);
afterAll(async () => {
  await c.close();
});

async function funded(yuan = '1000.00') {
  const m = await t.newMember();
  await t.fund(m.id, yuan);
  return m;
}
const big = (total: number | string) => [{ id: 201, total, data: [] }];
const setLimits = async (code: string, limits: Record<string, string>) => {
  const l = await lotteryOf(code);
  const reply = await content.post('/api/lottery/lotteries/update', {
    id: l.id,
    enabled: true,
    period_seconds: l.periodSeconds,
    close_seconds: l.closeSeconds,
    ...limits,
  });
  return dataOf<Record<string, unknown>>(reply);
};
type Exposure = {
  items: {
    id: string;
    expect: string;
    stake: string;
    lines: number;
    members: number;
    worst: string;
    outcomes: { outcome: string; payout: string; result: string }[];
  }[];
};
const exposureOf = async (code: string) =>
  dataOf<Exposure>(
    await finance.get('/api/lottery/exposure', { lottery_id: String((await lotteryOf(code)).id) }),
  );

describe('stake limits', () => {
  it('a line, a member’s round and the round’s total: refused whole with the contract’s messages; empty clears', async () => {
    const saved = await setLimits('jnd28', { line_max: '50', member_round_max: '100', round_max: '150.5' });
    expect(saved).toMatchObject({ line_max: '50.00', member_round_max: '100.00', round_max: '150.50' });
    const [a, b] = [await funded(), await funded()];
    const [r] = await bettable('jnd28');
    const room = await roomId('jnd28');
    const send = (m: { token: string }, o: unknown) =>
      order({ room_id: room, expect: r?.expect, order: o }, { as: m.token });
    expect(refusal(await send(a, big('50.01')))).toEqual([400, msgLineMax(5000)]);
    expect(msgLineMax(5000)).toBe('单注金额不能超过 50.00 元');
    expect((await send(a, [...big(50), ...big(30)])).body?.code).toBe(200);
    expect(refusal(await send(a, big(30)))).toEqual([400, msgMemberRoundMax(10000, 8000)]);
    expect(msgMemberRoundMax(10000, 8000)).toBe('本期您的投注总额不能超过 100.00 元（已投 80.00 元）');
    expect((await send(b, big(50))).body?.code).toBe(200);
    expect(refusal(await send(b, big(30)))).toEqual([400, msgRoundMax(2050)]);
    expect((await send(b, big('20.50'))).body?.code).toBe(200);
    expect(refusal(await send(a, big(1)))).toEqual([400, '本期投注已达上限，请下期再投']);
    expect(await balanceOf(a.id)).toBe(100_000n - 8000n);
    expect(await balanceOf(b.id)).toBe(100_000n - 7050n);
    const cleared = await setLimits('jnd28', { line_max: '', member_round_max: '', round_max: '' });
    expect(cleared).toMatchObject({ line_max: '', member_round_max: '', round_max: '' });
    expect((await send(a, big(60))).body?.code).toBe(200);
  });

  it('a round’s total holds when many members order at once (PostgreSQL: truly concurrent)', async () => {
    await setLimits('xy28', { round_max: '9' });
    try {
      const members = await Promise.all(Array.from({ length: 8 }, () => funded('10.00')));
      const [r] = await bettable('xy28');
      const room = await roomId('xy28');
      const replies = await Promise.all(
        members.map((m) => order({ room_id: room, expect: r?.expect, order: big(2) }, { as: m.token })),
      );
      expect(replies.filter((x) => x.body?.code === 200)).toHaveLength(4);
      for (const x of replies.filter((y) => y.body?.code !== 200))
        expect(refusal(x)).toEqual([400, msgRoundMax(100)]);
      const stakes = await t.db
        .select()
        .from(lotteryOrders)
        .where(eq(lotteryOrders.roundId, r?.id ?? 0n));
      expect(stakes.reduce((s, l) => s + l.stakeCents, 0n)).toBe(800n);
    } finally {
      await setLimits('xy28', { round_max: '' });
    }
  });
});

describe('exposure', () => {
  it('each outcome of an open round costs what its settlement pays; worst first; drawn rounds leave the list', async () => {
    const [a, b] = [await funded(), await funded()];
    await toNextRound('xy28'); // a round of its own
    const [r] = await bettable('xy28');
    if (!r) throw new Error('no round');
    const room = await roomId('xy28', 1);
    await order({ room_id: room, expect: r.expect, order: big(10) }, { as: a.token });
    await order(
      { room_id: room, expect: r.expect, order: [{ id: 313, total: 2, data: [] }, ...big(3)] },
      { as: b.token },
    );
    const open = (await exposureOf('xy28')).items.find((x) => x.expect === r.expect);
    expect(open).toMatchObject({ stake: '15.00', lines: 3, members: 2 });
    expect(open?.outcomes).toHaveLength(28);
    const results = open?.outcomes.map((o) => Number(o.result)) ?? [];
    expect(results).toEqual([...results].sort((x, y) => x - y));
    expect(open?.worst).toBe(open?.outcomes[0]?.result);
    // 大 (14–27) pays 13 × 1.96 = 25.48 on every big sum: the house loses 10.48 there (no 和值 13).
    expect(open?.outcomes.find((o) => o.outcome === '和值 20')).toMatchObject({
      payout: '25.48',
      result: '-10.48',
    });
    await toNextRound('xy28');
    const drawn = await roundRow('xy28', r.expect);
    const sum = (drawn.balls ?? '').split(',').reduce((s, x) => s + Number(x), 0);
    const lines = await t.db.select().from(lotteryOrders).where(eq(lotteryOrders.roundId, r.id));
    const paid = lines.reduce((s, l) => s + l.payoutCents, 0n);
    const expected = open?.outcomes.find((o) => o.outcome === `和值 ${sum}`);
    expect(expected?.payout).toBe((Number(paid) / 100).toFixed(2));
    expect((await exposureOf('xy28')).items.map((x) => x.expect)).not.toContain(r.expect);
  });
});

describe('cancelling a round', () => {
  it('two operators: every stake refunded, ledger balanced, audited; never drawn or settled; asked again refused', async () => {
    const [a, b] = [await funded(), await funded()];
    await toNextRound('jnd28'); // a round of its own
    const [r] = await bettable('jnd28');
    if (!r) throw new Error('no round');
    const rooms = [await roomId('jnd28', 0), await roomId('jnd28', 1)];
    await order(
      { room_id: rooms[0], expect: r.expect, order: [...big(10), { id: 305, total: 3, data: [] }] },
      { as: a.token },
    );
    await order({ room_id: rooms[1], expect: r.expect, order: big(7) }, { as: a.token });
    await order({ room_id: rooms[1], expect: r.expect, order: big('4.5') }, { as: b.token });
    expect([await balanceOf(a.id), await balanceOf(b.id)]).toEqual([100_000n - 2000n, 100_000n - 450n]);

    const asked = await content.post('/api/lottery/rounds/cancel', {
      id: r.id.toString(),
      reason: '开奖源异常',
    });
    const ticket = dataOf<{ review_id: number; summary: string }>(asked);
    expect(ticket.summary).toMatch(/^撤销加拿大28第\d+期（目前2人4注，投注 24\.50 元全部退回）$/);
    expect(asked.body?.message).toContain('已提交复核（撤销期号）');
    // Not yet: the round still takes orders until a second operator approves.
    expect((await roundRow('jnd28', r.expect)).cancelledAt).toBeNull();
    expect(
      (await content.post('/api/approvals/decide', { id: ticket.review_id, approve: true, note: '' })).status,
    ).toBe(403);
    const decided = await finance.post('/api/approvals/decide', {
      id: ticket.review_id,
      approve: true,
      note: '',
    });
    expect(dataOf<{ item: { status: string; result: string } }>(decided).item).toMatchObject({
      status: 'approved',
      result: expect.stringContaining('2人4注共 24.50 元已退回'),
    });

    expect([await balanceOf(a.id), await balanceOf(b.id)]).toEqual([100_000n, 100_000n]);
    const lines = await t.db.select().from(lotteryOrders).where(eq(lotteryOrders.roundId, r.id));
    expect(lines.every((l) => l.state === 'cancelled' && l.payoutCents === l.stakeCents && l.settledAt)).toBe(
      true,
    );
    const row = await roundRow('jnd28', r.expect);
    expect(row.cancelledAt).not.toBeNull();
    expect(row.settledAt).not.toBeNull();
    expect(row.cancelledBy).toContain(finance.name);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lotteryRound.cancel'), eq(auditLog.targetId, r.id.toString())));
    expect(audit?.after).toMatchObject({ reason: '开奖源异常', refunded: '24.50', maker_name: content.name });

    expect(
      refusal(await order({ room_id: rooms[0], expect: r.expect, order: big(1) }, { as: a.token })),
    ).toEqual([400, MSG_ROUND_CANCELLED]);
    const again = await content.post('/api/lottery/rounds/cancel', {
      id: r.id.toString(),
      reason: '再来一次',
    });
    expect(refusal(again)).toEqual([400, MSG_ROUND_ALREADY_CANCELLED]);
    expect((await exposureOf('jnd28')).items.map((x) => x.expect)).not.toContain(r.expect);

    // The draw and settlement pass it by: no balls, no valid bet, balances unchanged.
    const report = await toNextRound('jnd28');
    const drawnOf = report.drawn.filter((d) => d.code === 'jnd28').map((d) => d.expect);
    expect(drawnOf).toEqual([]);
    const after = await roundRow('jnd28', r.expect);
    expect([after.drawnAt, after.balls]).toEqual([null, null]);
    expect(await t.db.select().from(validBets).where(eq(validBets.userId, a.id))).toEqual([]);
    expect(await balanceOf(a.id)).toBe(100_000n);
    // Members see it among the results as 已撤销, without balls or seed; the last draw is another round.
    const shown = lotteryRoom.response.parse(await room(rooms[0] ?? 0, a.token));
    expect(shown.history.find((d) => d.expect === r.expect)).toMatchObject({
      numbers: [],
      cancelled: true,
      seed: null,
    });
    expect(shown.now.last?.expect).not.toBe(r.expect);
    // A drawn round cannot be cancelled.
    const next = (await toNextRound('jnd28')).drawn.find((d) => d.code === 'jnd28');
    const drawn = await roundRow('jnd28', next?.expect ?? '');
    const late = await content.post('/api/lottery/rounds/cancel', {
      id: drawn.id.toString(),
      reason: '晚了',
    });
    expect(refusal(late)).toEqual([400, MSG_ROUND_DRAWN_NO_CANCEL]);
  });
});

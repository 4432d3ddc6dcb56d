/**
 * Issue 32: lottery orders against a member's loss and wager limits and a break, counted inside the
 * order's transaction under the member's lock: 50 orders at once against a loss limit of 20.00 stop
 * exactly at it (on PostgreSQL as well, where they truly run at once).
 */
import { limitMessage } from '@app/contract/protection';
import { describe, expect, it } from 'vitest';
import { dataOf } from '../../../test/helpers';
import { balanceOf, bettable, lotteryTestApp, order, refusal, roomId, t } from '../lottery/test-support';
import { takeBreak } from './service';

lotteryTestApp();

const oneLine = (expect: string, room: number, total = 1) => ({
  room_id: room,
  expect,
  order: [{ id: 201, total, data: [] }],
});

describe('lottery orders', () => {
  it('50 orders at once against a loss limit of 20.00: exactly 20 are accepted', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '1000.00');
    dataOf(
      await t.post(
        '/api/protection/limit',
        { kind: 'loss', period: 'day', amount: '20' },
        { token: m.token },
      ),
    );
    const [r] = await bettable('jnd28');
    if (!r) throw new Error('no round');
    const room = await roomId('jnd28');
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => order(oneLine(r.expect, room), { as: m.token })),
    );
    const ok = replies.filter((x) => x.body?.code === 200);
    expect(ok).toHaveLength(20);
    for (const x of replies.filter((y) => y.body?.code !== 200)) {
      expect(refusal(x)).toEqual([400, limitMessage('每24小时亏损限额', '0.00')]);
    }
    expect(await balanceOf(m.id)).toBe(98_000n);
  });

  it('an order beyond a wager limit is refused with what is left; a break refuses every order', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '1000.00');
    dataOf(
      await t.post(
        '/api/protection/limit',
        { kind: 'wager', period: 'week', amount: '10' },
        { token: m.token },
      ),
    );
    const [r] = await bettable('jnd28');
    if (!r) throw new Error('no round');
    const room = await roomId('jnd28');
    dataOf(await order(oneLine(r.expect, room, 6), { as: m.token }));
    expect(refusal(await order(oneLine(r.expect, room, 5), { as: m.token }))).toEqual([
      400,
      limitMessage('每7天投注限额', '4.00'),
    ]);
    dataOf(await order(oneLine(r.expect, room, 4), { as: m.token }));

    const other = await t.newMember();
    await t.fund(other.id, '100.00');
    await takeBreak(t.db, t.app.roomBus, other.id, { kind: 'exclusion', months: 0 });
    const token = await t.login(other.name, other.password);
    expect(refusal(await order(oneLine(r.expect, room), { as: token }))).toEqual([
      400,
      '您已永久自我排除，只能提款和查看记录',
    ]);
    expect(await balanceOf(other.id)).toBe(10_000n);
  });
});

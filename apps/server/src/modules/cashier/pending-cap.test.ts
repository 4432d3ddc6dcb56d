/**
 * Issue 13 item 12 (d): at most 5 deposits in review per member; the 6th is refused with a clear
 * message, also when they arrive at once (on PostgreSQL: 6 concurrent requests, 5 accepted).
 */
import { MAX_PENDING_DEPOSITS, MSG_TOO_MANY_PENDING_DEPOSITS } from '@app/contract/cashier';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../core/clock';
import { deposits } from '../../db/schema/money';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { cliActor } from '../../db/audit';
import { rejectDeposit } from './review';
import { WINDOW_MS } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(() => {
  resetClock();
});
afterAll(async () => {
  await t.close();
});

const recharge = (token: string) =>
  t.post(
    '/api/recharge',
    { paytype: 'usdt', amount: '720.00', catepay: 'trc20' },
    { token, headers: idem() },
  );
const pendingOf = async (userId: number) =>
  (
    await t.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, userId), eq(deposits.state, 1)))
  ).length;

describe('pending deposits per member', () => {
  it('the 6th deposit in review is refused with the message; a reviewed one frees a place', async () => {
    const m = await t.newMember();
    const numbers: string[] = [];
    for (let i = 0; i < MAX_PENDING_DEPOSITS; i += 1) {
      numbers.push(dataOf<{ deposit_no: string }>(await recharge(m.token)).deposit_no);
    }
    const sixth = await recharge(m.token);
    expect([sixth.status, sixth.body?.message]).toEqual([400, MSG_TOO_MANY_PENDING_DEPOSITS]);
    expect(MSG_TOO_MANY_PENDING_DEPOSITS).toBe('您有5笔存款正在审核，请等待审核后再提交');
    expect(await pendingOf(m.id)).toBe(5);
    // Another member is not affected.
    const other = await t.newMember();
    dataOf(await recharge(other.token));
    // Once one is reviewed, the member may deposit again.
    expect((await rejectDeposit(t.db, numbers[0] ?? '', cliActor())).ok).toBe(true);
    dataOf(await recharge(m.token));
    expect((await recharge(m.token)).status).toBe(400);
  });

  it('a deposit past its payment window no longer holds a place', async () => {
    const m = await t.newMember();
    for (let i = 0; i < MAX_PENDING_DEPOSITS; i += 1) dataOf(await recharge(m.token));
    advanceClock(WINDOW_MS + 1000);
    dataOf(await recharge(m.token));
  });

  it('6 concurrent deposits: 5 accepted, 1 refused', async () => {
    for (let round = 0; round < 3; round += 1) {
      const m = await t.newMember();
      const replies = await Promise.all(Array.from({ length: 6 }, () => recharge(m.token)));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(MAX_PENDING_DEPOSITS);
      const refused = replies.filter((r) => r.status === 400);
      expect(refused.map((r) => r.body?.message)).toEqual([MSG_TOO_MANY_PENDING_DEPOSITS]);
      expect(await pendingOf(m.id)).toBe(MAX_PENDING_DEPOSITS);
    }
  });
});

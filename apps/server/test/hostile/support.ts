/**
 * What the hostile-member replays (review of 2026-11-27) share: a member with a card, a mobile and a
 * deposit, applications through the member's door and reviews through the operator's, lottery rounds
 * driven by a moved clock. Each replay file builds its own app (buildHostileApp at its top).
 */
import { BEIJING_OFFSET_MS } from '@app/contract/codecs';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { now, resetClock, setClock } from '../../src/core/clock';
import { lotteries, lotteryRooms } from '../../src/db/schema/lottery';
import { runDue } from '../../src/modules/lottery/draw';
import { currentRound } from '../../src/modules/lottery/service';
import { readyMember } from '../../src/modules/withdrawals/test-support';
import { buildTestApp, dataOf, idem, type Reply, type TestApp } from '../helpers';

export let t: TestApp;

/** The app of one replay file, its clock left at `start`, the ledger checked after every test. */
export function buildHostileApp(start: number): void {
  beforeAll(async () => {
    setClock(start);
    t = await buildTestApp();
  });
  afterEach(async () => {
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
  });
  afterAll(async () => {
    await t.close();
    resetClock();
  });
}

/** Epoch ms of a Beijing wall-clock time. */
export const beijingAt = (day: string, hour = 0, minute = 0) =>
  Date.parse(`${day}T00:00:00Z`) - BEIJING_OFFSET_MS + (hour * 60 + minute) * 60_000;

export type Member = Awaited<ReturnType<typeof readyMember>>;

/** A member with 1.00 of credit, a card, a USDT address and a mobile of its own (withdrawals/test-support). */
export const member = () => readyMember(t, '1.00');

/** A deposit of `yuan` placed by the member and approved by the operator; its number. */
export async function deposit(token: string, yuan: number, way: 'bank' | 'usdt' = 'bank'): Promise<string> {
  const body =
    way === 'usdt'
      ? { paytype: 'usdt', amount: yuan, catepay: 'trc20' }
      : {
          paytype: 'bank',
          amount: yuan,
          bank_owner: '张三',
          bank: '招商银行',
          bank_no: '6222000011112222',
          bank_address: '深圳',
        };
  const no = dataOf<{ deposit_no: string }>(
    await t.post('/api/recharge', body, { token, headers: idem() }),
  ).deposit_no;
  dataOf(await t.op('/deposits/approve', { deposit_no: no }));
  return no;
}

export async function activityId(title: string): Promise<number> {
  const all = dataOf<{ data: { id: number; title: string }[] }>(await t.post('/api/activitylist')).data;
  const found = all.find((a) => a.title === title);
  if (!found) throw new Error(`no activity ${title}`);
  return found.id;
}

export const apply = (token: string, activityid: number) =>
  t.post('/api/doactivityapply', { activityid }, { token });

/** The member's pending application for the activity (the operator's list). */
export async function pendingOf(name: string, activity: string): Promise<number> {
  const list = dataOf<{ applications: { id: number; username: string; activity: string; state: number }[] }>(
    await t.op('/activities/applications'),
  ).applications;
  const id = list.find((a) => a.username === name && a.activity === activity)?.id;
  if (id === undefined) throw new Error(`no pending application of ${name} for ${activity}`);
  return id;
}

export const approve = async (name: string, activity: string) =>
  t.op('/activities/approve', { id: await pendingOf(name, activity) });

export const refusal = (r: Reply) => [r.status, r.body?.message];

export const balance = async (token: string) =>
  Number(dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token })).balance);

export interface Owed {
  bet_amount: string;
  recharge_amount: string;
  items: { source: string; required: string; done: string; weights: string }[];
}
export const owed = async (token: string) => dataOf<Owed>(await t.post('/api/getBetAmount', {}, { token }));

export const withdraw = (m: Member, yuan: number) =>
  t.post(
    '/api/withdraw',
    { type: 'bank', amount: yuan, bank: m.bank, password: 'secret123' },
    { token: m.token, headers: idem() },
  );

/* Lottery ----------------------------------------------------------------------------------------- */

export const BIG = 201;
export const SMALL = 202;

export async function roomOf(code: string): Promise<number> {
  const [r] = await t.db
    .select({ id: lotteryRooms.id })
    .from(lotteryRooms)
    .innerJoin(lotteries, eq(lotteries.id, lotteryRooms.lotteryId))
    .where(and(eq(lotteries.code, code), eq(lotteryRooms.minVipLevel, 1)))
    .orderBy(asc(lotteryRooms.id))
    .limit(1);
  if (!r) throw new Error(`no room of ${code}`);
  return r.id;
}

const drive = () => runDue(t.db, t.app.roomBus, now());

/** The round of the room open for bets (the clock moved past a closed one's draw). */
export async function openRound(roomId: number) {
  let { round } = await currentRound(t.db, roomId);
  if (now() >= round.closesAt.getTime()) {
    setClock(round.drawsAt.getTime() + 1000);
    await drive();
    ({ round } = await currentRound(t.db, roomId));
  }
  return round;
}

/** Lines of [play id, yuan] on the round open now; the reply. */
export async function order(token: string, roomId: number, expect: string, lines: [number, number][]) {
  const body = { room_id: roomId, expect, order: lines.map(([id, total]) => ({ id, total, data: [] })) };
  return t.post('/api/lotteryOrder', body, { token, headers: idem() });
}

/** Draws and settles the round (every run needed to settle it all). */
export async function settle(round: { drawsAt: Date }) {
  setClock(Math.max(now(), round.drawsAt.getTime() + 1000));
  for (let i = 0; i < 10; i++) if ((await drive()).settledLines === 0) break;
}

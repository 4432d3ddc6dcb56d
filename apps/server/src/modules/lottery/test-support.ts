/**
 * The lottery tests' shared app (used by the rooms, orders and settlement tests only): one member
 * with 1000.00, the clock at T0 and the ledger checked after every test; and the helpers that find
 * rooms and rounds, move the clock to a round and place orders. Each test file calls
 * lotteryTestApp() once at its top; `t`, `token` and `memberId` are live bindings set by its beforeAll.
 */
import { BEIJING_OFFSET_MS } from '@app/contract/codecs';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { now, resetClock, setClock } from '../../core/clock';
import { lotteries, lotteryRounds } from '../../db/schema/lottery';
import { centralBalance } from '../wallet/service';
import { buildTestApp, dataOf, expectEnvelope, idem, type Reply, type TestApp } from '../../../test/helpers';
import { runDue, type RunDueOptions } from './draw';

/** Beijing 2030-01-15 23:40:00: a few 210 s rounds before a Beijing midnight. */
const T0 = Date.UTC(2030, 0, 15, 23, 40, 0) - BEIJING_OFFSET_MS;

export let t: TestApp;
export let token: string;
export let memberId: number;

/** Registers the hooks: the app and its member before the file's tests, the ledger check after each. */
export function lotteryTestApp(): void {
  beforeAll(async () => {
    setClock(T0);
    t = await buildTestApp();
    const m = await t.newMember();
    token = m.token;
    memberId = m.id;
    await t.fund(m.id, '1000.00');
  });
  afterEach(async () => {
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
  });
  afterAll(async () => {
    await t.close();
    resetClock();
  });
}

export type RoomList = { id: number; title: string; lottery: { title: string } }[];
type RoomWire = {
  id: number;
  title: string;
  ftime: number;
  lottery: {
    title: string;
    type: number;
    nowdata: {
      expect: string;
      nextexpect: string;
      timeout: number;
      hash: string;
      last: Record<string, unknown> | null;
    };
    openlist: Record<string, unknown>[];
  };
  chatdata: { user_id: number; author: string; content: string; type: string; expect: string }[];
  playbox: { name: string; special: number; childrens: { id: number; playtitle: string; odds: number }[] }[];
};

export const drive = (opts: RunDueOptions = {}) => runDue(t.db, t.app.roomBus, now(), opts);

export async function roomsOf(name: string): Promise<RoomList> {
  return dataOf<RoomList>(await t.post('/api/lotteryRoom', { name }));
}
export async function roomId(code: string, index = 0): Promise<number> {
  const room = (await roomsOf(code))[index];
  if (!room) throw new Error(`no room ${index} of ${code}`);
  return room.id;
}
export async function room(id: number, as = token): Promise<RoomWire> {
  return dataOf<RoomWire>(await t.get('/api/lotteryRoom', { room_id: String(id) }, { token: as }));
}
export async function lotteryOf(code: string) {
  const [l] = await t.db.select().from(lotteries).where(eq(lotteries.code, code));
  if (!l) throw new Error(`no lottery ${code}`);
  return l;
}
/** The round row (seed included: the test reads the database, as no client can). */
export async function roundRow(code: string, expectText: string) {
  const l = await lotteryOf(code);
  const [r] = await t.db
    .select()
    .from(lotteryRounds)
    .where(and(eq(lotteryRounds.lotteryId, l.id), eq(lotteryRounds.expect, expectText)));
  if (!r) throw new Error(`no round ${code} ${expectText}`);
  return r;
}
/** The open round of a lottery as the room shows it, and its row. */
export async function openRound(code: string) {
  const data = await room(await roomId(code));
  return roundRow(code, data.lottery.nowdata.nextexpect);
}
/** Moves the clock to 1 s after the open round's draw, then runs the scheduled step. */
export async function toNextRound(code: string, opts: RunDueOptions = {}) {
  const r = await openRound(code);
  setClock(r.drawsAt.getTime() + 1000);
  return drive(opts);
}
/**
 * Moves the clock forward (never back) until every named lottery's round is open for bets, running
 * the scheduled step at each move; returns those rounds.
 */
export async function bettable(...codes: string[]) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const rounds = [];
    let moved = false;
    for (const code of codes) {
      const r = await openRound(code);
      if (now() >= r.closesAt.getTime()) {
        setClock(r.drawsAt.getTime() + 1000);
        await drive();
        moved = true;
        break;
      }
      rounds.push(r);
    }
    if (!moved) return rounds;
  }
  throw new Error(`no moment when ${codes.join(', ')} are all open`);
}
export function order(
  body: Record<string, unknown>,
  opts: { key?: string; as?: string } = {},
): Promise<Reply> {
  return t.post('/api/lotteryOrder', body, { token: opts.as ?? token, headers: idem(opts.key) });
}
export const refusal = (r: Reply) => {
  expectEnvelope(r);
  return [r.status, r.body.message];
};
export const balanceOf = async (userId: number) => centralBalance(t.db, userId);

/**
 * Every win paid once (settle.ts pays a member's wins of a batch as one movement naming the member's
 * lines of the round by id range): `wrong`, the movements whose amount is not the payout of the lines
 * they name; `unpaid`, the won lines no movement names, or more than one. Both empty when all is well.
 */
export async function winsPaidOnce(rows: <T>(query: SQL) => Promise<T[]>) {
  const wins = sql`select w.user_id, e.tx_id, e.amount_cents as cents, split_part(e.reference, ':', 2) as code,
        split_part(e.reference, ':', 3) as expect,
        split_part(split_part(e.reference, ':', 4), '-', 1)::bigint as first,
        split_part(split_part(e.reference, ':', 4), '-', 2)::bigint as last
      from ledger_entries e join wallets w on w.id = e.wallet_id
     where e.reason = 'lottery_win' and e.reference like 'lottery_win:%'`;
  const lines = sql`select o.id, o.user_id, o.payout_cents, l.code, r.expect from lottery_orders o
      join lottery_rounds r on r.id = o.round_id join lotteries l on l.id = r.lottery_id
     where o.state <> 'open'`;
  const named = sql`l.user_id = w.user_id and l.code = w.code and l.expect = w.expect and l.id between w.first and w.last`;
  const wrong = await rows<{ tx: string; cents: string; lines: string }>(sql`
    with w as (${wins}), l as (${lines})
    select w.tx_id::text as tx, w.cents::text as cents, coalesce(sum(l.payout_cents), 0)::text as lines
      from w left join l on ${named} group by w.tx_id, w.cents having w.cents <> coalesce(sum(l.payout_cents), 0)`);
  const unpaid = await rows<{ id: string; n: number }>(sql`
    with w as (${wins}), l as (${lines})
    select l.id::text as id, count(w.tx_id)::int as n from l left join w on ${named}
     where l.payout_cents > 0 group by l.id having count(w.tx_id) <> 1`);
  return { wrong, unpaid };
}

import { performance } from 'node:perf_hooks';
import { ChatServerMessage } from '@app/contract/lottery';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { now, resetClock, setClock } from '../../core/clock';
import { chatMessages, lotteryOrders } from '../../db/schema/lottery';
import { buildTestApp, dataOf } from '../../../test/helpers';
import { runDue } from '../lottery/draw';
import { nextSlot } from '../lottery/scheduler';
import { lookupSession, revokeSession } from '../../identity/sessions';
import { cleanChatText } from './service';
import { createLotteryWithRooms, listeningTestApp, SocketClient, type ListeningApp } from './test-support';

let t: ListeningApp;
/** Two rooms of a type 2 lottery, one of a type 1 lottery. */
let room2a: number;
let room2b: number;
let room1: number;
const opened: SocketClient[] = [];
const tokens: string[] = [];

beforeAll(async () => {
  t = await listeningTestApp({ captureLogs: true });
  const type2 = await createLotteryWithRooms(t.db, 2, 2);
  const type1 = await createLotteryWithRooms(t.db, 1, 1);
  [room2a = 0, room2b = 0] = type2.roomIds;
  [room1 = 0] = type1.roomIds;
});
afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  // Logs are at debug level here, request lines included: no session token may appear in them.
  const logs = t.logs.join('');
  for (const token of tokens) expect(logs).not.toContain(token);
  await t.close();
});

async function member() {
  const m = await t.newMember();
  tokens.push(m.token);
  return m;
}
async function connect(roomId: number | string, token: string | null) {
  const c = await SocketClient.open(t.socketUrl(roomId, token));
  opened.push(c);
  return c;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('opening the socket', () => {
  it('refuses a missing, unknown or revoked token with close code 4401', async () => {
    const m = await member();
    expect(await (await connect(room2a, null)).closed).toEqual({ code: 4401, reason: '请先登录' });
    const fake = 'A'.repeat(43);
    expect(await (await connect(room2a, fake)).closed).toEqual({
      code: 4401,
      reason: '登录已过期，请重新登录',
    });
    expect(await (await connect(room2a, 'not a token')).closed).toMatchObject({ code: 4401 });
    await t.post('/api/logoff', {}, { token: m.token });
    expect(await (await connect(room2a, m.token)).closed).toMatchObject({ code: 4401 });
  });

  it('refuses an unknown, disabled or malformed room with 4404', async () => {
    const m = await member();
    for (const room of ['999999', 'abc', '-1', '']) {
      expect(await (await connect(room, m.token)).closed).toEqual({ code: 4404, reason: '房间不存在' });
    }
  });

  it('refuses a blocked member with 4403', async () => {
    const m = await member();
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, m.id));
    expect(await (await connect(room2a, m.token)).closed).toEqual({ code: 4403, reason: '账号已被冻结' });
  });

  it('answers a plain GET (no upgrade) with a 426 envelope', async () => {
    const r = await t.get('/wss', { roomid: String(room2a) });
    expect([r.status, r.body]).toEqual([426, { code: 426, message: '请使用WebSocket连接', data: null }]);
  });
});

describe('heartbeat', () => {
  it("answers the text 'ping' with the text 'pong'", async () => {
    const m = await member();
    const c = await connect(room2a, m.token);
    c.send('ping');
    expect(await c.next()).toBe('pong');
    c.send('"ping"');
    await c.next((f) => f === 'pong', 3000, 1);
    expect(c.frames).toEqual(['pong', 'pong']);
  });

  it('drops a socket silent for more than 30 s, and keeps the others', async () => {
    const m = await member();
    const silent = await connect(room2a, m.token);
    await sleep(500);
    const alive = await connect(room2a, m.token);
    await alive.roundTrip();
    // A sweep as if 29.75 s had passed: over 30 s since the silent one's last sign of life, not since
    // the live one's ping.
    const hub = t.app.chatHub;
    const before = hub.size;
    hub.sweep(performance.now() + 29_750);
    expect((await silent.closed).code).toBe(1006);
    expect(alive.isOpen).toBe(true);
    expect(hub.size).toBeLessThan(before);
    await alive.roundTrip();
  });
});

describe('chat messages', () => {
  it('reach every member of the room, the sender included, and no other room; stored in the history', async () => {
    const a = await member();
    const b = await member();
    const elsewhere = await member();
    const ca = await connect(room2a, a.token);
    const cb = await connect(room2a, b.token);
    const cc = await connect(room2b, elsewhere.token);
    // The author and id are the session's: whatever the frame claims is ignored.
    ca.send({
      content: '  大家好 <b>hi</b>  ',
      order: false,
      author: 'admin',
      id: 1,
      sysmsg: true,
      avatar: 'x',
    });
    const got = await cb.nextJson({ content: '大家好 <b>hi</b>' });
    const [profile] = await t.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, a.id));
    expect(got).toMatchObject({
      sysmsg: false,
      id: a.id,
      author: a.name,
      avatar: profile?.avatar,
      type: 'chat',
    });
    expect(got.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(ChatServerMessage.parse(got)).toMatchObject({ system: false, userId: a.id, kind: 'chat' });
    await ca.nextJson({ content: '大家好 <b>hi</b>' });
    await cc.roundTrip();
    expect(cc.messages).toEqual([]);
    const rows = await t.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, room2a), eq(chatMessages.userId, a.id)));
    expect(rows.map((r) => [r.author, r.content, r.kind])).toEqual([[a.name, '大家好 <b>hi</b>', 'chat']]);
  });

  it('accepts 200 characters; 201 get an error frame to the sender only', async () => {
    const a = await member();
    const b = await member();
    const ca = await connect(room2a, a.token);
    const cb = await connect(room2a, b.token);
    ca.send({ content: '长'.repeat(201), order: false });
    const err = await ca.nextJson({ sysmsg: '消息不能超过200个字' });
    expect(err).toMatchObject({ id: 0, content: '消息不能超过200个字', type: 'chat' });
    expect(ChatServerMessage.parse(err)).toMatchObject({ system: true, toast: '消息不能超过200个字' });
    ca.send({ content: '长'.repeat(200), order: false });
    await cb.nextJson({ content: '长'.repeat(200) });
    expect(cb.messages.filter((m) => m.id === 0)).toEqual([]);
  });

  it('accepts one message per second per member, across the member’s sockets', async () => {
    const a = await member();
    const c1 = await connect(room2a, a.token);
    const c2 = await connect(room2b, a.token);
    c1.send({ content: 'one', order: false });
    await c1.nextJson({ content: 'one' });
    c2.send({ content: 'two', order: false });
    await c2.nextJson({ sysmsg: '发言太快，请稍后再试', id: 0 });
    c1.send({ content: 'three', order: false });
    await c1.nextJson({ sysmsg: '发言太快，请稍后再试', id: 0 });
    await sleep(1050);
    c2.send({ content: 'four', order: false });
    await c2.nextJson({ content: 'four', id: a.id });
    // Another member is not limited by a's pace.
    const b = await member();
    const cb = await connect(room2a, b.token);
    cb.send({ content: 'b speaks', order: false });
    await cb.nextJson({ content: 'b speaks', id: b.id });
  });

  it('strips control characters; a message of only spaces is refused', async () => {
    expect(cleanChatText(' a\u0000b\nc\r\n\td\u202e\u0007e\u2066 ')).toBe('ab c de');
    const a = await member();
    const c = await connect(room2a, a.token);
    c.send({ content: 'x\u0000y\u202ez\nw', order: false });
    await c.nextJson({ content: 'xyz w', id: a.id });
    await sleep(1050);
    c.send({ content: '\u0000\u0001 ', order: false });
    await c.nextJson({ sysmsg: '请输入内容' });
  });

  it('stops a member whose session ended while connected, when it next sends (4401)', async () => {
    const m = await member();
    const token = await t.login(m.name, m.password);
    tokens.push(token);
    const c = await connect(room2a, token);
    // Ended in the database only, with no revocation on the bus (see revocation.test.ts for that).
    const found = await lookupSession(t.db, token);
    if (found.status !== 'ok') throw new Error('no session');
    await revokeSession(t.db, found.member.sessionId);
    c.send({ content: 'still here?', order: false });
    expect(await c.closed).toEqual({ code: 4401, reason: '登录已过期，请重新登录' });
  });
});

describe('bet commands', () => {
  it('are refused in a type 1 room', async () => {
    const m = await member();
    const c = await connect(room1, m.token);
    c.send({ content: '大100', order: true });
    await c.nextJson({ sysmsg: '该房间不支持文字下注', id: 0 });
  });

  it('in a type 2 room become an order on the open round: the room sees it, the stake leaves the balance', async () => {
    const slot = nextSlot({ periodSeconds: 210, closeSeconds: 30 }, Date.now());
    setClock(slot.opensAt + 1000);
    try {
      const a = await member();
      const b = await member();
      await t.fund(a.id, '100.00');
      const ca = await connect(room2a, a.token);
      const cb = await connect(room2a, b.token);
      ca.send({ content: '大10 单5', order: true });
      const order = await cb.nextJson({ type: 'order', id: a.id });
      expect(order).toMatchObject({ sysmsg: false, author: a.name, expect: slot.expect });
      expect(order.content).toBe(`第${slot.expect}期 大 10.00元, 单 5.00元`);
      await ca.nextJson({ type: 'order', id: a.id });
      expect(dataOf(await t.post('/api/balance', {}, { token: a.token }))).toEqual({ balance: '85.00' });
      const lines = await t.db.select().from(lotteryOrders).where(eq(lotteryOrders.userId, a.id));
      expect(lines.map((l) => [l.playTitle, l.stakeCents, l.roomId])).toEqual([
        ['大', 1000n, room2a],
        ['单', 500n, room2a],
      ]);

      // Refusals go to the sender only, and move no money.
      await sleep(1050);
      ca.send({ content: '大1000', order: true });
      await ca.nextJson({ sysmsg: '余额不足', id: 0 });
      setClock(slot.closesAt + 1000);
      await sleep(1050);
      ca.send({ content: '小10', order: true });
      await ca.nextJson({ sysmsg: '封盘中禁止投注', id: 0 });
      await cb.roundTrip();
      expect(cb.messages.filter((m) => m.id === 0)).toEqual([]);
      expect(dataOf(await t.post('/api/balance', {}, { token: a.token }))).toEqual({ balance: '85.00' });
      await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true });
    } finally {
      resetClock();
    }
  });

  it('a round ends with short notices (no hash, no toast) and the winner alone hears what they won', async () => {
    const slot = nextSlot({ periodSeconds: 210, closeSeconds: 30 }, Date.now());
    setClock(slot.opensAt + 1000);
    try {
      const a = await member();
      const b = await member();
      await t.fund(a.id, '100.00');
      const ca = await connect(room2a, a.token);
      const cb = await connect(room2a, b.token);
      // 大 and 小 at 10 each: exactly one of them wins, 10 × 1.96.
      ca.send({ content: '大10 小10', order: true });
      await ca.nextJson({ type: 'order', id: a.id });
      setClock(slot.drawsAt + 500);
      await runDue(t.db, t.app.roomBus, now());

      const win = await ca.nextJson({ type: 'win' });
      expect(win).toMatchObject({ id: a.id, sysmsg: false, expect: slot.expect, payout: '19.60' });
      expect(ChatServerMessage.parse(win)).toMatchObject({
        kind: 'win',
        userId: a.id,
        payoutCents: 1960,
        toast: null,
      });
      // Rounds left due by earlier tests may draw in the same pass: wait for this round's notices.
      const next = nextSlot({ periodSeconds: 210, closeSeconds: 30 }, slot.opensAt).expect;
      const open = await cb.nextJson({ type: 'open', expect: next });
      const draw = await cb.nextJson({ type: 'draw', expect: slot.expect });
      expect(open).toMatchObject({ sysmsg: false, id: 0, content: `第${next}期开始投注`, expect: next });
      expect(String(open.hash)).toMatch(/^[0-9a-f]{64}$/); // for 验证, not in the text
      expect(draw).toMatchObject({ sysmsg: false, id: 0, expect: slot.expect });
      for (const m of [open, draw]) {
        expect(String(m.content)).not.toMatch(/[0-9a-f]{16}/);
        expect(ChatServerMessage.parse(m)).toMatchObject({ system: true, toast: null });
      }
      // b bet nothing and hears no win, a's or anyone's.
      await cb.roundTrip();
      expect(cb.messages.filter((m) => m.type === 'win')).toEqual([]);
      expect(dataOf(await t.post('/api/balance', {}, { token: a.token }))).toEqual({ balance: '99.60' });
    } finally {
      resetClock();
    }
  });

  it('that cannot be read come back to the sender with the reason', async () => {
    const m = await member();
    const c = await connect(room2a, m.token);
    c.send({ content: '随便100', order: true });
    await c.nextJson({ sysmsg: '无法识别的下注指令：随便100', id: 0 });
  });
});

describe('robustness', () => {
  it('survives garbage frames, answering each with an error frame', async () => {
    const m = await member();
    const c = await connect(room2a, m.token);
    const garbage = [
      'not json',
      '{',
      '{}',
      '[]',
      'null',
      '42',
      '"hello"',
      JSON.stringify({ content: 12, order: false }),
      JSON.stringify({ content: { nested: [1, 2] } }),
      JSON.stringify({ content: null }),
      JSON.stringify({ content: '' }),
      JSON.stringify({ content: 'x'.repeat(2000) }),
      '\u0000\u0001',
      'PING',
    ];
    for (const g of garbage) c.send(g);
    c.send(Buffer.from([0, 1, 2, 3]));
    await c.roundTrip();
    expect(c.messages.length).toBe(garbage.length + 1);
    expect(c.messages.every((f) => f.id === 0 && typeof f.sysmsg === 'string' && f.sysmsg !== '')).toBe(true);
    expect(c.isOpen).toBe(true);
  });

  it('closes a socket that sends an oversized frame (1009), and the server lives on', async () => {
    const m = await member();
    const c = await connect(room2a, m.token);
    c.send('x'.repeat(5000));
    expect((await c.closed).code).toBe(1009);
    const again = await connect(room2a, m.token);
    await again.roundTrip();
  });

  it('tells connected clients to reconnect when the app closes (1001)', async () => {
    const other = await buildTestApp({ database: t.database, config: t.config });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const address = other.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const m = await member();
    const c = await SocketClient.open(`ws://127.0.0.1:${port}/wss?roomid=${room2a}&_token=${m.token}`);
    await c.roundTrip();
    await other.close();
    expect((await c.closed).code).toBe(1001);
  });
});

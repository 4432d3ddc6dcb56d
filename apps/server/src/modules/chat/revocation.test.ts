/**
 * Chat sockets end with their sign-in (issue 13 item 11): logout, password change and block close
 * them at once on every process (a revocation on the room bus), and a member holds at most
 * MAX_SOCKETS_PER_MEMBER sockets on one process (item 12).
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endedSessions, lookupSession, revokeSession } from '../../identity/sessions';
import { ChatHub, MAX_SOCKETS_PER_MEMBER } from './hub';
import { MSG_TOO_MANY_SOCKETS } from './service';
import { createLotteryWithRooms, listeningTestApp, SocketClient, type ListeningApp } from './test-support';

const ENDED = { code: 4401, reason: '登录已失效，请重新登录' };
const BLOCKED = { code: 4403, reason: '账号已被冻结' };
/** "At once": the close reaches the client within this after the call that ended the session replied. */
const AT_ONCE_MS = 1000;

let t: ListeningApp;
let roomA: number;
let roomB: number;
const opened: SocketClient[] = [];

beforeAll(async () => {
  t = await listeningTestApp();
  [roomA = 0, roomB = 0] = (await createLotteryWithRooms(t.db, 2, 2)).roomIds;
});
afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function connect(app: ListeningApp, roomId: number, token: string) {
  const c = await SocketClient.open(app.socketUrl(roomId, token));
  opened.push(c);
  return c;
}
/** Resolves with the close and how long after `from` it came; fails past `ms`. */
async function closedWithin(c: SocketClient, from: number, ms = AT_ONCE_MS) {
  const closed = await Promise.race([c.closed, sleep(ms).then(() => null)]);
  if (!closed) throw new Error(`socket still open ${ms} ms after the session ended`);
  return { ...closed, ms: performance.now() - from };
}
async function sessionIdOf(token: string): Promise<number> {
  const found = await lookupSession(t.db, token);
  if (found.status !== 'ok') throw new Error(`no live session: ${found.status}`);
  return found.member.sessionId;
}
/** A member with `extra` more signed-in sessions, and a watcher in the room to write to it. */
async function member(extra = 1) {
  const m = await t.newMember();
  const others: string[] = [];
  for (let i = 0; i < extra; i++) others.push(await t.login(m.name, m.password));
  return { ...m, others };
}
/** After a socket closed: a room message sent now reaches `alive` and never `closed`. */
async function roomGoesOn(alive: SocketClient, closed: SocketClient) {
  const w = await t.newMember();
  const watcher = await connect(t, roomA, w.token);
  const content = `after ${Math.random()}`;
  watcher.send({ content, order: false });
  await alive.nextJson({ content });
  await sleep(100);
  expect(closed.frames.filter((f) => f.includes(content))).toEqual([]);
}

describe('ending a sign-in closes its sockets at once', () => {
  it('logout closes that session’s sockets (4401) and leaves the member’s other session’s open', async () => {
    const m = await member(1);
    const other = m.others[0] ?? '';
    const mine = [await connect(t, roomA, m.token), await connect(t, roomB, m.token)];
    const kept = await connect(t, roomA, other);
    const at = performance.now();
    expect((await t.post('/api/logoff', {}, { token: m.token })).body?.code).toBe(200);
    for (const c of mine) expect(await closedWithin(c, at)).toMatchObject(ENDED);
    expect(kept.isOpen).toBe(true);
    await roomGoesOn(kept, mine[0] as SocketClient);
  });

  it('a password change closes the other sessions’ sockets; the changing session keeps its own', async () => {
    const m = await member(2);
    const others = [await connect(t, roomA, m.others[0] ?? ''), await connect(t, roomA, m.others[1] ?? '')];
    const own = await connect(t, roomA, m.token);
    const at = performance.now();
    const r = await t.post(
      '/api/editPassword',
      { password: m.password, paypassword: 'brandnew1' },
      { token: m.token },
    );
    expect(r.body?.code).toBe(200);
    for (const c of others) expect(await closedWithin(c, at)).toMatchObject(ENDED);
    expect(own.isOpen).toBe(true);
    await roomGoesOn(own, others[0] as SocketClient);
  });

  it('a block closes every socket of the member (4403), whichever session opened it', async () => {
    const m = await member(1);
    const all = [await connect(t, roomA, m.token), await connect(t, roomB, m.others[0] ?? '')];
    const bystander = await connect(t, roomA, (await t.newMember()).token);
    const at = performance.now();
    expect((await t.op('/users/block', { username: m.name, blocked: true })).body?.code).toBe(200);
    for (const c of all) expect(await closedWithin(c, at)).toMatchObject(BLOCKED);
    expect(bystander.isOpen).toBe(true);
    await roomGoesOn(bystander, all[0] as SocketClient);
  });

  it('the periodic re-check closes a socket whose session ended with no revocation on the bus', async () => {
    const m = await member(0);
    const c = await connect(t, roomA, m.token);
    await revokeSession(t.db, await sessionIdOf(m.token));
    await sleep(200);
    expect(c.isOpen).toBe(true);
    const hub = t.app.chatHub;
    expect(await hub.recheck((ids) => endedSessions(t.db, ids))).toBeGreaterThanOrEqual(1);
    expect(await closedWithin(c, performance.now())).toMatchObject(ENDED);
  });
});

describe('at most MAX_SOCKETS_PER_MEMBER sockets per member', () => {
  it('refuses the 6th with 4429 and a Chinese reason, and accepts one again once one closes', async () => {
    const m = await member(1);
    const first: SocketClient[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) {
      // Over both sessions and both rooms: the limit is the member's.
      first.push(await connect(t, i % 2 ? roomA : roomB, i % 3 ? m.token : (m.others[0] ?? '')));
    }
    await Promise.all(first.map((c) => c.roundTrip()));
    const sixth = await connect(t, roomA, m.token);
    expect(await sixth.closed).toEqual({ code: 4429, reason: MSG_TOO_MANY_SOCKETS });
    expect(first.every((c) => c.isOpen)).toBe(true);

    await first[0]?.close();
    // The server forgets the socket when its close completes on its side.
    let again: SocketClient | null = null;
    for (let i = 0; i < 20 && !again; i++) {
      const c = await connect(t, roomA, m.token);
      const refused = await Promise.race([c.closed, c.roundTrip().then(() => null)]);
      if (refused) await sleep(50);
      else again = c;
    }
    expect(again?.isOpen).toBe(true);
  });

  it('counts sockets opening together exactly', async () => {
    const m = await member(0);
    const clients = await Promise.all(Array.from({ length: 8 }, () => connect(t, roomA, m.token)));
    const outcomes = await Promise.all(
      clients.map((c) => Promise.race([c.closed.then((x) => x.code), c.roundTrip().then(() => 'open')])),
    );
    expect(outcomes.filter((o) => o === 'open')).toHaveLength(MAX_SOCKETS_PER_MEMBER);
    expect(outcomes.filter((o) => o === 4429)).toHaveLength(8 - MAX_SOCKETS_PER_MEMBER);
  });
});

describe('ChatHub revocations', () => {
  it('remembers a revocation for a socket whose admission started before it arrived', () => {
    const hub = new ChatHub();
    const since = performance.now();
    const r = { userId: 7, sessionIds: [70], reason: 'revoked' as const };
    expect(hub.revoke(r, since + 1)).toBe(0);
    expect(hub.revokedSince({ memberId: 7, sessionId: 70 }, since)).toEqual(r);
    expect(hub.revokedSince({ memberId: 7, sessionId: 71 }, since)).toBeNull();
    expect(hub.revokedSince({ memberId: 8, sessionId: 70 }, since)).toBeNull();
    // Admitted after it: its own lookup already saw the session ended.
    expect(hub.revokedSince({ memberId: 7, sessionId: 70 }, since + 2)).toBeNull();
    const block = { userId: 7, sessionIds: null, reason: 'blocked' as const };
    hub.revoke(block, since + 3);
    expect(hub.revokedSince({ memberId: 7, sessionId: 99 }, since + 2)).toEqual(block);
  });
});

const onPostgres = inject('serverTestDb').kind === 'postgres';

describe.runIf(onPostgres)('two apps on one PostgreSQL database (two processes’ buses)', () => {
  let b: ListeningApp;
  beforeAll(async () => {
    b = await listeningTestApp({}, t);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('logout on A closes the socket on B at once; block on A closes every socket on B', async () => {
    const m = await member(1);
    const onB = await connect(b, roomA, m.token);
    const otherOnB = await connect(b, roomB, m.others[0] ?? '');
    let at = performance.now();
    expect((await t.post('/api/logoff', {}, { token: m.token })).body?.code).toBe(200);
    const closed = await closedWithin(onB, at);
    expect(closed).toMatchObject(ENDED);
    expect(otherOnB.isOpen).toBe(true);

    const again = await connect(b, roomA, m.others[0] ?? '');
    at = performance.now();
    expect((await t.op('/users/block', { username: m.name, blocked: true })).body?.code).toBe(200);
    for (const c of [otherOnB, again]) expect(await closedWithin(c, at)).toMatchObject(BLOCKED);
  });

  it('a password change on A closes the other sessions’ sockets on B', async () => {
    const m = await member(1);
    const onB = await connect(b, roomA, m.others[0] ?? '');
    const own = await connect(b, roomA, m.token);
    const at = performance.now();
    const r = await t.post(
      '/api/editPassword',
      { password: m.password, paypassword: 'brandnew1' },
      { token: m.token },
    );
    expect(r.body?.code).toBe(200);
    expect(await closedWithin(onB, at)).toMatchObject(ENDED);
    expect(own.isOpen).toBe(true);
  });
});

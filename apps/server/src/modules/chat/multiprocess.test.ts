/**
 * Two real server processes on one PostgreSQL database (architecture 'What runs'): chat fans out
 * between them through LISTEN/NOTIFY, draws happen once (one process holds the scheduler's advisory
 * lock), and when the drawing process dies the other takes over. PostgreSQL only (server-pg project).
 */
import { randomBytes } from 'node:crypto';
import { MSG_ROUND_CLOSED } from '@app/contract/lottery';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { ledgerCheck } from '../wallet/ledger';
import { MSG_EXPECT_EXPIRED } from '../lottery/orders';
import { winsPaidOnce } from '../lottery/test-support';
import { readOperatorToken } from '../../ops/token';
import { MSG_SESSION_INVALID } from '../games/demo';
import { SocketClient } from './test-support';
import {
  call,
  PERIOD_SECONDS,
  post,
  sleep,
  startTwoServers,
  until,
  type Server,
  type TwoServers,
} from '../../../test/processes';

const info = inject('serverTestDb');
const adminUrl = info.kind === 'postgres' ? info.adminUrl : undefined;

const LEADER_LOG = 'this process runs the scheduled work';

describe.runIf(adminUrl)('two server processes on one PostgreSQL', () => {
  const sockets: SocketClient[] = [];
  let two: TwoServers;
  let servers: Server[];
  let dirs: string[];
  let database: DatabaseHandle;
  let p1: Server;
  let p2: Server;
  let roomId: number;
  let tokenA: string;
  let tokenB: string;

  const rows = async <T>(query: SQL): Promise<T[]> =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const open = async (s: Server, token: string) => {
    const c = await SocketClient.open(`${s.ws}/wss?roomid=${roomId}&_token=${token}`);
    sockets.push(c);
    return c;
  };
  const draws = (c: SocketClient) => c.messages.filter((m) => m.type === 'draw').map((m) => String(m.expect));

  beforeAll(async () => {
    two = await startTwoServers(adminUrl ?? '', 'mp');
    ({ p1, p2, servers, dirs, database } = two);
    const [room] = await rows<{ id: number }>(sql`
      select r.id from lottery_rooms r join lotteries l on l.id = r.lottery_id
       where l.code = 'jnd28' and r.enabled = 1 order by r.id limit 1`);
    roomId = room?.id ?? 0;
    tokenA = (
      await post<{ api_token: string }>(p1, '/api/login_pc', { name: 'demo001', password: 'demo123' })
    ).api_token;
    const nameB = `mp${randomBytes(4).toString('hex')}`;
    tokenB = (
      await post<{ api_token: string }>(p2, '/api/register', {
        name: nameB,
        password: 'secret123',
        confirmPass: 'secret123',
        code: 'abcd',
      })
    ).api_token;
  }, 60_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await two?.stop();
  }, 30_000);

  // Before the test below, which kills one of the two processes.
  it('ends a sign-in on every process at once: logout, password change and block on 1 close sockets and games on 2', async () => {
    const name = `rv${randomBytes(4).toString('hex')}`;
    const password = 'secret123';
    await post(p1, '/api/register', { name, password, confirmPass: password, code: 'abcd' });
    const login = async () =>
      (await post<{ api_token: string }>(p1, '/api/login_pc', { name, password })).api_token;
    const [s1, s2, s3] = [await login(), await login(), await login()];
    const closedWithin = async (c: SocketClient, from: number) => {
      const closed = await Promise.race([c.closed, sleep(1000).then(() => null)]);
      if (!closed) throw new Error('socket on process 2 still open 1 s after the session ended on process 1');
      return { ...closed, ms: Date.now() - from };
    };
    // A game opened on 1 from session s1 and played on 2 (no money: 余额不足 until its session ends).
    const launch = async (token: string) => {
      const body = { is_mobile_url: 1, plat_name: 'AG', game_type: 'realbet', game_code: '' };
      const { url } = await post<{ url: string }>(p1, '/api/getGameUrl', body, token);
      return new URL(url, 'http://x').searchParams.get('ticket') ?? '';
    };
    const game = await post<{ token: string }>(p2, '/demo-game/api/session', { ticket: await launch(s1) });
    const unused = await launch(s1);
    const spinOn2 = () =>
      fetch(`${p2.base}/demo-game/api/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${game.token}` },
        body: JSON.stringify({ stake: '1.00' }),
      }).then(async (r) => [r.status, ((await r.json()) as { message: string }).message]);
    expect((await spinOn2())[0]).toBe(400);

    // Logout on 1: the socket of that session on 2 closes at once; the game and the ticket end.
    const a = await open(p2, s1);
    const b = await open(p2, s2);
    const c = await open(p2, s3);
    let at = Date.now();
    await post(p1, '/api/logoff', {}, s1);
    expect(await closedWithin(a, at)).toMatchObject({ code: 4401, reason: '登录已失效，请重新登录' });
    expect(await spinOn2()).toEqual([401, MSG_SESSION_INVALID]);
    expect((await call(p2, '/demo-game/api/session', { ticket: unused })).code).toBe(401);
    expect(b.isOpen && c.isOpen).toBe(true);

    // Password change on 1 from s3: s2's socket on 2 closes, s3's stays.
    at = Date.now();
    await post(p1, '/api/editPassword', { password, paypassword: 'brandnew1' }, s3);
    expect(await closedWithin(b, at)).toMatchObject({ code: 4401 });
    await c.roundTrip();
    expect(c.isOpen).toBe(true);

    // Block through process 1's operator API: every socket of the member on 2 closes.
    const d = await open(p2, s3);
    const opToken = readOperatorToken(dirs[0] ?? '') ?? '';
    at = Date.now();
    const blocked = await fetch(`${p1.base}/ops/users/block`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${opToken}` },
      body: JSON.stringify({ username: name, blocked: true }),
    });
    expect(blocked.status).toBe(200);
    for (const s of [c, d])
      expect(await closedWithin(s, at)).toMatchObject({ code: 4403, reason: '账号已被冻结' });
  }, 30_000);

  it('delivers chat across processes, draws once with every order settled once, and survives the drawer dying', async () => {
    // (a) A on process 1 and B on process 2, in one room, hear each other.
    const a1 = await open(p1, tokenA);
    const a2 = await open(p2, tokenA);
    const b1 = await open(p1, tokenB);
    const b2 = await open(p2, tokenB);
    a1.send({ content: 'hello from process 1', order: false });
    expect(await b2.nextJson({ content: 'hello from process 1', author: 'demo001' })).toMatchObject({
      sysmsg: false,
      type: 'chat',
    });
    b2.send({ content: 'hello from process 2', order: false });
    await a1.nextJson({ content: 'hello from process 2' });
    // Each socket got each message once: the sender's process delivers locally and skips its own NOTIFY.
    await a1.roundTrip();
    await b2.roundTrip();
    for (const c of [a1, b2]) {
      expect(c.messages.filter((m) => m.type === 'chat').map((m) => m.content)).toEqual([
        'hello from process 1',
        'hello from process 2',
      ]);
    }

    // (b) A bets by chat command through both processes for a few rounds.
    const accepted = { p1: 0, p2: 0 };
    const until3Rounds = Date.now() + 3 * PERIOD_SECONDS * 1000;
    await sleep(1100); // one message per second per member
    for (let i = 0; Date.now() < until3Rounds; i++) {
      const [socket, key] = i % 2 === 0 ? ([a1, 'p1'] as const) : ([a2, 'p2'] as const);
      const before = socket.frames.length;
      // A distinct amount per command, to tell its order message from the others in the room.
      const line = `${i + 1}.00元`;
      socket.send({ content: `大${i + 1} 单1`, order: true });
      const isReply = (f: string) => {
        const m = JSON.parse(f) as Record<string, unknown>;
        if (m.type === 'order') return String(m.content).includes(`大 ${line}`);
        return m.id === 0 && typeof m.sysmsg === 'string';
      };
      const reply = JSON.parse(
        await socket.next((f) => f.startsWith('{') && isReply(f), 3000, before),
      ) as Record<string, unknown>;
      if (reply.type === 'order') accepted[key] += 1;
      // Refused whole: closed, or (sent as the round reached its draw time) past it.
      else expect([MSG_ROUND_CLOSED, MSG_EXPECT_EXPIRED]).toContain(reply.sysmsg);
      await sleep(1100);
    }
    expect(accepted.p1).toBeGreaterThan(0);
    expect(accepted.p2).toBeGreaterThan(0);

    // Every round of the orders is drawn and settled.
    await until(
      'the orders to be settled',
      async () => {
        const [r] = await rows<{ open: number }>(sql`
          select count(*)::int as open from lottery_orders o join lottery_rounds r on r.id = o.round_id
           where o.state = 'open'`);
        return r?.open === 0;
      },
      PERIOD_SECONDS * 1000 + 5000,
    );
    const leaders = servers.filter((s) => s.out.text.includes(LEADER_LOG));
    expect(leaders.map((s) => s.name)).toHaveLength(1);
    await checkOnce(accepted.p1 + accepted.p2);

    // Both processes' sockets saw the same draws, each once.
    await b1.roundTrip();
    await b2.roundTrip();
    const seen1 = draws(b1);
    expect(seen1.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen1).size).toBe(seen1.length);
    expect(draws(b2)).toEqual(seen1);

    // (c) The drawing process dies; the other takes over within the leader retry (5 s) and a tick.
    const leader = leaders[0] as Server;
    const survivor = leader === p1 ? p2 : p1;
    const watcher = leader === p1 ? b2 : b1;
    const killedAt = Date.now();
    leader.child.kill('SIGKILL');
    await leader.exited;
    const [next] = await rows<{ expect: string; draws_at: Date }>(sql`
      select r.expect, r.draws_at from lottery_rounds r join lotteries l on l.id = r.lottery_id
       where l.code = 'jnd28' and r.draws_at > ${new Date(killedAt)} order by r.draws_at limit 1`);
    expect(next).toBeDefined();
    const drawn = await watcher.nextJson({ type: 'draw', expect: next?.expect }, 15_000);
    expect(drawn.sysmsg).toBe(false); // a notice, not a toast
    expect(survivor.out.text).toContain(LEADER_LOG);
    const [late] = await rows<{ ms: number }>(sql`
      select extract(epoch from (drawn_at - draws_at)) * 1000 as ms from lottery_rounds r
        join lotteries l on l.id = r.lottery_id where l.code = 'jnd28' and r.expect = ${next?.expect ?? ''}`);
    expect(Number(late?.ms)).toBeLessThan(8000);
    // Chat still flows through the survivor.
    const survivorA = survivor === p1 ? a1 : a2;
    survivorA.send({ content: 'still here', order: false });
    await watcher.nextJson({ content: 'still here' });
    await checkOnce(accepted.p1 + accepted.p2);
  }, 60_000);

  /** Each round drawn once (one draw message per room and round), each order line settled once. */
  async function checkOnce(orders: number) {
    const dupDraws = await rows(sql`
      select room_id, payload::json->>'expect' as expect, count(*) from chat_messages
       where kind = 'draw' group by 1, 2 having count(*) > 1`);
    expect(dupDraws).toEqual([]);
    const [summary] = await rows<{ batches: number; open: number }>(sql`
      select count(distinct batch)::int as batches, count(*) filter (where state = 'open')::int as open
        from lottery_orders o join lottery_rounds r on r.id = o.round_id where r.drawn_at is not null`);
    expect(summary?.batches).toBe(orders);
    expect(summary?.open).toBe(0);
    // A won line is paid by exactly one ledger movement (its member's wins of one settlement batch),
    // of the payouts of the lines it names; never two.
    expect(await winsPaidOnce(rows)).toEqual({ wrong: [], unpaid: [] });
    const stray = await rows(sql`
      select 1 from chat_messages where kind = 'draw' and room_id = ${roomId}
       and payload::json->>'expect' not in (select expect from lottery_rounds where drawn_at is not null)`);
    expect(stray).toEqual([]);
    expect(await ledgerCheck(database.db)).toMatchObject({ ok: true, total: '0' });
  }
});

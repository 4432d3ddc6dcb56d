import { TRIAL_ACCOUNT } from '@app/contract/auth';
import { gameUrl, SLOT_PLATFORMS, slotGames } from '@app/contract/games';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { gameLaunchTickets } from '../../db/schema/games';
import { validBets } from '../../db/schema/money';
import { wallets } from '../../db/schema/wallets';
import { hashSource } from '../../http/plugins/security';
import { SYSTEM } from '../wallet/ledger';
import { buildTestApp, dataOf, expectEnvelope, idem, type Reply, type TestApp } from '../../../test/helpers';
import {
  MSG_INSUFFICIENT,
  MSG_SESSION_INVALID,
  MSG_STAKE_INVALID,
  MSG_TICKET_INVALID,
  parseStake,
  payoutOf,
  SESSION_TTL_MS,
  sessionOf,
  spin,
  TICKET_TTL_MS,
  WIN_FROM,
} from './demo';
import { SLOT_CATALOGUE } from './slots';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  resetClock();
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await t.close();
});

const isOk = (r: Reply) => r.status === 200 && r.body?.code === 200;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

async function launch(token: string, body: Record<string, unknown>): Promise<string> {
  return gameUrl.response.parse(
    dataOf(await t.post('/api/getGameUrl', { is_mobile_url: 1, ...body }, { token })),
  );
}
const ticketOf = (url: string) => new URL(url, 'http://x').searchParams.get('ticket') ?? '';
function redeem(ticket: string) {
  return t.post('/demo-game/api/session', { ticket });
}
async function openSession(token: string, plat: string, code = ''): Promise<string> {
  const url = await launch(token, { plat_name: plat, game_type: 'concise', game_code: code });
  return dataOf<{ token: string }>(await redeem(ticketOf(url))).token;
}
const spinReq = (session: string, stake: unknown) =>
  t.post('/demo-game/api/spin', { stake }, { headers: { authorization: `Bearer ${session}` } });
async function venueCents(userId: number, venue: string): Promise<bigint> {
  const [row] = await t.db
    .select({ c: wallets.balanceCents })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.venue, venue)));
  return row?.c ?? 0n;
}
async function fundedMember(venue: string, yuan: string) {
  const m = await t.newMember();
  await t.fund(m.id, yuan);
  const r = await t.post(
    '/api/transfer',
    { amount: yuan, sourcetype: 'userbalance', targettype: venue },
    { token: m.token, headers: idem() },
  );
  expect(isOk(r)).toBe(true);
  return m;
}

describe('gamelistBycode', () => {
  it.each(SLOT_PLATFORMS)('lists 8–12 slot games of %s with pictures we serve (cached)', async (code) => {
    const games = slotGames.response.parse(dataOf(await t.post('/api/gamelistBycode', { gamecode: code })));
    expect(games.length).toBeGreaterThanOrEqual(8);
    expect(games.length).toBeLessThanOrEqual(12);
    expect(new Set(games.map((g) => g.platform))).toEqual(
      new Set([{ obgdy: 'OB', fgdz: 'FG', pp: 'PP', ae: 'AE' }[code]]),
    );
    for (const g of games) {
      expect(g.name).not.toBe('');
      expect(g.picture).toMatch(/^\/slot-pics\/[a-z0-9_]+\.svg$/);
    }
    const pic = await t.app.inject({ method: 'GET', url: games[0]?.picture ?? '' });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toContain('image/svg+xml');
    expect(pic.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(pic.body).not.toMatch(/<script|on\w+=/i);
  });

  it('refuses unknown platforms, and unknown pictures are 404', async () => {
    const r = await t.post('/api/gamelistBycode', { gamecode: 'xx' });
    expectEnvelope(r);
    expect([r.status, r.body.message]).toEqual([400, '游戏平台无效']);
    const pic = await t.get('/slot-pics/nope.svg');
    expect(pic.status).toBe(404);
  });
});

describe('getGameUrl and launch tickets', () => {
  it('refuses a visitor', async () => {
    const r = await t.post('/api/getGameUrl', { plat_name: 'AG', is_mobile_url: 1 });
    expectEnvelope(r);
    expect(r.status).toBe(401);
  });

  it('refuses unknown platforms and games', async () => {
    const m = await t.newMember();
    const a = await t.post('/api/getGameUrl', { plat_name: 'NOPE', is_mobile_url: 1 }, { token: m.token });
    expect(a.body?.message).toBe('游戏平台无效');
    const b = await t.post(
      '/api/getGameUrl',
      { plat_name: 'PP', game_code: 'ob_fortune_god', is_mobile_url: 1 },
      { token: m.token },
    );
    expect(b.body?.message).toBe('游戏无效');
    const c = await t.post(
      '/api/getGameUrl',
      { plat_name: 'javascript:x', is_mobile_url: 1 },
      { token: m.token },
    );
    expect(c.status).toBe(400);
  });

  it('gives a same-site demo URL with a 256-bit ticket of which only the hash is stored', async () => {
    const m = await t.newMember();
    const url = await launch(m.token, { plat_name: 'PP', game_type: 'concise', game_code: 'pp_wolf_gold' });
    expect(url).toMatch(/^\/demo-game\/\?ticket=[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(gameLaunchTickets).where(eq(gameLaunchTickets.userId, m.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.ticketHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(ticketOf(url));
    expect(rows[0]).toMatchObject({
      platform: 'PP',
      gameCode: 'pp_wolf_gold',
      category: 'concise',
      usedAt: null,
    });
  });

  it('a ticket opens one session only', async () => {
    const m = await t.newMember();
    const ticket = ticketOf(await launch(m.token, { plat_name: 'AG' }));
    const first = await redeem(ticket);
    expect(dataOf<{ platform: string; balance: string }>(first)).toMatchObject({
      platform: 'AG',
      venue: 'AG真人',
      balance: '0.00',
    });
    const again = await redeem(ticket);
    expectEnvelope(again);
    expect([again.status, again.body.message]).toEqual([401, MSG_TICKET_INVALID]);
  });

  it('the same ticket redeemed 10 times at once opens exactly one session', async () => {
    const m = await t.newMember();
    const ticket = ticketOf(await launch(m.token, { plat_name: 'KY' }));
    const replies = await Promise.all(range(10).map(() => redeem(ticket)));
    expect(replies.filter(isOk)).toHaveLength(1);
  });

  it('a ticket expires after a minute; forged tickets are refused', async () => {
    const m = await t.newMember();
    const ticket = ticketOf(await launch(m.token, { plat_name: 'AG' }));
    advanceClock(TICKET_TTL_MS + 1000);
    expect((await redeem(ticket)).status).toBe(401);
    expect((await redeem('A'.repeat(43))).status).toBe(401);
    expect((await redeem('')).status).toBe(401);
    expect((await t.post('/demo-game/api/session', {})).status).toBe(401);
  });

  it('sessions expire after two hours; unknown tokens are refused', async () => {
    const m = await t.newMember();
    const session = await openSession(m.token, 'AG');
    expect(
      isOk(await t.get('/demo-game/api/balance', {}, { headers: { authorization: `Bearer ${session}` } })),
    ).toBe(true);
    advanceClock(SESSION_TTL_MS + 1000);
    const r = await t.get('/demo-game/api/balance', {}, { headers: { authorization: `Bearer ${session}` } });
    expectEnvelope(r);
    expect([r.status, r.body.message]).toEqual([401, MSG_SESSION_INVALID]);
    expect((await t.get('/demo-game/api/balance')).status).toBe(401);
    expect((await spinReq('x'.repeat(43), '1.00')).status).toBe(401);
  });

  it('the trial account may play', async () => {
    const token = await t.login(TRIAL_ACCOUNT.name, TRIAL_ACCOUNT.password);
    expect(await launch(token, { plat_name: 'OB', game_code: 'ob_money_tree' })).toMatch(/^\/demo-game\//);
  });

  it('with auto-transfer on, launching moves the central balance into the venue first', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '30.25');
    await t.db.update(users).set({ transferstatus: 1 }).where(eq(users.id, m.id));
    await launch(m.token, { plat_name: 'FG', game_code: 'fg_safari' });
    expect(await venueCents(m.id, 'FG')).toBe(3025n);
    expect(dataOf(await t.post('/api/balance', {}, { token: m.token }))).toEqual({ balance: '0.00' });
    // Nothing left to move: the next launch changes nothing.
    await launch(m.token, { plat_name: 'FG' });
    expect(await venueCents(m.id, 'FG')).toBe(3025n);
  });

  it('with auto-transfer off, launching moves nothing', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '10.00');
    await launch(m.token, { plat_name: 'FG' });
    expect(await venueCents(m.id, 'FG')).toBe(0n);
  });
});

describe('the demo game page', () => {
  it('may be framed by our own origin only, runs sandboxed, and carries its style and script by hash', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/demo-game/?ticket=abc' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    // An opaque origin whatever the iframe's sandbox attribute says: no allow-same-origin.
    expect(csp).toMatch(/(^|;)sandbox allow-scripts allow-forms(;|$)/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const inline = (tag: string) =>
      [...page.body.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1] ?? '');
    const [style] = inline('style');
    const [script] = inline('script');
    expect(csp).toContain(`style-src ${hashSource(style ?? 'missing')};`);
    expect(csp).toContain(`script-src ${hashSource(script ?? 'missing')};`);
    expect(page.body).not.toMatch(/<script\s|<link|\sstyle=|\son[a-z]+=/);
    // Everything else stays unframeable.
    const other = await t.app.inject({ method: 'GET', url: '/api/game/list?category=realbet' });
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(other.headers['x-frame-options']).toBe('DENY');
  });

  it('answers the cross-origin calls of the sandboxed page (Origin: null), without cookies', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/demo-game/api/session',
      headers: {
        origin: 'null',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(String(pre.headers['access-control-allow-headers'])).toContain('authorization');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/demo-game/api/session',
      headers: { origin: 'null' },
      payload: { ticket: 'x' },
    });
    expect(bad.headers['access-control-allow-origin']).toBe('*');
    // The app's own API stays same-origin only.
    const api = await t.app.inject({ method: 'POST', url: '/api/app', headers: { origin: 'null' } });
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('demo rounds', () => {
  it('stakes from and pays into the venue wallet, one valid bet per round in the platform category', async () => {
    const m = await fundedMember('PP', '100.00');
    const session = await openSession(m.token, 'PP', 'pp_big_bass');
    let expected = 10_000n;
    for (let i = 0; i < 6; i++) {
      const r = dataOf<{ roll: number; stake: string; payout: string; win: boolean; balance: string }>(
        await spinReq(session, '2.50'),
      );
      expect(r.roll).toBeGreaterThanOrEqual(1);
      expect(r.roll).toBeLessThanOrEqual(100);
      expect(r.win).toBe(r.roll >= WIN_FROM);
      expect(r.payout).toBe(r.win ? '5.00' : '0.00');
      expected += r.win ? 250n : -250n;
      expect(r.balance).toBe(`${expected / 100n}.${(expected % 100n).toString().padStart(2, '0')}`);
    }
    expect(await venueCents(m.id, 'PP')).toBe(expected);
    const bets = await t.db.select().from(validBets).where(eq(validBets.userId, m.id));
    expect(bets).toHaveLength(6);
    for (const b of bets)
      expect(b).toMatchObject({ platform: 'PP', category: 'concise', stakeCents: 250n, validCents: 250n });
    const balance = await t.get(
      '/demo-game/api/balance',
      {},
      { headers: { authorization: `Bearer ${session}` } },
    );
    expect(dataOf(balance)).toEqual({ platform: 'PP', balance: (Number(expected) / 100).toFixed(2) });
    // The central wallet saw none of it.
    expect(dataOf(await t.post('/api/balance', {}, { token: m.token }))).toEqual({ balance: '0.00' });
  });

  it('a live-casino venue records its bets as realbet', async () => {
    const m = await fundedMember('AG', '5.00');
    const session = await openSession(m.token, 'AG');
    expect(isOk(await spinReq(session, 1))).toBe(true);
    const [bet] = await t.db.select().from(validBets).where(eq(validBets.userId, m.id));
    expect(bet).toMatchObject({ platform: 'AG', category: 'realbet', stakeCents: 100n });
  });

  it.each([
    ['zero', '0'],
    ['zero cents', '0.00'],
    ['negative', '-1'],
    ['fractional cents', '1.001'],
    ['not a number', 'abc'],
    ['NaN', 'NaN'],
    ['missing', undefined],
    ['an object', { a: 1 }],
    ['huge', '9'.repeat(40)],
  ])('refuses a stake that is %s, changing nothing', async (_label, stake) => {
    const m = await fundedMember('AE', '20.00');
    const session = await openSession(m.token, 'AE');
    const r = await spinReq(session, stake);
    expectEnvelope(r);
    expect([r.status, r.body.message]).toEqual([400, MSG_STAKE_INVALID]);
    expect(await venueCents(m.id, 'AE')).toBe(2000n);
  });

  it('refuses a stake above the venue balance (余额不足)', async () => {
    const m = await fundedMember('AE', '20.00');
    const session = await openSession(m.token, 'AE');
    const r = await spinReq(session, '20.01');
    expectEnvelope(r);
    expect([r.status, r.body.message]).toEqual([400, MSG_INSUFFICIENT]);
    expect(await venueCents(m.id, 'AE')).toBe(2000n);
    const [n] = await t.db.select({ n: count() }).from(validBets).where(eq(validBets.userId, m.id));
    expect(n?.n).toBe(0);
  });

  it('20 rounds at once beyond the venue balance never overdraw it', async () => {
    const m = await fundedMember('OB', '30.00');
    const session = await openSession(m.token, 'OB');
    const replies = await Promise.all(range(20).map(() => spinReq(session, '10.00')));
    for (const r of replies) {
      expectEnvelope(r);
      if (!isOk(r)) expect(r.body.message).toBe(MSG_INSUFFICIENT);
    }
    const done = replies.filter(isOk).length;
    expect(done).toBeGreaterThanOrEqual(3);
    expect(await venueCents(m.id, 'OB')).toBeGreaterThanOrEqual(0n);
    const [n] = await t.db.select({ n: count() }).from(validBets).where(eq(validBets.userId, m.id));
    expect(n?.n).toBe(done);
  });

  it('losing rounds at once: exactly as many succeed as the balance allows', async () => {
    const m = await fundedMember('OB', '50.00');
    const s = await sessionOf(t.db, await openSession(m.token, 'OB'));
    // The house account is shared with the other tests' rounds (random rolls): compare before and after.
    const houseBefore = BigInt((await t.ledgerCheck()).accounts[SYSTEM.gameHouse] ?? '0');
    const results = await Promise.allSettled(range(12).map(() => spin(t.db, s, 1000n, 1)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results)
      if (r.status === 'rejected') expect(String(r.reason)).toContain(MSG_INSUFFICIENT);
    expect(await venueCents(m.id, 'OB')).toBe(0n);
    const report = await t.ledgerCheck();
    // The house took the five lost stakes of 10.00, and nothing else.
    expect(BigInt(report.accounts[SYSTEM.gameHouse] ?? '0') - houseBefore).toBe(5000n);
  });

  it('a win pays twice the stake from the house, in one movement', async () => {
    const m = await fundedMember('FG', '10.00');
    const s = await sessionOf(t.db, await openSession(m.token, 'FG'));
    expect(await spin(t.db, s, 1000n, 100)).toMatchObject({ win: true, payout: '20.00', balance: '20.00' });
    expect(await spin(t.db, s, 2000n, WIN_FROM - 1)).toMatchObject({
      win: false,
      payout: '0.00',
      balance: '0.00',
    });
  });
});

describe('rules', () => {
  it('pays 2× from 53 up: return to player 96 %', () => {
    const total = range(100).reduce((sum, i) => sum + payoutOf(i + 1, 100n), 0n);
    expect(total).toBe(9600n);
  });

  it.each([
    ['10', 1000n],
    ['10.5', 1050n],
    ['0.01', 1n],
    [' 7.25 ', 725n],
    [3, 300n],
  ])('parses stake %j', (input, cents) => {
    expect(parseStake(input)).toBe(cents);
  });

  it('has 8–12 games per platform with unique codes', () => {
    const codes = Object.values(SLOT_CATALOGUE)
      .flat()
      .map((g) => g.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

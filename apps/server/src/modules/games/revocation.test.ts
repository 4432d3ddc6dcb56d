/**
 * A demo game ends with the sign-in that opened it (issue 13 item 7): logout, password change and
 * block end the game sessions and unused launch tickets at once; the game's own calls check the
 * sign-in session and the member in the query that finds the game, so this holds on every process.
 */
import { gameUrl } from '@app/contract/games';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { gameLaunchTickets, gameSessions } from '../../db/schema/games';
import { buildTestApp, dataOf, idem, type Reply, type TestApp } from '../../../test/helpers';
import { lookupSession, revokeSession } from '../../identity/sessions';
import { MSG_SESSION_INVALID, MSG_TICKET_INVALID, sessionOf, spin as spinRound, venueBalance } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await t.close();
});

const VENUE = 'AG';
const bearer = (game: string) => ({ headers: { authorization: `Bearer ${game}` } });
const refused = (r: Reply) => [r.status, r.body?.message];

async function ticket(token: string): Promise<string> {
  const url = gameUrl.response.parse(
    dataOf(
      await t.post(
        '/api/getGameUrl',
        { is_mobile_url: 1, plat_name: VENUE, game_type: 'realbet', game_code: '' },
        { token },
      ),
    ),
  );
  return new URL(url, 'http://x').searchParams.get('ticket') ?? '';
}
const redeem = (ticketText: string) => t.post('/demo-game/api/session', { ticket: ticketText });
async function game(token: string): Promise<string> {
  return dataOf<{ token: string }>(await redeem(await ticket(token))).token;
}
const spin = (g: string) => t.post('/demo-game/api/spin', { stake: '1.00' }, bearer(g));
const balance = (g: string) => t.get('/demo-game/api/balance', {}, bearer(g));

/** A member with 100.00 in the venue and `extra` more signed-in sessions besides the first. */
async function player(extra = 1) {
  const m = await t.newMember();
  await t.fund(m.id, '100.00');
  const moved = await t.post(
    '/api/transfer',
    { amount: '100.00', sourcetype: 'userbalance', targettype: VENUE },
    { token: m.token, headers: idem() },
  );
  expect(moved.body?.code).toBe(200);
  const others: string[] = [];
  for (let i = 0; i < extra; i++) others.push(await t.login(m.name, m.password));
  return { ...m, others };
}
async function sessionIdOf(token: string): Promise<number> {
  const found = await lookupSession(t.db, token);
  if (found.status !== 'ok') throw new Error(`no live session: ${found.status}`);
  return found.member.sessionId;
}
async function gameRowsOf(sessionIds: number[]) {
  const games = await t.db.select().from(gameSessions).where(inArray(gameSessions.sessionId, sessionIds));
  const tickets = await t.db
    .select()
    .from(gameLaunchTickets)
    .where(inArray(gameLaunchTickets.sessionId, sessionIds));
  return games.length + tickets.length;
}
const block = (name: string, blocked: boolean) =>
  t.op('/users/block', { username: name, blocked }).then((r) => expect(r.body?.code).toBe(200));

describe('a game belongs to the sign-in session that opened it', () => {
  it('stores the sign-in session on the ticket and on the game session', async () => {
    const m = await player(0);
    const sid = await sessionIdOf(m.token);
    const g = await game(m.token);
    expect((await spin(g)).body?.code).toBe(200);
    const [row] = await t.db.select().from(gameSessions).where(eq(gameSessions.userId, m.id));
    expect(row?.sessionId).toBe(sid);
    const [tk] = await t.db.select().from(gameLaunchTickets).where(eq(gameLaunchTickets.userId, m.id));
    expect(tk?.sessionId).toBe(sid);
  });

  it('logout ends that session’s games and tickets, not another session’s', async () => {
    const m = await player(1);
    const other = m.others[0] ?? '';
    const sid = await sessionIdOf(m.token);
    const g = await game(m.token);
    const unused = await ticket(m.token);
    const otherGame = await game(other);
    expect((await spin(g)).body?.code).toBe(200);

    expect((await t.post('/api/logoff', {}, { token: m.token })).body?.code).toBe(200);

    expect(refused(await spin(g))).toEqual([401, MSG_SESSION_INVALID]);
    expect(refused(await balance(g))).toEqual([401, MSG_SESSION_INVALID]);
    expect(refused(await redeem(unused))).toEqual([401, MSG_TICKET_INVALID]);
    expect(await gameRowsOf([sid])).toBe(0);
    expect((await spin(otherGame)).body?.code).toBe(200);
  });

  it('a password change ends the other sessions’ games and tickets; the changing session keeps its own', async () => {
    const m = await player(1);
    const other = m.others[0] ?? '';
    const otherSid = await sessionIdOf(other);
    const otherGame = await game(other);
    const otherTicket = await ticket(other);
    const ownGame = await game(m.token);

    const r = await t.post(
      '/api/editPassword',
      { password: m.password, paypassword: 'brandnew1' },
      { token: m.token },
    );
    expect(r.body?.code).toBe(200);

    expect(refused(await spin(otherGame))).toEqual([401, MSG_SESSION_INVALID]);
    expect(refused(await redeem(otherTicket))).toEqual([401, MSG_TICKET_INVALID]);
    expect(await gameRowsOf([otherSid])).toBe(0);
    expect((await spin(ownGame)).body?.code).toBe(200);
  });

  it('a block ends every game and ticket of the member; unblocking does not bring them back', async () => {
    const m = await player(1);
    const other = m.others[0] ?? '';
    const games = [await game(m.token), await game(other)];
    const tickets = [await ticket(m.token), await ticket(other)];
    for (const g of games) expect((await spin(g)).body?.code).toBe(200);

    await block(m.name, true);
    for (const g of games) expect(refused(await spin(g))).toEqual([401, MSG_SESSION_INVALID]);
    for (const tk of tickets) expect(refused(await redeem(tk))).toEqual([401, MSG_TICKET_INVALID]);
    expect(await t.db.select().from(gameSessions).where(eq(gameSessions.userId, m.id))).toEqual([]);

    await block(m.name, false);
    for (const g of games) expect(refused(await spin(g))).toEqual([401, MSG_SESSION_INVALID]);
    // The block ended the member's sessions too: once unblocked, they sign in again and may play.
    expect((await t.post('/api/balance', {}, { token: m.token })).status).toBe(401);
    expect((await spin(await game(await t.login(m.name, m.password)))).body?.code).toBe(200);
  });
});

describe('the game checks its sign-in session itself (another process ended it: no message here)', () => {
  it('refuses a spin and a ticket once the session is revoked in the database alone', async () => {
    const m = await player(0);
    const g = await game(m.token);
    const unused = await ticket(m.token);
    await revokeSession(t.db, await sessionIdOf(m.token));
    expect(refused(await spin(g))).toEqual([401, MSG_SESSION_INVALID]);
    expect(refused(await redeem(unused))).toEqual([401, MSG_TICKET_INVALID]);
  });

  it('refuses a spin and a ticket while the member is blocked in the database alone', async () => {
    const m = await player(0);
    const g = await game(m.token);
    const unused = await ticket(m.token);
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, m.id));
    expect(refused(await spin(g))).toEqual([401, MSG_SESSION_INVALID]);
    expect(refused(await balance(g))).toEqual([401, MSG_SESSION_INVALID]);
    expect(refused(await redeem(unused))).toEqual([401, MSG_TICKET_INVALID]);
    await t.db.update(users).set({ blocked: false }).where(eq(users.id, m.id));
    expect((await spin(g)).body?.code).toBe(200);
  });

  it('a round already past its first check is refused when the session ends before it commits', async () => {
    const m = await player(0);
    const g = await game(m.token);
    const checked = await sessionOf(t.db, g);
    const before = await venueBalance(t.db, checked);
    await revokeSession(t.db, await sessionIdOf(m.token));
    await expect(spinRound(t.db, checked, 100n)).rejects.toMatchObject({
      status: 401,
      message: MSG_SESSION_INVALID,
    });
    expect(await venueBalance(t.db, checked)).toBe(before);
  });

  it('refuses a game row with no sign-in session (made before sessions were recorded)', async () => {
    const m = await player(0);
    const g = await game(m.token);
    await t.db.update(gameSessions).set({ sessionId: null }).where(eq(gameSessions.userId, m.id));
    expect(refused(await spin(g))).toEqual([401, MSG_SESSION_INVALID]);
  });
});

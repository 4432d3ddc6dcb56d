/**
 * Issue 34, the member's side of the support desk: getservicerurl's ticket, support tokens (a
 * member's, a visitor's), what the page may send and read, CORS on the desk's paths only, and that
 * nobody reaches another's conversation.
 */
import { MSG_IMAGE_TYPE } from '../uploads/service';
import {
  MSG_SUPPORT_EMPTY,
  MSG_SUPPORT_EXPIRED,
  MSG_SUPPORT_IMAGE_MISSING,
  MSG_SUPPORT_NICKNAME,
  MSG_SUPPORT_NICKNAME_LONG,
  MSG_SUPPORT_NO_CONVERSATION,
  MSG_SUPPORT_SIGNED_OUT,
  MSG_SUPPORT_TICKET_INVALID,
  MSG_SUPPORT_TOO_FAST,
  MSG_SUPPORT_TOO_LONG,
  MSG_SUPPORT_TOO_MANY,
  MSG_SUPPORT_VISITOR_KEY,
  SUPPORT_PER_MINUTE,
} from '@app/contract/support-desk';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, resetClock, setClock } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { siteSettings } from '../../db/schema/site';
import { supportMessages } from '../../db/schema/support';
import { MSG_BLOCKED, MSG_LOGIN_FIRST, MSG_SESSION_OVER } from '../../http/plugins/auth';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import {
  clearDesk,
  deskCall,
  expectRefusal,
  freshAddress,
  memberDesk,
  PNG,
  say,
  sendImage,
  ticketOf,
  visitorDesk,
} from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  setClock(Date.now());
  await clearDesk(t);
});
afterEach(() => resetClock());
afterAll(async () => {
  await t.close();
});

describe('getservicerurl and the ticket', () => {
  it('answers /support/ without a member, a one-time ticket with one, another desk as configured', async () => {
    expect(dataOf(await t.post('/api/getservicerurl', {}))).toEqual({ url: '/support/' });
    const m = await t.newMember();
    const { url } = dataOf<{ url: string }>(await t.post('/api/getservicerurl', {}, { token: m.token }));
    expect(url).toMatch(/^\/support\/#\/\?t=[A-Za-z0-9_-]{43}$/);

    await t.db.update(siteSettings).set({ serviceUrl: 'https://chat.example.com/widget?id=1' });
    try {
      expect(dataOf(await t.post('/api/getservicerurl', {}, { token: m.token }))).toEqual({
        url: 'https://chat.example.com/widget?id=1',
      });
    } finally {
      await t.db.update(siteSettings).set({ serviceUrl: '/support/' });
    }
  });

  it('spends a ticket once, within 60 s, while the member is signed in', async () => {
    const m = await t.newMember();
    const ticket = await ticketOf(t, m.token);
    const first = await t.post('/api/support/ticket', { ticket }, { remoteAddress: freshAddress() });
    expect(dataOf<{ token: string }>(first).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectRefusal(await t.post('/api/support/ticket', { ticket }), 401, MSG_SUPPORT_TICKET_INVALID);

    const late = await ticketOf(t, m.token);
    advanceClock(61_000);
    expectRefusal(await t.post('/api/support/ticket', { ticket: late }), 401, MSG_SUPPORT_TICKET_INVALID);

    const signedOut = await ticketOf(t, m.token);
    await t.post('/api/logoff', {}, { token: m.token });
    expectRefusal(
      await t.post('/api/support/ticket', { ticket: signedOut }),
      401,
      MSG_SUPPORT_TICKET_INVALID,
    );
    expectRefusal(await t.post('/api/support/ticket', { ticket: 'short' }), 400, MSG_SUPPORT_TICKET_INVALID);
  });

  it('opens the desk only: the member API refuses a support token, the desk a member token', async () => {
    const m = await t.newMember();
    const desk = await memberDesk(t, m.token);
    expectRefusal(await t.post('/api/user', {}, { token: desk }), 401, MSG_SESSION_OVER);
    expectRefusal(await deskCall(t, m.token, 'state'), 401, MSG_SUPPORT_SIGNED_OUT);
    expectRefusal(await t.post('/api/support/state', {}), 401, MSG_SUPPORT_SIGNED_OUT);
    expect(dataOf(await deskCall(t, desk, 'state'))).toMatchObject({ me: { kind: 'member', name: m.name } });
    expect((await t.post('/api/user', {}, { token: null })).body?.message).toBe(MSG_LOGIN_FIRST);
  });

  it('ends with the sign-in it came from; a blocked member is refused', async () => {
    const m = await t.newMember();
    const desk = await memberDesk(t, m.token);
    await t.post('/api/logoff', {}, { token: m.token });
    expectRefusal(await deskCall(t, desk, 'state'), 401, MSG_SUPPORT_EXPIRED);

    const blocked = await t.newMember();
    const other = await memberDesk(t, blocked.token);
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, blocked.id));
    expectRefusal(await deskCall(t, other, 'state'), 403, MSG_BLOCKED);
  });

  it('lasts 12 hours', async () => {
    const m = await t.newMember();
    const desk = await memberDesk(t, m.token);
    advanceClock(12 * 3600_000 + 1000);
    expectRefusal(await deskCall(t, desk, 'state'), 401, MSG_SUPPORT_EXPIRED);
  });
});

describe('visitors', () => {
  it('checks the nickname and key, in order', async () => {
    const post = (body: unknown) => t.post('/api/support/visitor', body, { remoteAddress: freshAddress() });
    expectRefusal(await post({}), 400, MSG_SUPPORT_NICKNAME);
    expectRefusal(await post({ nickname: '   ' }), 400, MSG_SUPPORT_NICKNAME);
    expectRefusal(await post({ nickname: '字'.repeat(21) }), 400, MSG_SUPPORT_NICKNAME_LONG);
    expectRefusal(await post({ nickname: '小王', visitor_key: 'short' }), 400, MSG_SUPPORT_VISITOR_KEY);
    // Cleaned as chat text: a nickname of control characters and bidi overrides is none.
    expectRefusal(await post({ nickname: '\u202e\u0007' }), 400, MSG_SUPPORT_NICKNAME);
  });

  it('makes a key when the page has none; the same key finds the conversation next visit', async () => {
    const first = await visitorDesk(t, '小\u202e王');
    expect(first.visitor_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const { conversation } = await say(t, first.token, '在吗');
    const again = await visitorDesk(t, '小王', first.visitor_key);
    expect(again.visitor_key).toBe(first.visitor_key);
    const state = dataOf<{ me: unknown; conversation: { id: number } }>(
      await deskCall(t, again.token, 'state'),
    );
    expect(state.me).toEqual({ kind: 'visitor', name: '小王' });
    expect(state.conversation.id).toBe(conversation.id);
  });

  it('limits new tokens per address', async () => {
    const address = freshAddress();
    const replies = [];
    for (let i = 0; i < 21; i++)
      replies.push(await t.post('/api/support/visitor', { nickname: '刷' }, { remoteAddress: address }));
    expect(replies.map((r) => r.status).slice(19)).toEqual([200, 429]);
  });
});

describe('messages', () => {
  it('checks the text, in order, and stores it cleaned as plain text', async () => {
    const { token } = await visitorDesk(t);
    expectRefusal(await deskCall(t, token, 'send', {}), 400, MSG_SUPPORT_EMPTY);
    expectRefusal(await deskCall(t, token, 'send', { text: '  ' }), 400, MSG_SUPPORT_EMPTY);
    expectRefusal(await deskCall(t, token, 'send', { text: '字'.repeat(501) }), 400, MSG_SUPPORT_TOO_LONG);
    expectRefusal(await deskCall(t, token, 'send', { text: '\u0007\u202e' }), 400, MSG_SUPPORT_EMPTY);
    const r = await deskCall(t, token, 'send', { text: '<b>钱</b>\u202e没\n到 http://x.cn' });
    expect(dataOf<{ message: unknown }>(r).message).toMatchObject({
      sender: 'visitor',
      kind: 'text',
      body: '<b>钱</b>没 到 http://x.cn',
    });
  });

  it('opens one conversation at a time, left offline while nobody is online', async () => {
    const m = await t.newMember();
    const desk = await memberDesk(t, m.token);
    const a = await say(t, desk, '存款未到账');
    const b = await say(t, desk, '订单号D123');
    expect(b.conversation.id).toBe(a.conversation.id);
    expect(a.conversation).toMatchObject({ state: 'waiting', operator: null, left_offline: true });
    const state = dataOf<{ online: boolean; messages: { body: string }[] }>(await deskCall(t, desk, 'state'));
    expect(state.online).toBe(false);
    expect(state.messages.map((x) => x.body)).toEqual(['存款未到账', '订单号D123']);
  });

  it('allows one message a second and 20 a minute', async () => {
    const { token } = await visitorDesk(t);
    await say(t, token, '1');
    expectRefusal(await deskCall(t, token, 'send', { text: '2' }), 429, MSG_SUPPORT_TOO_FAST);
    for (let i = 2; i <= SUPPORT_PER_MINUTE; i++) await say(t, token, String(i));
    advanceClock(1100);
    expectRefusal(await deskCall(t, token, 'send', { text: 'x' }), 429, MSG_SUPPORT_TOO_MANY);
    advanceClock(60_000);
    await say(t, token, 'later');
  });

  it('pages older messages of one’s own conversation only', async () => {
    const { token } = await visitorDesk(t);
    const other = await visitorDesk(t, '别人');
    let id = 0;
    for (let i = 0; i < 3; i++) id = (await say(t, token, `第${i}条`)).conversation.id;
    const state = dataOf<{ messages: { id: number }[] }>(await deskCall(t, token, 'state'));
    const older = dataOf<{ messages: { body: string }[]; more: boolean }>(
      await deskCall(t, token, 'messages', { conversation_id: id, before_id: state.messages[2]?.id }),
    );
    expect(older).toMatchObject({ messages: [{ body: '第0条' }, { body: '第1条' }], more: false });
    expectRefusal(
      await deskCall(t, other.token, 'messages', { conversation_id: id }),
      404,
      MSG_SUPPORT_NO_CONVERSATION,
    );
    expectRefusal(
      await deskCall(t, other.token, 'rate', { conversation_id: id, rating: 5 }),
      404,
      MSG_SUPPORT_NO_CONVERSATION,
    );
    // Another's conversation is none of the caller's: its own state is empty.
    expect(dataOf(await deskCall(t, other.token, 'state'))).toMatchObject({
      conversation: null,
      messages: [],
    });
  });
});

describe('images', () => {
  it('stores a checked image, shown to its own conversation only', async () => {
    const m = await t.newMember();
    const desk = await memberDesk(t, m.token);
    const sent = await sendImage(t, desk);
    expect(sent.status).toBe(200);
    const message = sent.data?.message;
    expect(message).toMatchObject({ kind: 'image' });
    const address = message?.image ?? '';
    expect(address).toMatch(/^\/support\/images\/[0-9a-f]{32}\.png$/);
    const [row] = await t.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, message?.id ?? 0));
    expect(row?.image).toMatch(/^\/uploads\/support\//);

    const mine = await t.get(address, undefined, { token: desk });
    expect(mine.status).toBe(200);
    expect(mine.headers['access-control-allow-origin']).toBe('*');
    const stranger = await visitorDesk(t);
    expect((await t.get(address, undefined, { token: stranger.token })).status).toBe(404);
    expect((await t.get(address)).status).toBe(401);
    expect((await t.get('/support/images/..%2Fx.png', undefined, { token: desk })).status).toBe(400);
  });

  it('refuses what is not an image by its bytes, and a missing file', async () => {
    const { token } = await visitorDesk(t);
    const fake = await sendImage(t, token, Buffer.from('<svg onload=alert(1)>'));
    expect({ status: fake.status, message: fake.message }).toEqual({ status: 400, message: MSG_IMAGE_TYPE });
    const mislabelled = await sendImage(t, token, PNG, 'image/gif');
    expect(mislabelled.message).toBe(MSG_IMAGE_TYPE);
    expectRefusal(await deskCall(t, token, 'image', {}), 400, MSG_SUPPORT_IMAGE_MISSING);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/support/image',
      payload: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect((JSON.parse(r.body) as { message: string }).message).toBe(MSG_SUPPORT_IMAGE_MISSING);
  });
});

describe('CORS', () => {
  it('answers the desk page’s preflight and calls on the desk’s paths only', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/support/state',
      headers: {
        origin: 'null',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'Authorization, Content-Type',
    });
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const refused = await t.post('/api/support/state', {}, { headers: { origin: 'null' } });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    const member = await t.post('/api/user', {}, { headers: { origin: 'null' } });
    expect(member.headers['access-control-allow-origin']).toBeUndefined();
    const page = await t.get('/support/');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });
});

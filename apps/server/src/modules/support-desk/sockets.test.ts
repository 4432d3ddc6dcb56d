/**
 * Issue 34, the desk in real time: the page's socket (auth frame, its own conversation only, close
 * codes), the console's (session cookie and Origin), messages both ways, queue changes, typing marks
 * (relayed, limited), read marks, revocations, and presence going offline after the grace.
 */
import { MSG_CONSOLE_SOCKET_ORIGIN, SUPPORT_PRESENCE_GRACE_MS } from '@app/contract/console-support-socket';
import { MSG_CONSOLE_SIGNED_OUT } from '@app/contract/console-define';
import {
  MSG_SUPPORT_EXPIRED,
  MSG_SUPPORT_SIGNED_OUT,
  MSG_SUPPORT_SOCKET_AUTH,
} from '@app/contract/support-desk';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { advanceClock, resetClock, setClock } from '../../core/clock';
import { dataOf } from '../../../test/helpers';
import type { ConsoleAgent } from '../../../test/console-helpers';
import { offlineUnseen } from './presence';
import { deskSockets, type DeskSockets } from './socket-test-support';
import { clearDesk, deskCall, memberDesk, say } from './test-support';

let d: DeskSockets;
let op: ConsoleAgent;
let other: ConsoleAgent;
beforeAll(async () => {
  d = await deskSockets();
  op = await d.c.signIn('support');
  other = await d.c.signIn('support');
}, 120_000);
beforeEach(async () => {
  setClock(Date.now());
  await clearDesk(d.t);
});
afterEach(() => resetClock());
afterAll(async () => {
  await d.close();
});

const online = (who: ConsoleAgent) => who.post('/api/support/presence', { online: true, max_open: 5 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A member's support token. */
const member = async () => memberDesk(d.t, (await d.t.newMember()).token);

describe('the page socket', () => {
  it('is told who is online, then gets the 客服 reply, the assignment and the read mark', async () => {
    await online(op);
    const token = await member();
    const page = await d.page(token);
    expect(await page.nextJson({ type: 'online' })).toEqual({ type: 'online', online: true });
    const conv = (await say(d.t, token, '存款未到账')).conversation;
    expect(conv.state).toBe('open');
    const state = await page.nextJson({ type: 'state', change: 'assigned' });
    expect((state.conversation as { operator: string }).operator).toBe(`客服${op.id}`);
    await op.post('/api/support/reply', { id: conv.id, text: '请稍等，正在为您查询' });
    const reply = await page.nextJson({ type: 'message' });
    expect(reply.conversation_id).toBe(conv.id);
    // The member's own message and the system line came first; the reply is the newest.
    await page.next((f) => f.includes('请稍等，正在为您查询'));
    const read = await page.nextJson({ type: 'read' });
    expect(read.conversation_id).toBe(conv.id);
  });

  it('never receives another member’s conversation', async () => {
    await online(op);
    const [a, b] = [await member(), await member()];
    const pageA = await d.page(a);
    const pageB = await d.page(b);
    await pageA.nextJson({ type: 'online' });
    await pageB.nextJson({ type: 'online' });
    const convA = (await say(d.t, a, '我是甲')).conversation;
    await op.post('/api/support/reply', { id: convA.id, text: '只给甲的回复' });
    await pageA.next((f) => f.includes('只给甲的回复'));
    await pageB.roundTrip();
    expect(pageB.frames.join('\n')).not.toContain('我是甲');
    expect(pageB.frames.join('\n')).not.toContain('只给甲的回复');
    expect(pageB.messages.every((m) => m.type === 'online')).toBe(true);
  });

  it('closes with a Chinese reason: no auth frame, a bad token, an expired one', async () => {
    const noAuth = await d.page(null);
    noAuth.send({ type: 'typing', on: true });
    expect(await noAuth.closed).toEqual({ code: 4401, reason: MSG_SUPPORT_SOCKET_AUTH });
    const bad = await d.page('not-a-token');
    expect(await bad.closed).toEqual({ code: 4401, reason: MSG_SUPPORT_SIGNED_OUT });
    const token = await member();
    advanceClock(13 * 3600_000);
    const expired = await d.page(token);
    expect(await expired.closed).toEqual({ code: 4401, reason: MSG_SUPPORT_EXPIRED });
  });

  it('stays open on a server whose clock runs behind the machine’s (CLOCK_OFFSET_SECONDS)', async () => {
    setClock(Date.now() - 86_400_000);
    const page = await d.page(await member());
    await page.nextJson({ type: 'online' });
    await page.roundTrip();
    await sleep(300);
    expect(page.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes when the member signs out of the app', async () => {
    const m = await d.t.newMember();
    const page = await d.page(await memberDesk(d.t, m.token));
    await page.nextJson({ type: 'online' });
    await d.t.post('/api/logoff', {}, { token: m.token });
    expect(await page.closed).toEqual({ code: 4401, reason: MSG_SUPPORT_EXPIRED });
  });
});

describe('the console socket', () => {
  it('refuses no session and a foreign Origin', async () => {
    const none = await d.desk(null);
    expect(await none.closed).toEqual({ code: 4401, reason: MSG_CONSOLE_SIGNED_OUT });
    const foreign = await d.desk(op, 'https://evil.example');
    expect(await foreign.closed).toEqual({ code: 4403, reason: MSG_CONSOLE_SOCKET_ORIGIN });
    const missing = await d.desk(op, null);
    expect(await missing.closed).toEqual({ code: 4403, reason: MSG_CONSOLE_SOCKET_ORIGIN });
  });

  it('gets the member’s message and the queue change; a colleague gets the queue only', async () => {
    await online(op);
    const mine = await d.desk(op);
    const theirs = await d.desk(other);
    await mine.nextJson({ type: 'ready' });
    await theirs.nextJson({ type: 'ready' });
    const token = await member();
    const conv = (await say(d.t, token, '取款进度怎么查')).conversation;
    const queued = await mine.nextJson({ type: 'queue', change: 'assigned' });
    expect((queued.conversation as { id: number }).id).toBe(conv.id);
    const msg = await mine.next((f) => f.includes('"type":"message"') && f.includes('取款进度怎么查'));
    expect(JSON.parse(msg)).toMatchObject({ conversation_id: conv.id, message: { sender: 'member' } });
    await theirs.nextJson({ type: 'queue', change: 'message' });
    await theirs.roundTrip();
    expect(theirs.frames.some((f) => f.includes('"type":"message"'))).toBe(false);
    // Watching it (open on screen), the colleague gets its messages too.
    theirs.send({ type: 'watch', id: conv.id });
    await theirs.roundTrip();
    await say(d.t, token, '第二句');
    await theirs.next((f) => f.includes('"type":"message"') && f.includes('第二句'));
    // Read marks of the member side reach the operator.
    await deskCall(d.t, token, 'read');
    await mine.nextJson({ type: 'read', conversation_id: conv.id });
  });

  it('closes when the operator signs out of the console', async () => {
    const who = await d.c.signIn('support');
    const s = await d.desk(who);
    await s.nextJson({ type: 'ready' });
    await who.post('/api/logout', {});
    expect(await s.closed).toEqual({ code: 4401, reason: MSG_CONSOLE_SIGNED_OUT });
  });
});

describe('typing marks', () => {
  it('are relayed both ways: a start at most once a second per sender, a stop at once and once', async () => {
    await online(op);
    const token = await member();
    const page = await d.page(token);
    await page.nextJson({ type: 'online' });
    const desk = await d.desk(op);
    await desk.nextJson({ type: 'ready' });
    const conv = (await say(d.t, token, '在吗')).conversation;
    await desk.nextJson({ type: 'queue', change: 'assigned' });
    for (let i = 0; i < 3; i++) page.send({ type: 'typing', on: true });
    await desk.nextJson({ type: 'typing', conversation_id: conv.id, on: true });
    await page.roundTrip();
    await sleep(200);
    expect(desk.messages.filter((m) => m.type === 'typing')).toHaveLength(1);
    // A stop right after the start (within the second) is relayed; a second stop is not.
    page.send({ type: 'typing', on: false });
    page.send({ type: 'typing', on: false });
    await desk.nextJson({ type: 'typing', on: false });
    await page.roundTrip();
    await sleep(200);
    expect(desk.messages.filter((m) => m.type === 'typing')).toHaveLength(2);
    desk.send({ type: 'typing', id: conv.id, on: true });
    await page.nextJson({ type: 'typing', conversation_id: conv.id, on: true });
    // Not in a conversation it serves: dropped.
    const theirs = await d.desk(other);
    await theirs.nextJson({ type: 'ready' });
    await sleep(1100);
    theirs.send({ type: 'typing', id: conv.id, on: true });
    await theirs.roundTrip();
    await sleep(200);
    expect(page.messages.filter((m) => m.type === 'typing')).toHaveLength(1);
  });
});

describe('presence', () => {
  it('goes offline after the grace without a console, and the page is told', async () => {
    await d.t.db.execute(sql`update support_operators set updated_at = now()`);
    await online(op);
    const page = await d.page(await member());
    await page.nextJson({ type: 'online', online: true });
    advanceClock(SUPPORT_PRESENCE_GRACE_MS - 5000);
    expect(await offlineUnseen(d.t.db, d.t.app.roomBus)).toEqual([]);
    // A console polling its queue is seen (at most once a heartbeat).
    expect(dataOf<{ me: { online: boolean } }>(await op.get('/api/support/queue')).me.online).toBe(true);
    advanceClock(SUPPORT_PRESENCE_GRACE_MS - 5000);
    expect(await offlineUnseen(d.t.db, d.t.app.roomBus)).toEqual([]);
    advanceClock(SUPPORT_PRESENCE_GRACE_MS + 1000);
    expect(await offlineUnseen(d.t.db, d.t.app.roomBus)).toContain(op.id);
    await page.nextJson({ type: 'online', online: false });
  });
});

import { ChatServerMessage } from '@app/contract/lottery';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../core/clock';
import { saveRoomMessage } from '../../http/realtime/room-messages';
import { nextSlot } from '../lottery/scheduler';
import { auditLog } from '../../db/schema/operators';
import { chatMessages } from '../../db/schema/lottery';
import { createLotteryWithRooms, listeningTestApp, SocketClient, type ListeningApp } from './test-support';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { dataOf } from '../../../test/helpers';

let t: ListeningApp;
let c: TestConsole;
let op: ConsoleAgent;
let room: number;
const opened: SocketClient[] = [];

beforeAll(async () => {
  t = await listeningTestApp();
  c = await buildTestConsole(t);
  [room = 0] = (await createLotteryWithRooms(t.db, 2, 1)).roomIds;
}, 60_000);
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await c.close();
  await t.close();
});
// Signed in per test: a test moves the clock an hour on, past the console's idle limit.
beforeEach(async () => {
  op = await c.signIn('content');
});
afterEach(() => resetClock());

async function connect() {
  const m = await t.newMember();
  const s = await SocketClient.open(t.socketUrl(room, m.token));
  opened.push(s);
  return { ...m, socket: s };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mute = (body: Record<string, unknown>) => op.post('/api/chat/mutes', body);
const unmute = (userId: number) => op.post('/api/chat/mutes/delete', { user_id: userId });
const storedLines = async (userId: number) =>
  (await t.db.select().from(chatMessages).where(eq(chatMessages.userId, userId))).map((r) => r.content);

describe('muting a member', () => {
  it('refuses their messages with until when (to them alone), stores nothing; unmuted they speak again', async () => {
    const a = await connect();
    const b = await connect();
    const r = await mute({ user_id: a.id, duration: '1d', reason: '刷屏' });
    const until = (dataOf(r) as { until: string }).until;
    expect(r.body).toMatchObject({ code: 200, data: { user_id: a.id, permanent: false } });
    expect(r.body?.message).toBe(`已禁言 ${a.name} 1 天，至 ${until}`);

    a.socket.send({ content: '我还能说话吗', order: false });
    const refusal = await a.socket.nextJson({ id: 0, sysmsg: `您已被禁言至${until}，暂不能发言` });
    expect(ChatServerMessage.parse(refusal)).toMatchObject({
      system: true,
      toast: `您已被禁言至${until}，暂不能发言`,
    });
    await b.socket.roundTrip();
    expect(b.socket.messages.filter((m) => m.content === '我还能说话吗')).toEqual([]);
    expect(await storedLines(a.id)).toEqual([]);

    // Another member is not muted.
    b.socket.send({ content: 'b 说话', order: false });
    await a.socket.nextJson({ content: 'b 说话', id: b.id });

    const lifted = await unmute(a.id);
    expect(lifted.body).toMatchObject({ code: 200, message: '已解除禁言' });
    await sleep(1050); // one message per second
    a.socket.send({ content: '解除了', order: false });
    await b.socket.nextJson({ content: '解除了', id: a.id });

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'member'), eq(auditLog.targetId, String(a.id))));
    expect(audits.map((x) => [x.action, x.before, x.after])).toEqual([
      ['chat.mute', { mute: null }, { mute: { until, reason: '刷屏' }, duration: '1d' }],
      ['chat.unmute', { mute: { until, reason: '刷屏' } }, { mute: null }],
    ]);
  });

  it('ends by itself when its time is up', async () => {
    const a = await connect();
    const start = Date.now();
    setClock(start);
    await mute({ user_id: a.id, duration: '1h' });
    setClock(start + 3_600_000 - 1000);
    a.socket.send({ content: '还在禁言', order: false });
    await a.socket.next((f) => f.includes('您已被禁言至'));
    setClock(start + 3_600_000 + 1000);
    await sleep(1050);
    a.socket.send({ content: '到期了', order: false });
    await a.socket.nextJson({ content: '到期了', id: a.id });
    // An expired mute is no longer listed, and cannot be lifted (an operator signed in an hour on).
    const later = await c.signIn('support');
    const list = dataOf(await later.get('/api/chat/mutes', { page: '1', pageSize: '200' })) as {
      items: { user_id: number }[];
    };
    expect(list.items.map((i) => i.user_id)).not.toContain(a.id);
    expect((await later.post('/api/chat/mutes/delete', { user_id: a.id })).body?.message).toBe(
      '该会员未被禁言',
    );
  });

  it('永久 mutes until lifted; a new mute replaces the one in force; the list shows who and why', async () => {
    const a = await connect();
    const r = await mute({ user_id: a.id, duration: 'forever', reason: '广告' });
    expect(r.body).toMatchObject({ data: { permanent: true }, message: `已永久禁言 ${a.name}` });
    // Six days on (a signed-in session lasts 7 days idle): still muted.
    setClock(Date.now() + 6 * 24 * 3_600_000);
    a.socket.send({ content: '六天后', order: false });
    await a.socket.nextJson({ sysmsg: '您已被永久禁言' });
    resetClock();

    const list = dataOf(await op.get('/api/chat/mutes', { page: '1', pageSize: '200' })) as {
      items: Record<string, unknown>[];
    };
    expect(list.items.find((i) => i.user_id === a.id)).toMatchObject({
      name: a.name,
      permanent: true,
      reason: '广告',
      muted_by: op.name,
    });
    const shorter = await mute({ user_id: a.id, duration: '1h', reason: '' });
    expect((dataOf(shorter) as { permanent: boolean }).permanent).toBe(false);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'chat.mute'), eq(auditLog.targetId, String(a.id))))
      .orderBy(auditLog.id)
      .offset(1);
    expect(audit?.before).toEqual({ mute: { until: '永久', reason: '广告' } });

    // The console's message list shows the author muted beside what they wrote.
    await sleep(1050);
    resetClock();
    const b = await t.newMember();
    await saveRoomMessage(t.db, room, {
      userId: a.id,
      sysmsg: false,
      id: a.id,
      author: a.name,
      avatar: '',
      content: '旧话',
      type: 'chat',
    });
    await mute({ user_id: b.id, duration: '1h' });
    const rows = dataOf(await op.get('/api/chat/messages', { room_id: String(room) })) as {
      items: { user_id: number | null; muted_until: string | null }[];
    };
    const mine = rows.items.find((i) => i.user_id === a.id);
    expect(mine?.muted_until).toBe((dataOf(shorter) as { until: string }).until);
    await unmute(a.id);
    const after = dataOf(await op.get('/api/chat/messages', { room_id: String(room) })) as typeof rows;
    expect(after.items.find((i) => i.user_id === a.id)?.muted_until).toBeNull();
  });

  it('does not stop a muted member’s bets: an order line is the server’s wording, not theirs', async () => {
    setClock(nextSlot({ periodSeconds: 210, closeSeconds: 30 }, Date.now()).opensAt + 1000);
    const a = await connect();
    await t.fund(a.id, '100.00');
    await mute({ user_id: a.id, duration: '7d' });
    a.socket.send({ content: '大10', order: true });
    await a.socket.nextJson({ type: 'order', id: a.id });
  });

  it('refuses a missing duration, a long reason, an unknown member, in Chinese', async () => {
    const m = await t.newMember();
    for (const [body, message] of [
      [{ user_id: m.id }, '请选择禁言时长'],
      [{ user_id: m.id, duration: '2h' }, '请选择禁言时长'],
      [{ user_id: m.id, duration: '1h', reason: '长'.repeat(201) }, '原因最多200个字'],
      [{ duration: '1h' }, '会员不存在'],
      [{ user_id: 'x', duration: '1h' }, '会员不存在'],
      [{ user_id: 999999999, duration: '1h' }, '会员不存在'],
    ] as const) {
      expect((await mute(body)).body?.message, JSON.stringify(body)).toBe(message);
    }
    expect((await unmute(m.id)).body?.message).toBe('该会员未被禁言');
    expect((await unmute(999999999)).body?.message).toBe('会员不存在');
  });
});

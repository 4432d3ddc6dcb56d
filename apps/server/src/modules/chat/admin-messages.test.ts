import { CHAT_PAGE_SIZE } from '@app/contract/console-chat';
import { readChatDeletion } from '@app/contract/chat';
import { Room } from '@app/contract/lottery';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLog } from '../../db/schema/operators';
import { chatMessages } from '../../db/schema/lottery';
import { saveRoomMessage } from '../../http/realtime/room-messages';
import { inTransaction } from '../../db/scope';
import { deleteChatMessage } from './moderation';
import { createLotteryWithRooms, listeningTestApp, SocketClient, type ListeningApp } from './test-support';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { memberChatLine } from '../../../test/console-samples/chat';
import { dataOf } from '../../../test/helpers';

let t: ListeningApp;
let c: TestConsole;
let op: ConsoleAgent;
let room: number;
let otherRoom: number;
const opened: SocketClient[] = [];

beforeAll(async () => {
  t = await listeningTestApp();
  c = await buildTestConsole(t);
  op = await c.signIn('support');
  [room = 0, otherRoom = 0] = (await createLotteryWithRooms(t.db, 2, 2)).roomIds;
}, 60_000);
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await c.close();
  await t.close();
});

async function connect(roomId: number) {
  const m = await t.newMember();
  const s = await SocketClient.open(t.socketUrl(roomId, m.token));
  opened.push(s);
  return { ...m, socket: s };
}
const messages = (query: Record<string, string>) => op.get('/api/chat/messages', query);
async function historyOf(roomId: number, token: string) {
  const r = await t.get('/api/lotteryRoom', { room_id: String(roomId) }, { token });
  return Room.parse(dataOf(r)).chat;
}

describe('a room’s messages in the console', () => {
  it('lists the rooms with their lottery', async () => {
    const r = await op.get('/api/chat/rooms');
    const items = (dataOf(r) as { items: { id: number; lottery_title: string; enabled: boolean }[] }).items;
    expect(items.find((i) => i.id === room)).toMatchObject({
      lottery_title: expect.stringContaining('测试彩'),
      enabled: true,
    });
  });

  it('pages newest first with a "load older" cursor, members’ and system messages, text as stored', async () => {
    const [own] = (await createLotteryWithRooms(t.db, 2, 1)).roomIds;
    const roomId = own ?? 0;
    await saveRoomMessage(t.db, roomId, {
      userId: null,
      sysmsg: false,
      id: 0,
      author: '系统',
      avatar: '',
      content: '第1期开始投注',
      type: 'open',
    });
    const ids: string[] = [];
    for (let i = 0; i < CHAT_PAGE_SIZE + 2; i++) ids.push(await memberChatLine(t, roomId, `<b>第${i}条</b>`));
    const first = dataOf(await messages({ room_id: String(roomId) })) as {
      items: { id: string; content: string; kind: string; kind_label: string; user_id: number | null }[];
      next_before: string | null;
    };
    expect(first.items).toHaveLength(CHAT_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({
      id: ids.at(-1),
      content: `<b>第${CHAT_PAGE_SIZE + 1}条</b>`,
      kind_label: '发言',
    });
    expect(first.next_before).toBe(first.items.at(-1)?.id);
    const older = dataOf(
      await messages({ room_id: String(roomId), before: first.next_before ?? '' }),
    ) as typeof first;
    expect(older.items.map((i) => i.content)).toEqual(['<b>第1条</b>', '<b>第0条</b>', '第1期开始投注']);
    expect(older.items[2]).toMatchObject({ user_id: null, kind: 'open', kind_label: '开盘' });
    expect(older.next_before).toBeNull();
  });

  it('refuses a missing or unknown room and a malformed cursor, in Chinese', async () => {
    for (const [query, message] of [
      [{}, '请选择房间'],
      [{ room_id: 'abc' }, '请选择房间'],
      [{ room_id: '0' }, '请选择房间'],
      [{ room_id: '99999999' }, '请选择房间'],
      [{ room_id: String(room), before: '1x' }, '消息不存在'],
    ] as const) {
      const r = await messages(query);
      expect(r.body?.message, JSON.stringify(query)).toBe(message);
    }
  });
});

describe('deleting a message', () => {
  it('leaves it out of the members’ history, tells the room’s sockets (no other room), audits it', async () => {
    const a = await connect(room);
    const b = await connect(room);
    const elsewhere = await connect(otherRoom);
    a.socket.send({ content: '广告 <script>x</script>', order: false });
    const said = await b.socket.nextJson({ content: '广告 <script>x</script>' });
    const id = said.msgid as number;
    expect(id).toBeGreaterThan(0);
    expect((await historyOf(room, b.token)).map((m) => m.messageId)).toContain(id);

    const r = await op.post('/api/chat/messages/delete', { id: String(id) });
    expect(r.body).toMatchObject({
      code: 200,
      message: '消息已删除',
      data: { id: String(id), deleted_by: op.name },
    });
    for (const s of [a.socket, b.socket]) {
      const frame = await s.nextJson({ type: 'delete', msgid: id });
      expect(readChatDeletion(frame)).toBe(id);
    }
    await elsewhere.socket.roundTrip();
    expect(elsewhere.socket.messages.filter((m) => m.type === 'delete')).toEqual([]);
    const history = await historyOf(room, b.token);
    expect(history.map((m) => m.messageId)).not.toContain(id);
    expect(history.map((m) => m.content)).not.toContain('广告 <script>x</script>');

    // The console still shows it, marked.
    const list = dataOf(await messages({ room_id: String(room) })) as { items: Record<string, unknown>[] };
    expect(list.items.find((i) => i.id === String(id))).toMatchObject({
      deleted: true,
      deleted_by: op.name,
      content: '广告 <script>x</script>',
      author: a.name,
    });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'chat.delete'), eq(auditLog.targetId, String(id))));
    expect(row).toMatchObject({
      operatorName: op.name,
      targetType: 'chat_message',
      before: { room_id: room, user_id: a.id, author: a.name, content: '广告 <script>x</script>' },
      after: { deleted: true },
    });
  });

  it('refuses a second delete, an unknown id, and orders or round notices', async () => {
    const id = await memberChatLine(t, room);
    expect((await op.post('/api/chat/messages/delete', { id })).body?.code).toBe(200);
    const again = await op.post('/api/chat/messages/delete', { id });
    expect([again.status, again.body?.message]).toEqual([409, '该消息已被删除']);
    const unknown = await op.post('/api/chat/messages/delete', { id: '999999999999' });
    expect([unknown.status, unknown.body?.message]).toEqual([404, '消息不存在']);
    for (const bad of ['', 'abc', '0', '-1']) {
      expect((await op.post('/api/chat/messages/delete', { id: bad })).body?.message).toBe('消息不存在');
    }
    const notice = await saveRoomMessage(t.db, room, {
      userId: null,
      sysmsg: false,
      id: 0,
      author: '系统',
      avatar: '',
      content: '第2期开始投注',
      type: 'open',
    });
    const refused = await op.post('/api/chat/messages/delete', { id: String(notice.msgid) });
    expect(refused.body?.message).toBe('只能删除会员的发言');
    const [kept] = await t.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.id, BigInt(notice.msgid ?? 0)));
    expect(kept?.deletedAt).toBeNull();
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(notice.msgid)));
    expect(audits).toEqual([]);
  });

  it('tells the room only once the deletion has committed, never when it rolls back', async () => {
    const b = await connect(room);
    const id = BigInt(await memberChatLine(t, room));
    await expect(
      inTransaction(t.app.db, async () => {
        await deleteChatMessage(t.app.db, t.app.roomBus, id, 'x', Date.now());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await b.socket.roundTrip();
    expect(b.socket.messages.filter((m) => m.type === 'delete')).toEqual([]);
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, id));
    expect(row?.deletedAt).toBeNull();
    const [latest] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(latest?.targetId).not.toBe(String(id));
  });
});

describe.runIf(inject('serverTestDb').kind === 'postgres')('two processes on one PostgreSQL', () => {
  let b: ListeningApp;
  beforeAll(async () => {
    b = await listeningTestApp({}, t);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('a deletion on one reaches the room’s sockets on the other; a mute there holds at once', async () => {
    const author = await t.newMember();
    const onB = await SocketClient.open(b.socketUrl(room, author.token));
    opened.push(onB);
    const id = await memberChatLine(t, room);
    expect((await op.post('/api/chat/messages/delete', { id })).body?.code).toBe(200);
    await onB.nextJson({ type: 'delete', msgid: Number(id) });

    expect((await op.post('/api/chat/mutes', { user_id: author.id, duration: '1h' })).body?.code).toBe(200);
    onB.send({ content: '在另一个进程', order: false });
    await onB.next((f) => f.includes('您已被禁言至'));
    expect((await op.post('/api/chat/mutes/delete', { user_id: author.id })).body?.code).toBe(200);
    await new Promise((r) => setTimeout(r, 1050));
    onB.send({ content: '又能说了', order: false });
    await onB.nextJson({ content: '又能说了', id: author.id });
  });
});

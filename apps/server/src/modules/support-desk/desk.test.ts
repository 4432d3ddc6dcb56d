/**
 * Issue 34, the console's side of the support desk: presence and round-robin assignment within each
 * operator's limit (also under concurrency, on PostgreSQL too), take, transfer, replies (text, canned,
 * image), read marks, close with a tag, offline replies as site messages, rating once, transcripts,
 * the member panel and the day's figures.
 */
import {
  MSG_SUPPORT_CANNED_MISSING,
  MSG_SUPPORT_CLOSED,
  MSG_SUPPORT_MAX_OPEN,
  MSG_SUPPORT_NICKNAME_OPERATOR,
  MSG_SUPPORT_PRESENCE,
  MSG_SUPPORT_NOT_MEMBER,
  MSG_SUPPORT_NOT_YOURS,
  MSG_SUPPORT_RANGE,
  MSG_SUPPORT_REPLY_ONE,
  MSG_SUPPORT_TAG,
  MSG_SUPPORT_TAKEN,
  MSG_SUPPORT_TRANSFER_SELF,
  MSG_SUPPORT_TRANSFER_TARGET,
} from '@app/contract/console-support';
import {
  MSG_SUPPORT_NOT_CLOSED,
  MSG_SUPPORT_RATED,
  MSG_SUPPORT_RATING,
  MSG_SUPPORT_RATING_NOTE,
} from '@app/contract/support-desk';
import { beijingDate } from '../../core/clock';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../core/clock';
import { siteMessages } from '../../db/schema/promo';
import { supportConversations } from '../../db/schema/support';
import { users } from '../../db/schema/accounts';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { buildTestApp, dataOf, type Reply, type TestApp } from '../../../test/helpers';
import { SITE_MESSAGE_TITLE } from './desk';
import { clearDesk, deskCall, expectRefusal, memberDesk, PNG, say, visitorDesk } from './test-support';

let t: TestApp;
let c: TestConsole;
let a: ConsoleAgent;
let b: ConsoleAgent;
let fin: ConsoleAgent;
let admin: ConsoleAgent;
let content: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  a = await c.signIn('support');
  b = await c.signIn('support');
  fin = await c.signIn('finance');
  admin = await c.signIn('admin');
  content = await c.signIn('content');
}, 120_000);
beforeEach(async () => {
  setClock(Date.now());
  await clearDesk(t);
});
afterEach(() => resetClock());
afterAll(async () => {
  await c.close();
  await t.close();
});

interface Row {
  id: number;
  state: string;
  operator: { id: number; name: string; nickname: string } | null;
  unread: number;
  member_read_id: number;
  waiting_seconds: number;
  first_reply_at: string | null;
  close_tag: string | null;
}
const conv = (r: Reply) => dataOf<{ conversation: Row }>(r).conversation;
const online = (op: ConsoleAgent, max_open = 5, nickname?: string) =>
  op.post('/api/support/presence', { online: true, max_open, ...(nickname ? { nickname } : {}) });
const detail = async (id: number) =>
  dataOf<{ conversation: Row; messages: { sender: string; body: string; operator: unknown }[] }>(
    await a.get('/api/support/conversation', { id: String(id) }),
  );
/** A visitor who has written: its token and conversation id. */
async function visitorWith(text = '你好') {
  const v = await visitorDesk(t);
  const { conversation } = await say(t, v.token, text);
  return { token: v.token, key: v.visitor_key, id: conversation.id };
}

describe('assignment', () => {
  it('gives a new conversation to the online 客服 with the fewest open, ties round robin, within the limit', async () => {
    expect(dataOf(await online(a, 2, '小美'))).toMatchObject({
      online: true,
      max_open: 2,
      nickname: '小美',
      open: 0,
    });
    await online(b, 1, '小丽');
    const first = await visitorWith();
    const second = await visitorWith();
    const third = await visitorWith();
    const fourth = await visitorWith();
    const owner = async (id: number) => (await detail(id)).conversation.operator?.id ?? null;
    expect([await owner(first.id), await owner(second.id)].sort()).toEqual([a.id, b.id].sort());
    expect(await owner(third.id)).toBe(a.id);
    expect(await owner(fourth.id)).toBeNull();
    expect(dataOf(await deskCall(t, fourth.token, 'state'))).toMatchObject({
      online: true,
      conversation: { state: 'waiting', left_offline: false },
    });
    // The member sees the desk name, never the sign-in name.
    const state = dataOf<{
      conversation: { operator: string };
      messages: { sender: string; body: string }[];
    }>(await deskCall(t, third.token, 'state'));
    expect(state.conversation.operator).toBe('小美');
    expect(state.messages.at(-1)).toMatchObject({ sender: 'system', body: '小美 为您服务' });
    expect(JSON.stringify(state)).not.toContain(a.name);

    // Closing one makes room: the waiting one goes to that operator.
    await b.post('/api/support/close', {
      id: (await owner(first.id)) === b.id ? first.id : second.id,
      tag: '其他',
    });
    expect(await owner(fourth.id)).toBe(b.id);
  });

  it('checks one’s presence, in order', async () => {
    expectRefusal(await a.post('/api/support/presence', {}), 400, MSG_SUPPORT_PRESENCE);
    expectRefusal(
      await a.post('/api/support/presence', { online: true, max_open: 0 }),
      400,
      MSG_SUPPORT_MAX_OPEN,
    );
    expectRefusal(
      await a.post('/api/support/presence', { online: true, max_open: 51 }),
      400,
      MSG_SUPPORT_MAX_OPEN,
    );
    expectRefusal(
      await a.post('/api/support/presence', { online: true, nickname: '字'.repeat(13) }),
      400,
      MSG_SUPPORT_NICKNAME_OPERATOR,
    );
    expect(dataOf(await a.post('/api/support/presence', { online: false }))).toMatchObject({ online: false });
  });

  it('takes waiting conversations when an operator comes online; 财务 is never assigned', async () => {
    await online(fin);
    const v = await visitorWith();
    expect((await detail(v.id)).conversation.state).toBe('waiting');
    const queue = dataOf<{ items: Row[]; counts: { waiting: number } }>(
      await a.get('/api/support/queue', { view: 'waiting' }),
    );
    expect(queue.counts.waiting).toBe(1);
    expect(queue.items[0]?.id).toBe(v.id);
    await online(a);
    expect((await detail(v.id)).conversation.operator?.id).toBe(a.id);
  });

  it('never pushes an operator over its limit when conversations open at once', async () => {
    await online(a, 2);
    const visitors = await Promise.all(Array.from({ length: 8 }, () => visitorDesk(t)));
    const replies = await Promise.all(visitors.map((v) => deskCall(t, v.token, 'send', { text: '同时' })));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const rows = await t.db
      .select({ state: supportConversations.state, operatorId: supportConversations.operatorId })
      .from(supportConversations)
      .where(sql`${supportConversations.state} <> 'closed'`);
    expect(rows.filter((r) => r.state === 'open').map((r) => r.operatorId)).toEqual([a.id, a.id]);
    expect(rows.filter((r) => r.state === 'waiting')).toHaveLength(6);
  });
});

describe('operators at work', () => {
  it('take: one operator wins, the other is told', async () => {
    const v = await visitorWith();
    expect(conv(await a.post('/api/support/take', { id: v.id }))).toMatchObject({ state: 'open' });
    expectRefusal(await b.post('/api/support/take', { id: v.id }), 409, MSG_SUPPORT_TAKEN);
    expect(conv(await a.post('/api/support/take', { id: v.id })).operator?.id).toBe(a.id);
  });

  it('transfer: to a colleague who works the desk, who then serves it', async () => {
    const v = await visitorWith('取款进度');
    await a.post('/api/support/take', { id: v.id });
    expectRefusal(
      await a.post('/api/support/transfer', { id: v.id, operator_id: a.id }),
      400,
      MSG_SUPPORT_TRANSFER_SELF,
    );
    expectRefusal(
      await a.post('/api/support/transfer', { id: v.id, operator_id: content.id }),
      400,
      MSG_SUPPORT_TRANSFER_TARGET,
    );
    expectRefusal(
      await b.post('/api/support/transfer', { id: v.id, operator_id: fin.id }),
      409,
      MSG_SUPPORT_NOT_YOURS,
    );
    expect(conv(await a.post('/api/support/transfer', { id: v.id, operator_id: fin.id })).operator?.id).toBe(
      fin.id,
    );
    expectRefusal(
      await a.post('/api/support/reply', { id: v.id, text: '还在吗' }),
      409,
      MSG_SUPPORT_NOT_YOURS,
    );
    expect((await fin.post('/api/support/reply', { id: v.id, text: '已到账' })).status).toBe(200);
    // 超级管理员 may move any conversation.
    expect(
      conv(await admin.post('/api/support/transfer', { id: v.id, operator_id: b.id })).operator?.id,
    ).toBe(b.id);
  });

  it('reply: text, a canned reply or an image, exactly one; the first reply is timed; replying reads', async () => {
    const v = await visitorWith('在吗');
    expectRefusal(await a.post('/api/support/reply', { id: v.id }), 400, MSG_SUPPORT_REPLY_ONE);
    expectRefusal(
      await a.post('/api/support/reply', { id: v.id, text: '好', canned_id: 1 }),
      400,
      MSG_SUPPORT_REPLY_ONE,
    );
    expectRefusal(
      await admin.post('/api/support/canned/save', { title: ' ', body: '好' }),
      400,
      '请输入标题',
    );
    expectRefusal(await admin.post('/api/support/canned/save', { title: '好' }), 400, '请输入回复内容');
    expectRefusal(
      await admin.post('/api/support/canned/save', { id: 999999, title: '好', body: '好' }),
      404,
      MSG_SUPPORT_CANNED_MISSING,
    );
    const canned = dataOf<{ id: number }>(
      await admin.post('/api/support/canned/save', { title: '问候', body: '您好，请问有什么可以帮您？' }),
    );
    const first = await a.post('/api/support/reply', { id: v.id, canned_id: canned.id });
    expect(conv(first)).toMatchObject({ state: 'open', unread: 0 });
    expect(conv(first).first_reply_at).not.toBeNull();
    const image = dataOf<{ message: { kind: string; image: string } }>(
      await a.post('/api/support/reply', { id: v.id, image: PNG.toString('base64') }),
    );
    expect(image.message.image).toMatch(/^\/api\/support\/images\/[0-9a-f]{32}\.png$/);
    expect((await a.get(image.message.image)).status).toBe(200);
    expect((await content.get(image.message.image)).status).toBe(403);

    await say(t, v.token, '谢谢');
    expect((await detail(v.id)).conversation.unread).toBe(1);
    expect(conv(await a.post('/api/support/read', { id: v.id })).unread).toBe(0);

    const state = dataOf<{
      unread: number;
      conversation: { operator_read_id: number };
      messages: { id: number; sender: string; body: string; image: string | null }[];
    }>(await deskCall(t, v.token, 'state'));
    expect(state.unread).toBe(3);
    // The member's page shows 已读 up to the 客服's read mark: its last message (谢谢) was read.
    expect(state.conversation.operator_read_id).toBe(state.messages.at(-1)?.id);
    expect(state.messages.filter((m) => m.sender === 'operator').map((m) => m.body)).toEqual([
      '您好，请问有什么可以帮您？',
      '',
    ]);
    expect((await detail(v.id)).conversation.member_read_id).toBe(0);
    await deskCall(t, v.token, 'read');
    expect(dataOf<{ unread: number }>(await deskCall(t, v.token, 'state')).unread).toBe(0);
    // The workbench shows 已读 up to the member's read mark: every message so far.
    expect((await detail(v.id)).conversation.member_read_id).toBe(state.messages.at(-1)?.id);
  });

  it('close: with a tag; a closed conversation takes no reply, is rated once, and the next message opens a new one', async () => {
    const v = await visitorWith();
    await a.post('/api/support/take', { id: v.id });
    expectRefusal(
      await deskCall(t, v.token, 'rate', { conversation_id: v.id, rating: 5 }),
      400,
      MSG_SUPPORT_NOT_CLOSED,
    );
    expectRefusal(await a.post('/api/support/close', { id: v.id, tag: '闲聊' }), 400, MSG_SUPPORT_TAG);
    expectRefusal(await b.post('/api/support/close', { id: v.id, tag: '其他' }), 409, MSG_SUPPORT_NOT_YOURS);
    expect(conv(await a.post('/api/support/close', { id: v.id, tag: '充值' }))).toMatchObject({
      state: 'closed',
      close_tag: '充值',
    });
    expectRefusal(await a.post('/api/support/reply', { id: v.id, text: '还有' }), 400, MSG_SUPPORT_CLOSED);
    expectRefusal(await a.post('/api/support/take', { id: v.id }), 400, MSG_SUPPORT_CLOSED);

    const rate = (body: Record<string, unknown>) =>
      deskCall(t, v.token, 'rate', { conversation_id: v.id, ...body });
    expectRefusal(await rate({ rating: 0 }), 400, MSG_SUPPORT_RATING);
    expectRefusal(await rate({ rating: 2.5 }), 400, MSG_SUPPORT_RATING);
    expectRefusal(await rate({ rating: 5, note: '字'.repeat(201) }), 400, MSG_SUPPORT_RATING_NOTE);
    expect(dataOf(await rate({ rating: 4, note: '很快' }))).toMatchObject({ state: 'closed', rating: 4 });
    expectRefusal(await rate({ rating: 5 }), 400, MSG_SUPPORT_RATED);

    const history = dataOf<{ items: { id: number; rating: number }[]; total: number }>(
      await deskCall(t, v.token, 'history', {}),
    );
    expect(history.items[0]).toMatchObject({ id: v.id, rating: 4 });
    const next = await say(t, v.token, '又来了');
    expect(next.conversation.id).not.toBe(v.id);
  });
});

describe('offline', () => {
  it('a member who wrote while nobody was online also gets the reply as a site message; a visitor in the desk', async () => {
    const m = await t.newMember();
    const desk = await memberDesk(t, m.token);
    const { conversation } = await say(t, desk, '存款未到账');
    expect(conversation.left_offline).toBe(true);
    await online(a);
    await a.post('/api/support/reply', { id: conversation.id, text: '<b>已处理</b> 请查收' });
    const messages = await t.db
      .select({ title: siteMessages.title, content: siteMessages.content })
      .from(siteMessages)
      .where(eq(siteMessages.userId, m.id));
    expect(messages).toEqual([{ title: SITE_MESSAGE_TITLE, content: '&lt;b&gt;已处理&lt;/b&gt; 请查收' }]);

    await clearDesk(t);
    const v = await visitorDesk(t);
    const left = await say(t, v.token, '有人吗');
    await a.post('/api/support/reply', { id: left.conversation.id, text: '在的' });
    const again = await visitorDesk(t, '访客甲', v.visitor_key);
    const state = dataOf<{ messages: { body: string }[]; unread: number }>(
      await deskCall(t, again.token, 'state'),
    );
    expect(state.messages.map((x) => x.body)).toContain('在的');
    expect(state.unread).toBeGreaterThan(0);
  });
});

describe('the desk’s reads', () => {
  it('searches transcripts by text, name and days', async () => {
    const v = await visitorDesk(t, '查找我');
    const { conversation } = await say(t, v.token, '我的订单号是 D20261122 请帮忙');
    const today = beijingDate();
    const found = dataOf<{ items: { id: number; match: string }[]; total: number }>(
      await a.get('/api/support/search', { q: 'D20261122', name: '', start_date: today, end_date: today }),
    );
    expect(found.items.map((i) => i.id)).toEqual([conversation.id]);
    expect(found.items[0]?.match).toContain('D20261122');
    const byName = dataOf<{ items: { id: number }[] }>(
      await a.get('/api/support/search', { q: '', name: '查找', start_date: today, end_date: today }),
    );
    expect(byName.items.map((i) => i.id)).toContain(conversation.id);
    const none = dataOf<{ total: number }>(
      await a.get('/api/support/search', { q: '100%_', name: '', start_date: today, end_date: today }),
    );
    expect(none.total).toBe(0);
    expectRefusal(
      await a.get('/api/support/search', { start_date: '2026-01-01', end_date: '2026-12-31' }),
      400,
      MSG_SUPPORT_RANGE,
    );
  });

  it('shows the member beside the chat, masked for 客服, none for a visitor', async () => {
    const m = await t.newMember({ mobile: '13812348000' });
    await t.db.update(users).set({ mobile: '13812348000' }).where(eq(users.id, m.id));
    const desk = await memberDesk(t, m.token);
    const { conversation } = await say(t, desk, '存款未到账');
    const panel = dataOf<{
      member: { name: string; mobile: string; contact_masked: boolean };
      deposits: unknown[];
    }>(await a.get('/api/support/member', { id: String(conversation.id) }));
    expect(panel.member).toMatchObject({ name: m.name, mobile: '138****8000', contact_masked: true });
    expect(panel.deposits).toEqual([]);
    const full = dataOf<{ member: { mobile: string } }>(
      await fin.get('/api/support/member', { id: String(conversation.id) }),
    );
    expect(full.member.mobile).toBe('13812348000');
    const v = await visitorWith();
    expectRefusal(await a.get('/api/support/member', { id: String(v.id) }), 400, MSG_SUPPORT_NOT_MEMBER);
  });

  it('counts the day per operator: conversations, first response, ratings', async () => {
    await t.db.delete(supportConversations);
    await online(a);
    const v = await visitorWith();
    setClock(Date.now() + 30_000);
    await a.post('/api/support/reply', { id: v.id, text: '您好' });
    await a.post('/api/support/close', { id: v.id, tag: '其他' });
    await deskCall(t, v.token, 'rate', { conversation_id: v.id, rating: 5 });
    const { rows } = dataOf<{
      rows: { operator: { id: number }; ratings: number; first_response_median: number }[];
    }>(await a.get('/api/support/figures', { day: beijingDate() }));
    const mine = rows.find((r) => r.operator.id === a.id);
    expect(mine).toMatchObject({ conversations: 1, closed: 1, ratings: 1, rating_avg: 5 });
    expect(mine?.first_response_median).toBeGreaterThanOrEqual(29);
    const open = await t.db
      .select({ id: supportConversations.id })
      .from(supportConversations)
      .where(and(eq(supportConversations.id, v.id), eq(supportConversations.state, 'closed')));
    expect(open).toHaveLength(1);
  });
});

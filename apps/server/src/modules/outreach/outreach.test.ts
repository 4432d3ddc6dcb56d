/* 分群 and 群发消息 (issue 31): a segment is the member search's filters under a name, matched again
 * when used; a bulk message reaches each member the segment matches when it is sent (now or at its
 * minute), exactly once even when two processes send at once, and never after it is cancelled. */
import {
  MSG_BATCH_DONE,
  MSG_SEGMENT_EMPTY,
  MSG_SEGMENT_MISSING,
  MSG_SEGMENT_NAME,
  MSG_SEGMENT_TAKEN,
  MSG_SEND_PAST,
  MSG_SEND_TOO_FAR,
  type MessageBatchRow,
  type SegmentRow,
} from '@app/contract/console-segments';
import { MSG_MESSAGE_TITLE } from '@app/contract/console-members';
import { MSG_FILTER_AMOUNT_ORDER } from '@app/contract/withdrawal-review';
import { windowTimeText } from '@app/contract/time-window';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { now, setClock } from '../../core/clock';
import { siteMessages } from '../../db/schema/promo';
import { sendDueBatches } from './batches';
import { takeBreak } from '../protection/service';

let t: TestApp;
let c: TestConsole;
let support: ConsoleAgent;
let content: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  [support, content] = [await c.signIn('support'), await c.signIn('content')];
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
});

let tags = 0;
/** A new tag on the given members; its id. */
async function tagged(...memberIds: number[]): Promise<number> {
  tags += 1;
  const tag = dataOf<{ id: number }>(
    await support.post('/api/member-tags/create', {
      name: `群发${tags}-${process.pid % 100}`,
      color: '#1677ff',
    }),
  );
  dataOf(
    await support.post('/api/member-tags/assign', {
      member_ids: memberIds,
      tag_ids: [tag.id],
      action: 'add',
    }),
  );
  return tag.id;
}
let segmentsMade = 0;
async function segmentOf(filters: Record<string, string>): Promise<SegmentRow> {
  segmentsMade += 1;
  return dataOf<SegmentRow>(
    await support.post('/api/segments/create', { name: `分群${segmentsMade}`, filters }),
  );
}
const schedule = (body: Record<string, unknown>) => content.post('/api/segments/messages/schedule', body);
const inbox = async (token: string) =>
  dataOf<{ data: { title: string; content: string }[] }>(await t.post('/api/messageList', {}, { token }))
    .data;

describe('segments', () => {
  it('save the search filters, count who they match now, and refuse what makes no segment', async () => {
    const [a, b] = [await t.newMember(), await t.newMember()];
    const tag = await tagged(a.id, b.id);
    const s = await segmentOf({ tag: String(tag) });
    expect(s).toMatchObject({ filters: { tag }, members: 2, created_by: expect.any(String) });
    await tagged(a.id); // another tag: the segment still matches by its own
    const list = dataOf<{ items: SegmentRow[] }>(await support.get('/api/segments')).items;
    expect(list.find((x) => x.id === s.id)?.members).toBe(2);

    const refuse = async (body: unknown) => (await support.post('/api/segments/create', body)).body?.message;
    expect(await refuse({ name: '', filters: { tag: String(tag) } })).toBe(MSG_SEGMENT_NAME);
    expect(await refuse({ name: '空的', filters: {} })).toBe(MSG_SEGMENT_EMPTY);
    expect(await refuse({ name: '反了', filters: { balance_min: '10', balance_max: '1' } })).toBe(
      MSG_FILTER_AMOUNT_ORDER,
    );
    expect(await refuse({ name: s.name, filters: { vip: '1' } })).toBe(MSG_SEGMENT_TAKEN);

    dataOf(await support.post('/api/segments/delete', { id: s.id }));
    expect((await support.post('/api/segments/delete', { id: s.id })).body?.message).toBe(
      MSG_SEGMENT_MISSING,
    );
  });
});

describe('bulk messages', () => {
  it('sent now reach each member of the segment once, escaped, and nobody else', async () => {
    const [a, b, outside] = [await t.newMember(), await t.newMember(), await t.newMember()];
    const s = await segmentOf({ tag: String(await tagged(a.id, b.id)) });
    const sent = dataOf<MessageBatchRow>(
      await schedule({ segment_id: s.id, title: '周末活动', content: '<b>加码</b>\n详见活动页' }),
    );
    expect(sent).toMatchObject({ state: 1, recipients: 2, segment: s.name });
    for (const m of [a, b]) {
      expect((await inbox(m.token)).filter((x) => x.title === '周末活动')).toEqual([
        expect.objectContaining({ content: '&lt;b&gt;加码&lt;/b&gt;<br>详见活动页' }),
      ]);
    }
    expect((await inbox(outside.token)).some((x) => x.title === '周末活动')).toBe(false);
    // The single-message list does not carry the copies; the batch list does.
    const single = dataOf<{ items: { title: string }[] }>(await content.get('/api/content/messages'));
    expect(single.items.some((x) => x.title === '周末活动')).toBe(false);
    const batches = dataOf<{ items: MessageBatchRow[] }>(await content.get('/api/segments/messages'));
    expect(batches.items.find((x) => x.id === sent.id)?.recipients).toBe(2);
  });

  it('leave out a member in a time-out or an exclusion (责任博彩), counted and sent', async () => {
    const [a, resting] = [await t.newMember(), await t.newMember()];
    const tag = await tagged(a.id, resting.id);
    await takeBreak(t.db, t.app.roomBus, resting.id, { kind: 'timeout', days: 1 });
    const s = await segmentOf({ tag: String(tag) });
    expect(s.members).toBe(1);
    const sent = dataOf<MessageBatchRow>(
      await schedule({ segment_id: s.id, title: '存款加赠', content: '10%' }),
    );
    expect(sent.recipients).toBe(1);
    const token = await t.login(resting.name, resting.password);
    expect((await inbox(token)).some((x) => x.title === '存款加赠')).toBe(false);
  });

  it('scheduled wait for their minute, go to who matches then, and once even when sent twice at once', async () => {
    const a = await t.newMember();
    const s = await segmentOf({ tag: String(await tagged(a.id)) });
    const at = windowTimeText(now() + 3_600_000);
    const row = dataOf<MessageBatchRow>(
      await schedule({ segment_id: s.id, title: '定时', content: '一小时后', send_at: at }),
    );
    expect(row).toMatchObject({ state: 0, recipients: 0 });
    expect(await sendDueBatches(t.db)).toBe(0);
    const late = await t.newMember();
    await support.post('/api/member-tags/assign', {
      member_ids: [late.id],
      tag_ids: [s.filters.tag],
      action: 'add',
    });
    setClock(now() + 3_600_000);
    // An hour idle ends a console session.
    [support, content] = [await c.signIn('support'), await c.signIn('content')];
    const both = await Promise.all([sendDueBatches(t.db), sendDueBatches(t.db)]);
    expect(both[0] + both[1]).toBe(1);
    const copies = await t.db.select().from(siteMessages).where(eq(siteMessages.batchId, row.id));
    expect(copies.map((m) => m.userId).sort()).toEqual([a.id, late.id].sort());
    expect((await content.post('/api/segments/messages/cancel', { id: row.id })).body?.message).toBe(
      MSG_BATCH_DONE,
    );
  });

  it('cancelled before their minute are never sent; times in the past or too far ahead are refused', async () => {
    const a = await t.newMember();
    const s = await segmentOf({ tag: String(await tagged(a.id)) });
    const row = dataOf<MessageBatchRow>(
      await schedule({
        segment_id: s.id,
        title: '取消',
        content: '不会发送',
        send_at: windowTimeText(now() + 600_000),
      }),
    );
    const cancelled = dataOf<MessageBatchRow>(
      await content.post('/api/segments/messages/cancel', { id: row.id }),
    );
    expect(cancelled).toMatchObject({ state: 2, cancelled_by: expect.any(String) });
    setClock(now() + 700_000);
    await sendDueBatches(t.db);
    content = await c.signIn('content');
    expect(await t.db.$count(siteMessages, eq(siteMessages.batchId, row.id))).toBe(0);

    const refuse = async (body: Record<string, unknown>) => (await schedule(body)).body?.message;
    const base = { segment_id: s.id, title: '标题', content: '内容' };
    expect(await refuse({ ...base, title: '' })).toBe(MSG_MESSAGE_TITLE);
    expect(await refuse({ ...base, send_at: windowTimeText(now() - 3_600_000) })).toBe(MSG_SEND_PAST);
    expect(await refuse({ ...base, send_at: windowTimeText(now() + 31 * 86_400_000) })).toBe(
      MSG_SEND_TOO_FAR,
    );
    expect((await schedule({ ...base, segment_id: 2_000_000_000 })).body?.message).toBe(MSG_SEGMENT_MISSING);
  });
});

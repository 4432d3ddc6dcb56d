import type { MemberDetail, MemberRow } from '@app/contract/console-members';
import {
  MSG_FILTER_REALNAME,
  MSG_FILTER_VIP,
  MSG_NOTE,
  MSG_NOTE_LONG,
  MSG_TAG_COLOR,
  MSG_TAG_MEMBER_MISSING,
  MSG_TAG_MEMBERS,
  MSG_TAG_MEMBERS_MAX,
  MSG_TAG_NAME,
  MSG_TAG_NAME_LONG,
  MSG_TAG_TAKEN,
  type MemberNote,
  type MemberTag,
  type MemberTagRow,
} from '@app/contract/console-annotations';
import { MSG_FILTER_AMOUNT, MSG_FILTER_DAY_ORDER } from '@app/contract/withdrawal-review';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoleSuite } from '../../../test/console-helpers';
import { dataOf } from '../../../test/helpers';
import { users } from '../../db/schema/accounts';
import { auditLog, memberLogins } from '../../db/schema/operators';

const suite = consoleSuite('content');
const unique = () => `${process.pid % 1000}${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
const post = (path: string, body: unknown) => suite.operator.post(path, body);
const newTag = async (name = `t${unique()}`.slice(0, 12), color = '#1677ff') =>
  dataOf<MemberTag>(await post('/api/member-tags/create', { name, color }));
type Page<T> = { total: number; items: T[] };
const search = async (query: Record<string, string>) =>
  dataOf<Page<MemberRow>>(await suite.operator.get('/api/members', query));
const ids = (p: Page<MemberRow>) => p.items.map((r) => r.id);
const auditCount = (action: string, targetId: string | number) =>
  suite.t.db.$count(auditLog, and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));

describe('member tags', () => {
  it('creates, renames and deletes tags with Chinese messages, audited', async () => {
    expect((await post('/api/member-tags/create', { name: ' ', color: '#1677ff' })).body?.message).toBe(
      MSG_TAG_NAME,
    );
    const long = { name: '一二三四五六七八九十一二三', color: '#1677ff' };
    expect((await post('/api/member-tags/create', long)).body?.message).toBe(MSG_TAG_NAME_LONG);
    const badColor = { name: '高风险', color: '#000000' };
    expect((await post('/api/member-tags/create', badColor)).body?.message).toBe(MSG_TAG_COLOR);
    const tag = await newTag();
    expect((await post('/api/member-tags/create', { name: tag.name, color: '#f5222d' })).body?.message).toBe(
      MSG_TAG_TAKEN,
    );
    const renamed = dataOf<MemberTag>(
      await post('/api/member-tags/update', {
        id: tag.id,
        name: `${tag.name.slice(0, 10)}改`,
        color: '#f5222d',
      }),
    );
    expect(renamed).toMatchObject({ id: tag.id, color: '#f5222d' });
    const list = dataOf<{ items: MemberTagRow[] }>(await suite.operator.get('/api/member-tags'));
    expect(list.items.find((t) => t.id === tag.id)).toMatchObject({ name: renamed.name, members: 0 });
    expect((await post('/api/member-tags/delete', { id: tag.id })).status).toBe(200);
    expect((await post('/api/member-tags/delete', { id: tag.id })).status).toBe(404);
    expect(await auditCount('memberTag.create', tag.id)).toBe(1);
    expect(await auditCount('memberTag.update', tag.id)).toBe(1);
    expect(await auditCount('memberTag.delete', tag.id)).toBe(1);
  });

  it('tags many members at once (all or nothing), shown on the list and the member page', async () => {
    const [a, b, c] = [await suite.t.newMember(), await suite.t.newMember(), await suite.t.newMember()];
    const [vip, watch] = [await newTag(), await newTag(undefined, '#fa8c16')];
    const assign = (member_ids: number[], tag_ids: number[], action = 'add') =>
      post('/api/member-tags/assign', { member_ids, tag_ids, action });

    expect((await assign([], [vip.id])).body?.message).toBe(MSG_TAG_MEMBERS);
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    expect((await assign(many, [vip.id])).body?.message).toBe(MSG_TAG_MEMBERS_MAX);
    expect((await assign([a.id, 2_000_000_000], [vip.id])).body?.message).toBe(MSG_TAG_MEMBER_MISSING);

    expect(dataOf(await assign([a.id, b.id, c.id], [vip.id, watch.id]))).toEqual({ changed: 6 });
    expect(dataOf(await assign([a.id, b.id], [vip.id]))).toEqual({ changed: 0 });
    expect(dataOf(await assign([c.id], [watch.id], 'remove'))).toEqual({ changed: 1 });

    const rows = await search({ tag: String(watch.id) });
    expect(ids(rows)).toEqual([b.id, a.id]);
    expect(rows.items[0]?.tags.map((t) => t.id).sort()).toEqual([vip.id, watch.id].sort());
    const page = dataOf<MemberDetail>(await suite.operator.get('/api/members/detail', { id: String(c.id) }));
    expect(page.tags).toEqual([vip]);
    const tagged = await suite.t.db.$count(auditLog, eq(auditLog.action, 'member.tag'));
    expect(tagged).toBeGreaterThanOrEqual(2);
    expect(await auditCount('member.untag', c.id)).toBe(1);
  });
});

describe('member notes', () => {
  it('adds trimmed notes (append-only), listed newest first with author and time, audited', async () => {
    const m = await suite.t.newMember();
    const add = (body: string) => post('/api/members/notes/add', { id: m.id, body });
    expect((await add('   ')).body?.message).toBe(MSG_NOTE);
    expect((await add('字'.repeat(501))).body?.message).toBe(MSG_NOTE_LONG);
    expect((await post('/api/members/notes/add', { id: 2_000_000_000, body: '备注' })).status).toBe(404);
    await add('  首次存款核实  ');
    await add('<b>不是</b> HTML');
    const notes = dataOf<Page<MemberNote>>(
      await suite.operator.get('/api/members/notes', { id: String(m.id) }),
    );
    expect(notes.total).toBe(2);
    expect(notes.items.map((n) => n.body)).toEqual(['<b>不是</b> HTML', '首次存款核实']);
    expect(notes.items[0]).toMatchObject({ created_by: suite.operator.name });
    expect(notes.items[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await auditCount('member.note', m.id)).toBe(2);
  });
});

describe('member search filters', () => {
  it('filters by real name, tag, VIP, agent, referrer, days, balance and deposits', async () => {
    const family = `欧阳${unique()}`.slice(0, 12);
    const a = await suite.t.newMember();
    const b = await suite.t.newMember({ pid: a.id });
    const c = await suite.t.newMember();
    const set = (id: number, v: Partial<typeof users.$inferInsert>) =>
      suite.t.db.update(users).set(v).where(eq(users.id, id));
    const day = (d: string) => new Date(`${d}T10:00:00+08:00`);
    await set(a.id, {
      realname: `${family}甲`,
      vipLevel: 3,
      isagent: 1,
      paysumCents: 50_000n,
      createdAt: day('2026-01-05'),
    });
    await set(b.id, { realname: `${family}乙`, createdAt: day('2026-03-01') });
    await set(c.id, { realname: `${family}丙`, vipLevel: 3, createdAt: day('2026-01-06') });
    await suite.t.fund(a.id, '200.00');
    await suite.t.fund(c.id, '50.00');
    for (const [id, d] of [
      [a.id, '2026-02-10'],
      [b.id, '2026-06-01'],
      [c.id, '2026-06-02'],
    ] as const) {
      await suite.t.db
        .update(memberLogins)
        .set({ at: day(d) })
        .where(eq(memberLogins.userId, id));
    }
    const find = async (f: Record<string, string>) => ids(await search({ realname: family, ...f }));

    expect(await find({})).toEqual([c.id, b.id, a.id]);
    expect(await find({ vip: '3' })).toEqual([c.id, a.id]);
    expect(await find({ agent: 'agent' })).toEqual([a.id]);
    expect(await find({ agent: 'member' })).toEqual([c.id, b.id]);
    expect(await find({ referrer: a.name.toUpperCase() })).toEqual([b.id]);
    expect(await find({ referrer: String(a.id) })).toEqual([b.id]);
    expect(await find({ reg_from: '2026-01-05', reg_to: '2026-01-05' })).toEqual([a.id]);
    expect(await find({ login_to: '2026-05-31' })).toEqual([a.id]);
    expect(await find({ login_from: '2026-06-02' })).toEqual([c.id]);
    expect(await find({ balance_min: '100' })).toEqual([a.id]);
    expect(await find({ balance_max: '0' })).toEqual([b.id]);
    expect(await find({ deposit_min: '100.00' })).toEqual([a.id]);
    expect(await find({ deposit_max: '0', vip: '3' })).toEqual([c.id]);
    // The box and the filters together; the count follows the filters.
    expect(await find({ q: a.name, vip: '3' })).toEqual([a.id]);
    expect(await find({ q: b.name, vip: '3' })).toEqual([]);
    expect((await search({ realname: family, vip: '3', pageSize: '1' })).total).toBe(2);

    const refused = async (f: Record<string, string>) =>
      (await suite.operator.get('/api/members', f)).body?.message;
    expect(await refused({ reg_from: '2026-02-01', reg_to: '2026-01-01' })).toBe(MSG_FILTER_DAY_ORDER);
    expect(await refused({ balance_min: 'abc' })).toBe(MSG_FILTER_AMOUNT);
    expect(await refused({ vip: 'x' })).toBe(MSG_FILTER_VIP);
    expect(await refused({ realname: '名'.repeat(33) })).toBe(MSG_FILTER_REALNAME);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/operators';
import { banners } from '../../db/schema/site';

let t: TestApp;
/** A second server process on the same database: what members of another process see. */
let other: TestApp;
let c: TestConsole;
let content: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  other = await buildTestApp({ database: t.database });
  c = await buildTestConsole(t);
  content = await c.signIn('content');
}, 60_000);
afterAll(async () => {
  await c.close();
  await other.close();
  await t.close();
});

const auditOf = (action: string, id: number | string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));
const hallBanners = async (app: TestApp) =>
  dataOf<{ src: string; url: string }[]>(await app.post('/api/bannerList', { type: 2 }));
const hallNotices = async (app: TestApp) => dataOf<string[]>(await app.post('/api/homenotice', {}));
type Row = { id: number; src: string; url: string; sort: number };

describe('banners', () => {
  it('creates, edits and deletes a banner; members of every process see each change at once', async () => {
    const created = dataOf<Row>(
      await content.post('/api/content/banners/create', {
        src: '/uploads/new.png',
        url: '/activity',
        sort: 0,
      }),
    );
    expect(created).toMatchObject({ src: '/uploads/new.png', url: '/activity', sort: 0 });
    expect(await hallBanners(other)).toContainEqual({ src: '/uploads/new.png', url: '/activity' });
    const [made] = await auditOf('banner.create', created.id);
    expect(made).toMatchObject({ operatorName: content.name, targetType: 'banner', after: created });

    const edited = await content.post('/api/content/banners/update', {
      id: created.id,
      src: '/uploads/other.png',
      url: '',
      sort: 3,
    });
    expect(dataOf(edited)).toMatchObject({ src: '/uploads/other.png', url: '', sort: 3 });
    expect(await hallBanners(other)).toContainEqual({ src: '/uploads/other.png', url: '' });
    const [upd] = await auditOf('banner.update', created.id);
    expect(upd?.before).toMatchObject({ src: '/uploads/new.png', url: '/activity', sort: 0 });
    expect(upd?.after).toMatchObject({ src: '/uploads/other.png', url: '', sort: 3 });

    dataOf(await content.post('/api/content/banners/delete', { id: created.id }));
    expect((await hallBanners(other)).map((b) => b.src)).not.toContain('/uploads/other.png');
    expect((await auditOf('banner.delete', created.id))[0]?.before).toMatchObject({
      src: '/uploads/other.png',
    });
    const gone = await content.post('/api/content/banners/delete', { id: created.id });
    expect([gone.status, gone.body?.message]).toEqual([404, '轮播图不存在']);
  });

  it('refuses a missing picture, a dangerous link or picture and a bad sort, in Chinese', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ src: '' }, '请上传轮播图图片'],
      [{ url: '' }, '请上传轮播图图片'],
      [{ src: 'javascript:alert(1)' }, '图片地址无效'],
      [{ src: '/a.png', url: 'javascript:alert(1)' }, '链接须以 http://、https:// 或 / 开头'],
      [{ src: '/a.png', url: '//evil.example' }, '链接须以 http://、https:// 或 / 开头'],
      [{ src: '/a.png', sort: -1 }, '排序须在0到9999之间'],
      [{ src: '/a.png', sort: 1.5 }, '排序须为整数'],
    ];
    for (const [body, msg] of cases) {
      const r = await content.post('/api/content/banners/create', body);
      expect([r.status, r.body?.message], JSON.stringify(body)).toEqual([400, msg]);
    }
  });

  it('reorders the whole list, and refuses a list that is not the current one', async () => {
    const ids: number[] = [];
    for (const n of [1, 2]) {
      ids.push(
        dataOf<Row>(await content.post('/api/content/banners/create', { src: `/uploads/o${n}.png` })).id,
      );
    }
    const before = dataOf<{ items: Row[] }>(
      await c.send('GET', '/api/content/banners', { cookie: content.cookie }),
    );
    const order = before.items.map((b) => b.id).reverse();
    const r = dataOf<{ items: Row[] }>(await content.post('/api/content/banners/reorder', { ids: order }));
    expect(r.items.map((b) => b.id)).toEqual(order);
    expect(r.items.map((b) => b.sort)).toEqual(order.map((_, i) => i + 1));
    const srcs = (await hallBanners(other)).map((b) => b.src);
    expect(srcs.indexOf('/uploads/o2.png')).toBeLessThan(srcs.indexOf('/uploads/o1.png'));
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'banner.reorder'));
    expect(row).toMatchObject({ before: { order: before.items.map((b) => b.id) }, after: { order } });

    for (const bad of [order.slice(1), [...order, order[0]], [...order.slice(1), 999_999]]) {
      const refused = await content.post('/api/content/banners/reorder', { ids: bad });
      expect([refused.status, refused.body?.message]).toEqual([409, '轮播图已有变化，请刷新后重试']);
    }
    const sorts = await t.db
      .select({ id: banners.id, sort: banners.sort })
      .from(banners)
      .where(eq(banners.type, 2));
    expect(sorts.every((s) => s.sort === order.indexOf(s.id) + 1)).toBe(true);
  });
});

describe('home notices', () => {
  it('adds, edits and deletes a scrolling notice (plain text, stored as typed)', async () => {
    const text = '<b>周末</b> 存款送 10%';
    const n = dataOf<{ id: number; content: string }>(
      await content.post('/api/content/home-notices/create', { content: `  ${text}  `, sort: 0 }),
    );
    expect(n.content).toBe(text);
    expect(await hallNotices(other)).toContain(text);
    dataOf(await content.post('/api/content/home-notices/update', { id: n.id, content: '新文字', sort: 1 }));
    expect(await hallNotices(other)).toContain('新文字');
    const [upd] = await auditOf('homeNotice.update', n.id);
    expect(upd).toMatchObject({ before: { content: text }, after: { content: '新文字' } });
    dataOf(await content.post('/api/content/home-notices/delete', { id: n.id }));
    expect(await hallNotices(other)).not.toContain('新文字');
    expect(await auditOf('homeNotice.create', n.id)).toHaveLength(1);
    expect(await auditOf('homeNotice.delete', n.id)).toHaveLength(1);
  });

  it('refuses an empty or too long notice and an unknown one', async () => {
    const empty = await content.post('/api/content/home-notices/create', { content: '   ' });
    expect([empty.status, empty.body?.message]).toEqual([400, '请输入公告内容']);
    const long = await content.post('/api/content/home-notices/create', { content: '字'.repeat(201) });
    expect([long.status, long.body?.message]).toEqual([400, '公告最多200个字']);
    const unknown = await content.post('/api/content/home-notices/update', { id: 999_999, content: 'x' });
    expect([unknown.status, unknown.body?.message]).toEqual([404, '公告不存在']);
  });
});

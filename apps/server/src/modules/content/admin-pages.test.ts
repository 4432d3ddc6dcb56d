import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/operators';

let t: TestApp;
/** A second server process on the same database. */
let other: TestApp;
let c: TestConsole;
let content: ConsoleAgent;
let support: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  other = await buildTestApp({ database: t.database });
  c = await buildTestConsole(t);
  content = await c.signIn('content');
  support = await c.signIn('support');
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
const HOSTILE =
  '<p>好消息<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">点我</a></p>';
type Page<T> = { total: number; items: T[] };
type MemberNotice = { id: number; title: string; content: string };

describe('announcements', () => {
  it('publishes sanitised HTML that every process shows, edits it in place and deletes it', async () => {
    const n = dataOf<MemberNotice>(
      await content.post('/api/content/notices/create', { title: '公告一', content: HOSTILE }),
    );
    expect(n.content).not.toMatch(/script|onerror|javascript/i);
    expect(n.content).toContain('好消息');
    const seen = dataOf<{ data: MemberNotice[] }>(await other.post('/api/noticeList', { page: 1 }));
    expect(seen.data[0]).toMatchObject({ id: n.id, title: '公告一', content: n.content });
    const [made] = await auditOf('notice.create', n.id);
    expect(made).toMatchObject({ targetType: 'notice', after: { title: '公告一', content: n.content } });

    dataOf(
      await content.post('/api/content/notices/update', { id: n.id, title: '公告二', content: '<p>改</p>' }),
    );
    const after = dataOf<{ data: MemberNotice[] }>(await other.post('/api/noticeList', { page: 1 }));
    expect(after.data[0]).toMatchObject({ id: n.id, title: '公告二', content: '<p>改</p>' });
    expect((await auditOf('notice.update', n.id))[0]?.before).toMatchObject({ title: '公告一' });

    dataOf(await content.post('/api/content/notices/delete', { id: n.id }));
    const list = dataOf<Page<MemberNotice>>(
      await c.send('GET', '/api/content/notices', { cookie: content.cookie }),
    );
    expect(list.items.map((i) => i.id)).not.toContain(n.id);
    expect(await auditOf('notice.delete', n.id)).toHaveLength(1);
  });

  it('refuses an empty title, content that is empty once cleaned, and a member-only notice', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: ' ', content: '<p>x</p>' }, '请输入公告标题'],
      [{ title: '字'.repeat(101), content: '<p>x</p>' }, '标题最多100个字'],
      [{ title: 't', content: '<p></p>' }, '请输入公告内容'],
      [{ title: 't', content: '<script>alert(1)</script>' }, '请输入公告内容'],
    ];
    for (const [body, msg] of cases) {
      const r = await content.post('/api/content/notices/create', body);
      expect([r.status, r.body?.message], JSON.stringify(body)).toEqual([400, msg]);
    }
    const r = await content.post('/api/content/notices/delete', { id: 999_999 });
    expect([r.status, r.body?.message]).toEqual([404, '公告不存在']);
  });
});

describe('articles', () => {
  it('lists every slot and saves one sanitised; the member app reads it by section and type', async () => {
    const list = dataOf<{ items: { section: string; type: number; label: string }[] }>(
      await c.send('GET', '/api/content/articles', { cookie: content.cookie }),
    );
    expect(list.items).toHaveLength(10);
    expect(list.items.filter((a) => a.section === 'abouts').map((a) => a.type)).toEqual([5, 6]);
    const saved = await content.post('/api/content/articles/save', {
      section: 'abouts',
      type: 5,
      title: '条款与规则',
      content: HOSTILE,
    });
    expect(dataOf(saved)).toMatchObject({ section: 'abouts', type: 5, title: '条款与规则' });
    const read = dataOf<{ title: string; content: string }>(
      await other.post('/api/article', { type: 5, section: 'abouts' }),
    );
    expect(read.title).toBe('条款与规则');
    expect(read.content).not.toMatch(/script|onerror|javascript/i);
    const help = dataOf<{ title: string }>(await other.post('/api/article', { type: 5 }));
    expect(help.title).not.toBe('条款与规则');
    const [row] = await auditOf('article.save', 'abouts:5');
    expect(row?.after).toMatchObject({ title: '条款与规则', content: read.content });
  });

  it('refuses a slot the app does not have and an empty article', async () => {
    const bad = await content.post('/api/content/articles/save', {
      section: 'abouts',
      type: 1,
      title: 't',
      content: '<p>x</p>',
    });
    expect([bad.status, bad.body?.message]).toEqual([400, '文章类型无效']);
    const empty = await content.post('/api/content/articles/save', {
      section: 'help',
      type: 1,
      title: 't',
      content: '',
    });
    expect([empty.status, empty.body?.message]).toEqual([400, '请输入文章内容']);
  });
});

describe('welcome modal and sponsors', () => {
  it('saves the welcome modal sanitised and the sponsor pages; appInfo of another process has them', async () => {
    const modal = dataOf<{ index_modal: string }>(
      await content.post('/api/content/pages/welcome-modal', { index_modal: HOSTILE }),
    );
    expect(modal.index_modal).not.toMatch(/script|onerror|javascript/i);
    const urls = { sponsor_url_1: 'https://sponsor.example/a', sponsor_url_2: '/support/sponsor/2' };
    dataOf(await content.post('/api/content/pages/sponsors', urls));
    const info = dataOf<{ index_modal: string; zhanzhu_urls: string[] }>(await other.post('/api/app', {}));
    expect(info.index_modal).toBe(modal.index_modal);
    expect(info.zhanzhu_urls).toEqual([urls.sponsor_url_1, urls.sponsor_url_2]);
    const [row] = await auditOf('site.sponsors', 'sponsors');
    expect(row).toMatchObject({ targetType: 'sitePages', after: urls });
    expect(await auditOf('site.welcomeModal', 'index_modal')).toHaveLength(1);

    const off = await content.post('/api/content/pages/welcome-modal', { index_modal: '' });
    expect([dataOf<{ index_modal: string }>(off).index_modal, off.body?.message]).toEqual([
      '',
      '首页弹窗已关闭',
    ]);
  });

  it('refuses a sponsor address that is empty or not http(s) or a path of the site', async () => {
    for (const [url, msg] of [
      ['', '请填写赞助页地址'],
      ['javascript:alert(1)', '链接须以 http://、https:// 或 / 开头'],
      ['//evil.example', '链接须以 http://、https:// 或 / 开头'],
    ]) {
      const r = await content.post('/api/content/pages/sponsors', {
        sponsor_url_1: url,
        sponsor_url_2: '/a',
      });
      expect([r.status, r.body?.message]).toEqual([400, msg]);
    }
  });
});

describe('site messages', () => {
  type Sent = { id: number; to: string | null; title: string; content: string; sent_by: string };

  it('sends to one member by name (any case) as escaped text; only that member sees it', async () => {
    const m = await t.newMember();
    const stranger = await t.newMember();
    const r = await support.post('/api/content/messages/send', {
      audience: 'member',
      username: m.name.toUpperCase(),
      title: '提醒',
      content: '<b>您好</b>\n第二行',
    });
    const sent = dataOf<Sent>(r);
    expect(r.body?.message).toBe(`站内信已发送给 ${m.name}`);
    expect(sent).toMatchObject({
      to: m.name,
      content: '&lt;b&gt;您好&lt;/b&gt;<br>第二行',
      sent_by: support.name,
    });
    const mine = dataOf<{ data: { id: number }[] }>(
      await other.post('/api/messageList', { page: 1 }, { token: m.token }),
    );
    expect(mine.data.map((x) => x.id)).toContain(sent.id);
    const theirs = dataOf<{ data: { id: number }[] }>(
      await other.post('/api/messageList', { page: 1 }, { token: stranger.token }),
    );
    expect(theirs.data.map((x) => x.id)).not.toContain(sent.id);
    const [row] = await auditOf('message.send', sent.id);
    expect(row).toMatchObject({
      operatorName: support.name,
      targetType: 'siteMessage',
      after: { to: m.name, title: '提醒' },
    });
  });

  it('sends to every member and lists what was sent with its sender', async () => {
    const m = await t.newMember();
    const sent = dataOf<Sent>(
      await content.post('/api/content/messages/send', {
        audience: 'all',
        title: '全员通知',
        content: '维护',
      }),
    );
    expect(sent.to).toBeNull();
    const mine = dataOf<{ data: { id: number }[] }>(
      await other.post('/api/messageList', { page: 1 }, { token: m.token }),
    );
    expect(mine.data.map((x) => x.id)).toContain(sent.id);
    const list = dataOf<Page<Sent>>(await c.send('GET', '/api/content/messages', { cookie: content.cookie }));
    expect(list.items[0]).toMatchObject({ id: sent.id, to: null, title: '全员通知', sent_by: content.name });
  });

  it('refuses a missing member name, an unknown member and over-long text', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ audience: 'member', username: '', title: 't', content: 'c' }, 400, '请输入会员账号'],
      [{ audience: 'member', username: 'nobody_here', title: 't', content: 'c' }, 404, '会员不存在'],
      [{ audience: 'all', title: '', content: 'c' }, 400, '请输入标题'],
      [{ audience: 'all', title: 't', content: ' ' }, 400, '请输入内容'],
      [{ audience: 'all', title: '字'.repeat(101), content: 'c' }, 400, '标题最多100个字'],
      [{ audience: 'all', title: 't', content: '字'.repeat(5001) }, 400, '内容最多5000个字'],
      [{ audience: 'x', title: 't', content: 'c' }, 400, '请选择发送对象'],
    ];
    for (const [body, status, msg] of cases) {
      const r = await content.post('/api/content/messages/send', body);
      expect([r.status, r.body?.message], JSON.stringify(body)).toEqual([status, msg]);
    }
  });
});

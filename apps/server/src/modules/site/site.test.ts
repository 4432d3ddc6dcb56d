import { MSG_NOT_AGENT } from '@app/contract/agent-office';
import { AppInfo, bannerList, homeNotice, noticeList } from '@app/contract/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../../db/schema/site';
import { buildTestApp, dataOf, expectEnvelope, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('app', () => {
  it('answers the site info, open, with seeded pictures served by us', async () => {
    const data = dataOf<Record<string, unknown>>(await t.post('/api/app'));
    const info = AppInfo.parse(data);
    expect(info).toMatchObject({
      title: '乐享娱乐',
      open: true,
      redPacketOn: true,
      h5Url: 'http://127.0.0.1:8080/',
    });
    expect(info.welcomeModal).toContain('<p>');
    for (const src of [info.logo, info.iosDownloadQrcode]) {
      expect(src).toMatch(/^\/assets-seed\/.+\.svg$/);
      const res = await t.app.inject({ method: 'GET', url: src });
      expect(res.statusCode).toBe(200);
    }
  });

  it('takes GET-less POSTs with no body, an empty JSON body, or a junk field', async () => {
    dataOf(await t.post('/api/app'));
    dataOf(await t.post('/api/app', '', { headers: { 'content-type': 'application/json' } }));
    dataOf(await t.post('/api/app', { anything: 'x'.repeat(10_000) }));
  });
});

describe('banners and notices', () => {
  it('lists the mobile banners (type 2, the default)', async () => {
    for (const body of [{ type: 2 }, { type: '2' }, {}, undefined]) {
      const list = bannerList.response.parse(dataOf(await t.post('/api/bannerList', body)));
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list[0]?.src).toMatch(/^\/assets-seed\/banner-\d\.svg$/);
    }
    expect(dataOf(await t.post('/api/bannerList', { type: 1 }))).toEqual([]);
  });

  it.each([
    ['3', { type: 3 }],
    ['abc', { type: 'abc' }],
    ['a 10 KB string', { type: 'x'.repeat(10_000) }],
    ['an array', { type: [2] }],
  ])('refuses banner type %s', async (_label, body) => {
    const r = await t.post('/api/bannerList', body);
    expectEnvelope(r);
    expect(r.status).toBe(400);
  });

  it('lists home notice texts', async () => {
    const list = homeNotice.response.parse(dataOf(await t.post('/api/homenotice')));
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((x) => typeof x === 'string' && x.length > 0)).toBe(true);
  });

  it('pages announcements, newest first, 10 a page', async () => {
    const page1 = noticeList.response.parse(dataOf(await t.post('/api/noticeList', { page: 1 })));
    expect(page1.total).toBeGreaterThanOrEqual(6);
    expect(page1.data.length).toBe(Math.min(10, page1.total));
    const times = page1.data.map((n) => n.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page1.data[0]?.content).toMatch(/<p>/);
    const raw = dataOf<{ data: { created_at: string }[] }>(await t.post('/api/noticeList', {}));
    expect(raw.data[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const far = noticeList.response.parse(dataOf(await t.post('/api/noticeList', { page: '99' })));
    expect(far.data).toEqual([]);
    expect(far.total).toBe(page1.total);
  });

  it.each([
    ['0', { page: 0 }, '页码无效'],
    ['-1', { page: -1 }, '页码无效'],
    ['1.5', { page: 1.5 }, '页码无效'],
    ['abc', { page: 'abc' }, '页码无效'],
    ['a 10 KB string', { page: 'x'.repeat(10_000) }, '参数错误：page'],
  ])('refuses page %s', async (_label, body, message) => {
    const r = await t.post('/api/noticeList', body);
    expectEnvelope(r);
    expect([r.status, r.body.message]).toEqual([400, message]);
  });

  it("shows a member their own site messages, and nobody else's", async () => {
    const a = await t.newMember();
    const b = await t.newMember();
    await t.db.insert(notices).values({ title: '致 A 的站内信', content: '<p>你好</p>', userId: a.id });
    const titles = async (token?: string) =>
      noticeList.response
        .parse(dataOf(await t.post('/api/noticeList', { page: 1 }, token ? { token } : {})))
        .data.map((n) => n.title);
    expect(await titles(a.token)).toContain('致 A 的站内信');
    expect(await titles(b.token)).not.toContain('致 A 的站内信');
    expect(await titles()).not.toContain('致 A 的站内信');
    // An invalid token on an 'optional' call is a visitor, not an error.
    expect(await titles('A'.repeat(43))).not.toContain('致 A 的站内信');
  });
});

describe('urls', () => {
  it('support url points at our support desk; a member’s carries a one-time ticket', async () => {
    // The desk page itself is apps/support's build (http/plugins/support-static.test.ts).
    expect(dataOf<{ url: string }>(await t.post('/api/getservicerurl')).url).toBe('/support/');
    const m = await t.newMember();
    const { url } = dataOf<{ url: string }>(await t.post('/api/getservicerurl', {}, { token: m.token }));
    expect(url).toMatch(/^\/support\/#\/\?t=[A-Za-z0-9_-]{43}$/);
  });

  it('visit url: the h5 url, with ?pid=<id> for a member (the referral link)', async () => {
    expect(dataOf(await t.get('/api/getVisitUrl'))).toEqual({ url: 'http://127.0.0.1:8080/' });
    const m = await t.newMember();
    expect(dataOf(await t.get('/api/getVisitUrl', {}, { token: m.token }))).toEqual({
      url: `http://127.0.0.1:8080/?pid=${m.id}`,
    });
  });

  it('agent login url needs a member, and an agent (modules/agents/tickets.test.ts has the rest)', async () => {
    const visitor = await t.get('/api/getAgentLoginUrl');
    expectEnvelope(visitor);
    expect([visitor.status, visitor.body.message]).toEqual([401, '请先登录']);
    const m = await t.newMember();
    const member = await t.get('/api/getAgentLoginUrl', {}, { token: m.token });
    expectEnvelope(member);
    expect([member.status, member.body.message]).toEqual([403, MSG_NOT_AGENT]);
  });

  it('POST on a GET call is a 404 envelope', async () => {
    const r = await t.post('/api/getVisitUrl');
    expectEnvelope(r);
    expect(r.status).toBe(404);
  });
});

describe('articles', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('type %i has a title and HTML content', async (type) => {
    for (const body of [{ type }, { type: String(type) }]) {
      const data = dataOf<{ title: string; content: string }>(await t.post('/api/article', body));
      expect(data.title.length).toBeGreaterThan(1);
      expect(data.content).toMatch(/<(p|ul|h3)>/);
      expect(data.content).not.toMatch(/<script|javascript:|on\w+=/i);
    }
  });

  it.each([
    ['no type', {}],
    ['0', { type: 0 }],
    ['9', { type: 9 }],
    ['abc', { type: 'abc' }],
    ['null', { type: null }],
    ['a 10 KB string', { type: 'x'.repeat(10_000) }],
  ])('refuses type %s', async (_label, body) => {
    const r = await t.post('/api/article', body);
    expectEnvelope(r);
    expect(r.status).toBe(400);
  });
});

import { messageList } from '@app/contract/content';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../core/config';
import { gamePlatforms } from '../../db/schema/games';
import { activities, siteMessages } from '../../db/schema/promo';
import { banners, siteSettings } from '../../db/schema/site';
import { users } from '../../db/schema/accounts';
import { buildTestApp, dataOf, expectEnvelope, type CallOptions, type TestApp } from '../../../test/helpers';
import { COMMANDS } from '../../ops/commands/all';
import { UsageError } from '../../ops/commands/format';
import { commandRequest } from '../../ops/commands/wire';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const asOperator = (): CallOptions => ({
  remoteAddress: '127.0.0.1',
  headers: { authorization: `Bearer ${t.operatorToken}` },
});
const send = (to: string, title: string, content: string) =>
  t.post('/ops/messages/send', { to, title, content }, asOperator());
const page = async (token: string, body?: unknown) =>
  messageList.response.parse(dataOf(await t.post('/api/messageList', body, { token })));

describe('site messages (/api/messageList)', () => {
  it('needs a member', async () => {
    const r = await t.post('/api/messageList', { page: 1 });
    expectEnvelope(r);
    expect(r.status).toBe(401);
  });

  it('shows a member the seeded messages to all members, newest first', async () => {
    const m = await t.newMember();
    const first = await page(m.token);
    expect(first.total).toBe(2);
    expect(first.data.map((x) => x.title)).toEqual(['欢迎加入乐享娱乐', 'VIP 返水升级通知']);
    expect(first.data[0]?.content).toContain('<p>');
  });

  it("shows messages to all and to the member, never another member's", async () => {
    const a = await t.newMember();
    const b = await t.newMember();
    dataOf(await send(a.name, '给A的私信', '<p>只给 A</p>'));
    dataOf(await send(b.name.toUpperCase(), '给B的私信', '<p>只给 B</p>'));
    dataOf(await send('all', '全体通知', '<p>大家好</p>'));
    const titlesA = (await page(a.token)).data.map((x) => x.title);
    const titlesB = (await page(b.token)).data.map((x) => x.title);
    expect(titlesA).toContain('给A的私信');
    expect(titlesA).not.toContain('给B的私信');
    expect(titlesB).toContain('给B的私信');
    expect(titlesB).not.toContain('给A的私信');
    expect(titlesA[0]).toBe('全体通知');
    expect(titlesB[0]).toBe('全体通知');
  });

  it('pages ten at a time with total and last_page', async () => {
    const m = await t.newMember();
    const base = Date.now() + 3_600_000;
    await t.db.insert(siteMessages).values(
      Array.from({ length: 23 }, (_, i) => ({
        userId: m.id,
        title: `私信${i + 1}`,
        content: `<p>${i + 1}</p>`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const mine = await page(m.token, {});
    const total = mine.total;
    expect(total).toBeGreaterThanOrEqual(25);
    expect(mine.data).toHaveLength(10);
    expect(mine.data[0]?.title).toBe('私信23');
    expect(mine.last_page).toBe(Math.ceil(total / 10));
    const second = await page(m.token, { page: '2' });
    expect(second.data[0]?.title).toBe('私信13');
    const last = await page(m.token, { page: mine.last_page });
    expect(last.data.length).toBe(total - 10 * ((mine.last_page ?? 1) - 1));
    expect((await page(m.token, { page: 99 })).data).toEqual([]);
  });

  it.each([[{ page: 0 }], [{ page: -1 }], [{ page: 'x'.repeat(10_000) }], [{ page: [1] }]])(
    'refuses %j',
    async (body) => {
      const m = await t.newMember();
      const r = await t.post('/api/messageList', body, { token: m.token });
      expectEnvelope(r);
      expect(r.status).toBe(400);
    },
  );

  it('stores and sends HTML as it is: the app sanitises it when it shows it', async () => {
    const m = await t.newMember();
    const html =
      '<p onclick="steal()">点我</p><script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src=x onerror=alert(1)>';
    dataOf(await send(m.name, '带脚本的内容', html));
    const got = (await page(m.token)).data.find((x) => x.title === '带脚本的内容');
    expect(got?.content).toBe(html);
  });
});

describe('operator: message:send', () => {
  const cmd = COMMANDS.find((c) => c.name === 'message:send');
  const wire = (args: string[]) => {
    if (!cmd) throw new Error('no command message:send');
    return commandRequest(cmd, args);
  };

  it('turns <username|all> <title> <content…> into one request', () => {
    expect(wire(['demo001', '标题', '<p>内容</p>', '更多'])).toEqual({
      method: 'POST',
      path: '/ops/messages/send',
      body: { to: 'demo001', title: '标题', content: '<p>内容</p> 更多' },
    });
    expect(() => wire(['all', '标题'])).toThrow(UsageError);
    expect(() => wire([])).toThrow(UsageError);
  });

  it('refuses an unknown member and empty fields', async () => {
    const r = await send('nobody_here_x', '标题', '内容');
    expectEnvelope(r);
    expect([r.status, r.body.message]).toEqual([404, '会员不存在']);
    const empty = await send('all', ' ', '内容');
    expectEnvelope(empty);
    expect(empty.status).toBe(400);
  });

  it('is for operators only', async () => {
    const body = { to: 'all', title: 'x', content: 'y' };
    const noToken = await t.post('/ops/messages/send', body, { remoteAddress: '127.0.0.1' });
    expectEnvelope(noToken);
    expect(noToken.status).toBe(401);
    const remote = await t.post('/ops/messages/send', body, {
      ...asOperator(),
      remoteAddress: '203.0.113.9',
    });
    expectEnvelope(remote);
    expect(remote.status).toBe(404);
  });
});

describe('seed pictures: drawn by the project, served with cache headers', () => {
  it('serves every seeded banner, platform icon, activity banner, logo, QR code and avatar', async () => {
    const [s] = await t.db.select().from(siteSettings);
    const srcs = new Set<string>([
      ...(await t.db.select({ src: banners.src }).from(banners)).map((r) => r.src),
      ...(await t.db.select({ src: gamePlatforms.icon }).from(gamePlatforms)).map((r) => r.src),
      ...(await t.db.select({ src: activities.banner }).from(activities)).map((r) => r.src),
      s?.siteLogo ?? '',
      s?.iosDownloadQrcode ?? '',
      ...(await t.db.select({ src: users.avatar }).from(users)).map((r) => r.src),
    ]);
    srcs.delete('');
    expect(srcs.size).toBeGreaterThan(10);
    for (const src of srcs) {
      expect(src, src).toMatch(/^\/assets-seed\/[\w-]+\.svg$/);
      const res = await t.app.inject({ method: 'GET', url: src });
      expect(res.statusCode, src).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
      expect(res.body).not.toMatch(/<script|on\w+=|href=/i);
    }
  });

  it('has the 21 captcha pictures as SVG of our own (served by the static files with cache headers)', () => {
    const dir = join(SERVER_ROOT, '../web/public/captcha');
    const files = readdirSync(dir).filter((f) => f.endsWith('.svg'));
    expect(files).toHaveLength(21);
    for (const f of files) {
      const svg = readFileSync(join(dir, f), 'utf8');
      expect(svg).toMatch(/^<svg[\s>]/);
      expect(svg).not.toMatch(/<script|on\w+=|href=/i);
    }
  });
});

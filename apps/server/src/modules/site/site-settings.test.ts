import { AppInfo, article } from '@app/contract/site';
import { opsSiteUrls } from '@app/contract/ops-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dataOf, expectEnvelope, type TestApp } from '../../../test/helpers';
import { COMMANDS } from '../../ops/commands/all';
import { UsageError } from '../../ops/commands/format';
import { commandRequest } from '../../ops/commands/wire';

/** The body a command line sends for these arguments. */
function wire(name: string, args: string[]): unknown {
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw new Error(`no command ${name}`);
  return commandRequest(command, args).body;
}

/* The addresses an operator sets (customer service, agent login, iOS download, sponsors), the demo
 * sponsor pages, and /abouts' own articles. */

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // A second server process on the same database.
  other = await buildTestApp({ database: t.database });
});
afterAll(async () => {
  await other.app.close();
  await t.close();
});

const appInfo = async (app: TestApp) => AppInfo.parse(dataOf(await app.post('/api/app')));

describe('sponsor pages', () => {
  it('app info names the two demo sponsor pages, which we serve sandboxed, without script', async () => {
    const raw = dataOf<{ zhanzhu_urls: string[] }>(await t.post('/api/app'));
    expect(raw.zhanzhu_urls).toEqual(['/support/sponsor/1', '/support/sponsor/2']);
    for (const [path, title] of [
      ['/support/sponsor/1', '欧洲足球俱乐部官方合作伙伴'],
      ['/support/sponsor/2', '国际电竞赛事官方赞助商'],
    ] as const) {
      const r = await t.app.inject({ method: 'GET', url: path });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.body).toContain(`<h1>${title}</h1>`);
      expect(r.body).not.toMatch(/<script/i);
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toMatch(/(^|;)sandbox($|;| )/);
      expect(csp).toContain("script-src 'none'");
      expect(csp).toMatch(/style-src 'sha256-/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/support/sponsor/3' })).statusCode).toBe(404);
  });
});

describe('operator: site addresses', () => {
  it('reads them (no change) and needs the operator token', async () => {
    const now = opsSiteUrls.response.parse(dataOf(await t.op('/site/urls', {})));
    expect(now).toEqual({
      service_url: '/support/',
      agent_login_url: '/agent/',
      ios_download_url: '/support/app/',
      ios_download_qrcode: '/assets-seed/download-qr.svg',
      sponsor_url_1: '/support/sponsor/1',
      sponsor_url_2: '/support/sponsor/2',
    });
    const r = await t.post('/ops/site/urls', {}, { headers: { authorization: 'Bearer wrong' } });
    expect(r.status).toBe(401);
  });

  it.each([
    ['javascript:', { service_url: 'javascript:alert(1)' }],
    ['a protocol-relative address', { sponsor_url_1: '//evil.example/x' }],
    ['an empty address', { agent_login_url: '' }],
    ['data:', { ios_download_url: 'data:text/html,x' }],
  ])('refuses %s', async (_label, body) => {
    const r = await t.op('/site/urls', body);
    expectEnvelope(r);
    expect(r.status).toBe(400);
  });

  it('a change reaches members on their next call, on every process', async () => {
    const set = opsSiteUrls.response.parse(
      dataOf(
        await t.op('/site/urls', {
          service_url: 'https://kf.example.com/chat',
          agent_login_url: 'https://agent.example.com/',
          ios_download_url: 'https://dl.example.com/ios',
          ios_download_qrcode: '/assets-seed/download-qr.svg',
          sponsor_url_2: 'https://sponsor.example.com/esports',
        }),
      ),
    );
    expect(set.sponsor_url_1).toBe('/support/sponsor/1');
    expect(set.sponsor_url_2).toBe('https://sponsor.example.com/esports');
    for (const app of [t, other]) {
      expect(dataOf(await app.post('/api/getservicerurl'))).toEqual({ url: 'https://kf.example.com/chat' });
      const info = await appInfo(app);
      expect(info.iosDownloadUrl).toBe('https://dl.example.com/ios');
      expect(info.sponsorUrls).toEqual(['/support/sponsor/1', 'https://sponsor.example.com/esports']);
    }
    // Back to the defaults, one at a time, as the command line does.
    for (const [name, url] of [
      ['service', '/support/'],
      ['agent-login', '/agent/'],
      ['ios-download', '/support/app/'],
      ['sponsor2', '/support/sponsor/2'],
    ]) {
      dataOf(await t.op('/site/urls', wire('site:url', [name as string, url as string])));
    }
    expect(dataOf(await other.post('/api/getservicerurl'))).toEqual({ url: '/support/' });
    expect((await appInfo(other)).sponsorUrls).toEqual(['/support/sponsor/1', '/support/sponsor/2']);
  });
});

describe('operator command line: site:url and site:urls', () => {
  it('names each address; refuses an unknown name or no url', () => {
    expect(wire('site:urls', [])).toEqual({});
    expect(wire('site:url', ['sponsor1', ' https://club.example/ '])).toEqual({
      sponsor_url_1: 'https://club.example/',
    });
    expect(wire('site:url', ['ios-qrcode', '/q.png'])).toEqual({ ios_download_qrcode: '/q.png' });
    expect(() => wire('site:url', ['kefu', '/x'])).toThrow(UsageError);
    expect(() => wire('site:url', ['service'])).toThrow(UsageError);
  });
});

describe('/abouts articles', () => {
  const read = async (body: unknown) => article.response.parse(dataOf(await t.post('/api/article', body)));

  it('type 5 of /abouts is the terms and rules; of the help centre, agent joining', async () => {
    const terms = await read({ type: 5, section: 'abouts' });
    expect(terms.title).toBe('条款与规则');
    expect(terms.content).toContain('年满 18 周岁');
    expect(terms.content).not.toContain('合营计划');
    for (const body of [{ type: 5 }, { type: '5', section: 'help' }]) {
      const agent = await read(body);
      expect(agent.title).toBe('代理加盟');
      expect(agent.content).toContain('合营计划');
    }
  });

  it('type 6 of /abouts is the privacy policy', async () => {
    const privacy = await read({ type: 6, section: 'abouts' });
    expect(privacy.title).toBe('隐私政策');
    expect(privacy.content).toContain('我们收集的信息');
  });

  it('/abouts has no other types; an unknown section is refused', async () => {
    const missing = await t.post('/api/article', { type: 1, section: 'abouts' });
    expectEnvelope(missing);
    expect(missing.status).toBe(404);
    const bad = await t.post('/api/article', { type: 5, section: 'other' });
    expectEnvelope(bad);
    expect(bad.status).toBe(400);
  });
});

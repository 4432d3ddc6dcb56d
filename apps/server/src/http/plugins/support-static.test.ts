import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { supportPageCsp } from './support-static';

/** A small support build like Vite's: index.html and its hashed script and style. */
function fakeSupportBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'support-dist-'));
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><script type="module" crossorigin src="/support/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`,
    'assets/index-Ab12Cd34.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
    'assets/index-Ef56Gh78.css': 'body{margin:0}',
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  return dir;
}

const SANDBOXED =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;font-src 'self' data:;" +
  "connect-src 'self' ws://localhost:80;media-src 'self' blob:;frame-src 'self';frame-ancestors 'self';" +
  "object-src 'none';base-uri 'self';form-action 'self';manifest-src 'self';worker-src 'self';" +
  'sandbox allow-scripts allow-forms allow-popups';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { supportDist: fakeSupportBuild() } });
});
afterAll(async () => {
  await t.close();
});

describe('the support desk page at /support/', () => {
  it('is the build, sandboxed without allow-same-origin, framed by our origin only, revalidated', async () => {
    const r = await t.get('/support/');
    expect(r.status).toBe(200);
    expect(r.text).toContain('/support/assets/index-Ab12Cd34.js');
    expect(r.headers['content-security-policy']).toBe(SANDBOXED);
    expect(r.headers['content-security-policy']).not.toContain('allow-same-origin');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.headers['cache-control']).toBe('no-cache');
    // The page itself is no CORS resource (only its files and the desk's calls are).
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("serves its files to the page's opaque origin (CORS), cached for a year, compressed", async () => {
    const r = await t.get('/support/assets/index-Ab12Cd34.js', undefined, {
      headers: { origin: 'null', 'accept-encoding': 'gzip' },
    });
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(r.headers['cache-control']).toContain('immutable');
    expect(r.headers['content-encoding']).toBe('gzip');
    const css = await t.get('/support/assets/index-Ef56Gh78.css', undefined, { headers: { origin: 'null' } });
    expect(css.headers['access-control-allow-origin']).toBe('*');
  });

  it('redirects /support to /support/; keeps the other pages under /support/', async () => {
    const bare = await t.get('/support');
    expect([bare.status, bare.headers.location]).toEqual([301, '/support/']);
    const download = await t.get('/support/app/');
    expect(download.status).toBe(200);
    expect(download.text).toContain('添加到主屏幕');
    expect(download.headers['content-security-policy']).toMatch(/;sandbox$/);
    expect((await t.get('/support/nowhere.js')).status).toBe(404);
    expect((await t.get('/support/images/nothing.png')).status).not.toBe(200);
  });

  it('names the WebSocket of the host it was asked for, only when the host is a host name', () => {
    expect(supportPageCsp({ cspFrameSrc: [] }, true, 'm.example.com')).toContain(
      "connect-src 'self' wss://m.example.com;",
    );
    expect(supportPageCsp({ cspFrameSrc: [] }, false, 'evil;script-src *')).toContain("connect-src 'self';");
  });
});

describe('the agent back office, served the same way (registerBuiltApp)', () => {
  it('serves its build at /agent/ with its caching, without the CORS or sandbox of the desk page', async () => {
    const agent = await buildTestApp({ config: { agentDist: fakeSupportBuild() } });
    try {
      const page = await agent.get('/agent/');
      expect([page.status, page.headers['cache-control']]).toEqual([200, 'no-cache']);
      expect(page.headers['content-security-policy']).not.toContain('sandbox');
      const file = await agent.get('/agent/assets/index-Ab12Cd34.js');
      expect(file.headers['cache-control']).toContain('immutable');
      expect(file.headers['access-control-allow-origin']).toBeUndefined();
      const bare = await agent.get('/agent');
      expect([bare.status, bare.headers.location]).toEqual([301, '/agent/']);
    } finally {
      await agent.close();
    }
  });
});

describe('without a build', () => {
  it('/support/ is not served (the placeholder is gone)', async () => {
    const bare = await buildTestApp();
    try {
      expect((await bare.get('/support/')).status).toBe(404);
      expect((await bare.get('/support/app/')).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

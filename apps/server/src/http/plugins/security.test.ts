import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectEnvelope, type TestApp } from '../../../test/helpers';
import { hashSource } from './security';

export const EXPECTED_CSP =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;font-src 'self' data:;" +
  "connect-src 'self';media-src 'self' blob:;frame-src 'self';frame-ancestors 'none';object-src 'none';" +
  "base-uri 'self';form-action 'self';manifest-src 'self';worker-src 'self'";

/** A small web build like Vite's: index.html, a hashed asset, and the .br / .gz siblings. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`,
    'assets/index-Ab12Cd34.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    if (name !== 'favicon.svg') {
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
    }
  }
  return dir;
}

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fakeWebBuild();
  t = await buildTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t.close();
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(EXPECTED_CSP);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it('are on API replies, errors, unknown paths and the app itself', async () => {
    const token = await t.login('demo001', 'demo123');
    const replies = [
      await t.post('/api/app'),
      await t.post('/api/user', {}, { token }),
      await t.post('/api/user'),
      await t.post('/api/article', { type: 99 }),
      await t.get('/api/nowhere'),
      await t.get('/'),
      await t.get('/assets/index-Ab12Cd34.js'),
      await t.get('/assets-seed/banner-1.svg'),
    ];
    for (const r of replies) expectSecurityHeaders(r.headers);
  });

  it('let only our own support pages be framed, by our own origin, sandboxed, their style by hash', async () => {
    const r = await t.get('/support/app/');
    expect(r.status).toBe(200);
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    const style = /<style>([\s\S]*?)<\/style>/.exec(r.text)?.[1] ?? 'missing';
    expect(r.headers['content-security-policy']).toBe(
      EXPECTED_CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'")
        .replace("script-src 'self'", "script-src 'none'")
        .replace("style-src 'self'", `style-src ${hashSource(style)}`) + ';sandbox',
    );
  });
});

describe('the static pages under /support/ (the desk itself: support-static.test.ts)', () => {
  it.each(['/support/app/'])(
    '%s is plain HTML with its style inline (an opaque origin may not load our stylesheet)',
    async (path) => {
      const r = await t.get(path);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.text).not.toMatch(/<script|<link|\sstyle=|\son\w+=|javascript:|https?:\/\//i);
      expect(r.text).toMatch(/<style>[^<]*main\{/);
    },
  );

  it('the app download page tells how to install the app', async () => {
    // The agent back office is real now (apps/agent at /agent/): its placeholder is gone.
    expect((await t.get('/support/agent/')).status).toBe(404);
    const download = (await t.get('/support/app/')).text;
    expect(download).not.toContain('演示');
    expect(download).toContain('选择“添加到主屏幕”');
  });

  it('redirects the path without a slash', async () => {
    const bare = await t.get('/support/app');
    expect([bare.status, bare.headers.location]).toEqual([301, '/support/app/']);
  });
});

describe('seed pictures', () => {
  it('are SVG drawn by the server, cached for a day, without scripts', async () => {
    const r = await t.get('/assets-seed/banner-1.svg');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(r.headers['cache-control']).toBe('public, max-age=86400');
    expect(r.text).toMatch(/^<svg /);
    expect(r.text).not.toMatch(/<script|on\w+=|href=/i);
    const missing = await t.get('/assets-seed/nope.svg');
    expectEnvelope(missing);
    expect(missing.status).toBe(404);
  });
});

describe('the web build', () => {
  it('serves index.html to be revalidated every time', async () => {
    const r = await t.get('/');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.text).toContain('<div id="root">');
  });

  it('serves hashed assets immutable, pre-compressed by the build', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('console.log');
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
    const indexBr = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect([indexBr.headers['content-encoding'], indexBr.headers['cache-control']]).toEqual([
      'br',
      'no-cache',
    ]);
  });

  it('serves other public files for an hour, and a 404 envelope for missing ones', async () => {
    expect((await t.get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    const missing = await t.get('/assets/missing-0000.js');
    expectEnvelope(missing);
    expect(missing.status).toBe(404);
  });
});

describe('API compression', () => {
  it('compresses large JSON replies and leaves small ones (the balance poll) alone', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/noticeList',
      headers: { 'accept-encoding': 'gzip' },
      payload: { page: 1 },
    });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString()).code).toBe(200);
    const token = await t.login('demo001', 'demo123');
    const small = await t.app.inject({
      method: 'POST',
      url: '/api/balance',
      headers: { 'accept-encoding': 'gzip, br', authorization: `Bearer ${token}` },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ code: 200, message: '成功', data: { balance: '1000.00' } });
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { advanceClock, resetClock } from '../../core/clock';
import { REPO_ROOT } from '../../core/config';
import { banners } from '../../db/schema/site';
import { escapeHtml } from '../../http/html';
import { etagMatches, isSafeUrl, renderShell, SHELL_TTL_MS, type ShellBanner } from './app-shell';
import { cspHeader } from '../../http/plugins/security';

/** The app's own page source: its banner slot is what the server fills in (Vite leaves it as it is). */
const INDEX_HTML = readFileSync(join(REPO_ROOT, 'apps/web/index.html'), 'utf8');

function webBuild(indexHtml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dir, 'index.html'), indexHtml);
  return dir;
}

/** The banner list the page carries in `data-banners`, read back as a browser would. */
function pageBanners(html: string): unknown {
  const m = /data-banners="([^"]*)"/.exec(html);
  if (!m?.[1]) return undefined;
  const text = m[1]
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(text);
}

const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '//evil.example/x.png',
  '/\\evil.example/x.png',
  'evil.png',
  ' /leading-space.png',
  '/x\n.png',
  '/x\u0000.png',
  'https://',
  'ftp://evil.example/x.png',
  'vbscript:msgbox(1)',
  '',
];

describe('renderShell', () => {
  const shell = '<head><title>t</title></head><body><section id="boot-banner" class="b"></section></body>';

  it('fills in the first banner (preload and picture) and the whole list, escaped', () => {
    const tricky = "/pics/a.svg?x=\"><script>alert(1)</script>&y='1'";
    const rows: ShellBanner[] = [
      { src: tricky, url: 'https://example.com/promo?a=1&b=2' },
      { src: 'https://cdn.example.com/2.png', url: '' },
    ];
    const html = renderShell(shell, rows);
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      `<link rel="preload" as="image" href="${escapeHtml(tricky)}" fetchpriority="high">`,
    );
    expect(html).toContain(`<img class="boot-banner-image" src="${escapeHtml(tricky)}" alt="横幅1"`);
    expect(html).toMatch(/<section id="boot-banner" class="b" data-banners="[^"<>]*"><img [^<]*><\/section>/);
    expect(pageBanners(html)).toEqual(rows);
  });

  it.each(HOSTILE)('refuses %j as a picture or a link', (bad) => {
    expect(isSafeUrl(bad)).toBe(false);
    const html = renderShell(shell, [
      { src: bad, url: '' },
      { src: '/assets-seed/banner-2.svg', url: bad },
    ]);
    // The banner with the refused picture is dropped; the refused link is left out.
    expect(pageBanners(html)).toEqual([{ src: '/assets-seed/banner-2.svg', url: '' }]);
    expect(html).toContain('href="/assets-seed/banner-2.svg"');
    if (bad.length > 3) expect(html).not.toContain(escapeHtml(bad));
  });

  it('accepts our own paths and http(s) URLs', () => {
    for (const ok of ['/assets-seed/banner-1.svg', '/uploads/a_b.png?v=2', 'http://a.example/x.png']) {
      expect(isSafeUrl(ok), ok).toBe(true);
    }
  });

  it('without banners: an empty list and no picture; a page without the slot stays as it is', () => {
    const html = renderShell(shell, []);
    expect(pageBanners(html)).toEqual([]);
    expect(html).not.toMatch(/<img|rel="preload"/);
    const foreign = '<html><body><div id="root"></div></body></html>';
    expect(renderShell(foreign, [{ src: '/a.svg', url: '' }])).toBe(foreign);
  });

  it('compares validators weakly', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('index.html from the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { webDist: webBuild(INDEX_HTML) } });
  });
  afterAll(async () => {
    resetClock();
    await t.close();
  });

  /** Lets the cached rendering expire. */
  const expire = () => advanceClock(SHELL_TTL_MS + 1);

  it('carries the hall banners of the database, with the CSP and to be revalidated', async () => {
    const seeded = await t.db
      .select({ src: banners.src, url: banners.url })
      .from(banners)
      .orderBy(asc(banners.sort));
    expect(seeded.length).toBeGreaterThan(1);
    for (const path of ['/', '/index.html']) {
      const r = await t.get(path);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-security-policy']).toBe(cspHeader(t.config));
      expect(r.headers.etag).toMatch(/^W\/"[\w-]+"$/);
      expect(pageBanners(r.text)).toEqual(seeded);
      const first = seeded[0]?.src ?? '';
      expect(r.text).toContain(`<link rel="preload" as="image" href="${first}" fetchpriority="high">`);
      expect(r.text).toContain(`<img class="boot-banner-image" src="${first}"`);
      // No inline script: the CSP allows none.
      expect(r.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    }
    const gz = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('data-banners=');
  });

  it('answers 304 to its own validator', async () => {
    const first = await t.get('/');
    const etag = String(first.headers.etag);
    const again = await t.get('/', {}, { headers: { 'if-none-match': etag } });
    expect([again.status, again.text, again.headers.etag]).toEqual([304, '', etag]);
    const strong = await t.get('/', {}, { headers: { 'if-none-match': etag.replace(/^W\//, '') } });
    expect(strong.status).toBe(304);
    const other = await t.get('/', {}, { headers: { 'if-none-match': 'W/"something-else"' } });
    expect(other.status).toBe(200);
  });

  it('keeps one rendering for a few seconds, then shows the changed banners', async () => {
    expire();
    const before = await t.get('/');
    await t.db.insert(banners).values({ type: 2, src: '/assets-seed/banner-4.svg', url: '', sort: -1 });
    const cached = await t.get('/');
    expect(cached.headers.etag).toBe(before.headers.etag);
    expect(cached.text).toBe(before.text);
    expire();
    const fresh = await t.get('/');
    expect(fresh.headers.etag).not.toBe(before.headers.etag);
    expect(fresh.text).toContain('<link rel="preload" as="image" href="/assets-seed/banner-4.svg"');
    // The old validator no longer matches: the browser gets the new page.
    const revalidated = await t.get('/', {}, { headers: { 'if-none-match': String(before.headers.etag) } });
    expect(revalidated.status).toBe(200);
  });

  it('drops hostile banners from the database', async () => {
    await t.db.delete(banners);
    await t.db.insert(banners).values([
      { type: 2, src: 'javascript:alert(1)', url: '', sort: 1 },
      { type: 2, src: '//evil.example/x.png', url: '', sort: 2 },
      { type: 2, src: '/assets-seed/banner-3.svg', url: 'javascript:alert(2)', sort: 3 },
    ]);
    expire();
    const r = await t.get('/');
    expect(pageBanners(r.text)).toEqual([{ src: '/assets-seed/banner-3.svg', url: '' }]);
    expect(r.text).not.toMatch(/javascript:|evil\.example/);
  });

  it('without banners serves the frame without a picture, and the app still answers', async () => {
    await t.db.delete(banners);
    expire();
    const r = await t.get('/');
    expect(r.status).toBe(200);
    expect(pageBanners(r.text)).toEqual([]);
    expect(r.text).not.toMatch(/<img|rel="preload"/);
    expect(r.text).toContain('<div id="root">');
    expect(r.text).toContain('<script src="/boot.js"></script>');
    const api = await t.post('/api/bannerList', { type: 2 });
    expect(api.body).toMatchObject({ code: 200, data: [] });
  });
});

describe('a build without the first frame (older, or another of the family)', () => {
  it('is served as the file it is, pre-compressed by the build', async () => {
    const page = '<!doctype html><html><body><div id="root"></div></body></html>';
    const dir = webBuild(page);
    writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(page));
    const t = await buildTestApp({ config: { webDist: dir } });
    try {
      const r = await t.get('/');
      expect([r.status, r.text, r.headers['cache-control']]).toEqual([200, page, 'no-cache']);
      const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page);
    } finally {
      await t.close();
    }
  });
});

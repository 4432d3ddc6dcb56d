import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { advanceClock, resetClock } from '../../core/clock';
import { REPO_ROOT } from '../../core/config';
import { cspHeader, hashSource } from '../../http/plugins/security';
import { CSP_FILE, SHELL_TTL_MS } from './app-shell';

/* The built index.html carries boot.js inline (apps/web/vite.config.ts), allowed by the hash the build
 * writes into csp.json: the page's CSP allows that script and no other inline one. */

const BOOT = '(function(){document.documentElement.classList.add("boot-away")})();';
const page = (script: string) =>
  `<!doctype html><html><head><title>t</title><script data-entry="./assets/index.js">${script}</script></head>` +
  '<body><div id="root"><section id="boot-banner" class="b"></section></div></body></html>';

function webBuild(html: string, scripts: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-csp-'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, CSP_FILE), JSON.stringify({ 'script-src': scripts.map(hashSource) }));
  return dir;
}

/** The sources of one directive of a CSP header. */
function directive(csp: unknown, name: string): string[] {
  const found = String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found ? found.slice(1) : [];
}

/** The text of each inline <script> of a page, as the browser hashes it. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
}

/** Whether the CSP lets every inline script of the page run. */
function allowsInlineScripts(html: string, csp: unknown): boolean {
  const allowed = directive(csp, 'script-src');
  return inlineScripts(html).every((text) => allowed.includes(hashSource(text)));
}

describe('the app shell with an inline boot script', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = webBuild(page(BOOT), [BOOT]);
    t = await buildTestApp({ config: { webDist: dir } });
  });
  afterAll(async () => {
    resetClock();
    await t.close();
  });
  const expire = () => advanceClock(SHELL_TTL_MS + 1);

  it('allows exactly the built script, by its hash, on the page only', async () => {
    for (const path of ['/', '/index.html']) {
      const r = await t.get(path);
      expect(r.status).toBe(200);
      expect(r.text).toContain('data-banners='); // the server's rendering, not the file
      expect(inlineScripts(r.text)).toEqual([BOOT]);
      expect(allowsInlineScripts(r.text, r.headers['content-security-policy'])).toBe(true);
      expect(directive(r.headers['content-security-policy'], 'script-src')).toEqual([
        "'self'",
        hashSource(BOOT),
      ]);
      expect(r.headers['content-security-policy']).toBe(cspHeader(t.config, 'none', [hashSource(BOOT)]));
    }
    // The validator's answer carries it too; other responses keep the common policy.
    const first = await t.get('/');
    const again = await t.get('/', {}, { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    const api = await t.post('/api/bannerList', { type: 2 });
    expect(api.headers['content-security-policy']).toBe(cspHeader(t.config));
  });

  it('does not allow a script altered after the build', async () => {
    const altered = BOOT.replace('boot-away', 'boot-member');
    writeFileSync(join(dir, 'index.html'), page(altered));
    expire();
    const r = await t.get('/');
    expect(inlineScripts(r.text)).toEqual([altered]);
    expect(allowsInlineScripts(r.text, r.headers['content-security-policy'])).toBe(false);
  });

  it('follows a rebuild without a restart', async () => {
    const rebuilt = BOOT.replace('boot-away', 'boot-rebuilt');
    writeFileSync(join(dir, 'index.html'), page(rebuilt));
    writeFileSync(join(dir, CSP_FILE), JSON.stringify({ 'script-src': [hashSource(rebuilt)] }));
    expire();
    const r = await t.get('/');
    expect(allowsInlineScripts(r.text, r.headers['content-security-policy'])).toBe(true);
    expect(directive(r.headers['content-security-policy'], 'script-src')).not.toContain(hashSource(BOOT));
  });

  it('refuses a csp.json that would allow more than hashes', async () => {
    writeFileSync(join(dir, CSP_FILE), JSON.stringify({ 'script-src': ["'unsafe-inline'"] }));
    expire();
    const r = await t.get('/');
    expect(r.status).toBe(500);
    expect(String(r.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });
});

const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');
const built = existsSync(join(WEB_DIST, CSP_FILE)) && existsSync(join(WEB_DIST, 'index.html'));

describe.skipIf(!built)('the built app (apps/web/dist)', () => {
  it('serves its page with a CSP that allows its inline script', async () => {
    const t = await buildTestApp({ config: { webDist: WEB_DIST } });
    try {
      const r = await t.get('/');
      const file = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
      expect(inlineScripts(r.text)).toEqual(inlineScripts(file));
      expect(inlineScripts(r.text)).toHaveLength(1);
      expect(r.text).toContain('data-banners=');
      expect(allowsInlineScripts(r.text, r.headers['content-security-policy'])).toBe(true);
    } finally {
      await t.close();
    }
  });
});

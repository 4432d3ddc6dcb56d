import { SafeUrl } from '@app/contract/codecs';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { now } from '../../core/clock';
import type { Config } from '../../core/config';
import { escapeHtml } from '../../http/html';
import { bannerList } from './service';
import { CACHE_NO_CACHE, webBuildPresent } from '../../http/plugins/static';
import { cspHeader } from '../../http/plugins/security';

/**
 * index.html with the hall's first banner filled in. The built page holds a static first frame of the
 * hall (apps/web/index.html) that paints before the app's code arrives; here the frame gets the first
 * banner picture (and a preload of it in <head>), and the banner list as `data-banners`, from which the
 * app seeds its banner query. So the page's largest paint no longer waits for HTML → JS → API → picture.
 * A static host serves the same file untouched: the frame then shows the banner area without a picture.
 */

/** The hall carousel's banners (bannerList type 2, what the app asks for). */
export const HALL_BANNER_TYPE = 2;
/** How long one rendering is served: banners change rarely, the page is asked for on every visit. */
export const SHELL_TTL_MS = 5_000;

/** The frame's banner area in the built index.html: the element the server fills in. */
const BANNER_SLOT = /<section id="boot-banner"([^>]*)><\/section>/;

export interface ShellBanner {
  src: string;
  url: string;
}

/**
 * A URL the page may load or link: the contract's SafeUrl (a path of this server or an absolute
 * http(s) URL; never javascript:, data:, `//host` or `/\host`), taken as it is: the page carries the
 * value itself, so one the codec would first have to trim is refused too.
 */
export function isSafeUrl(value: string): boolean {
  const parsed = SafeUrl.safeParse(value);
  return parsed.success && parsed.data === value;
}

/** The banners the frame may show: a refused picture drops the banner, a refused link is left out. */
export function safeBanners(rows: ShellBanner[]): ShellBanner[] {
  return rows
    .filter((b) => isSafeUrl(b.src))
    .map((b) => ({ src: b.src, url: b.url && isSafeUrl(b.url) ? b.url : '' }));
}

/**
 * index.html with `banners` filled in; unchanged when it has no banner slot (an older or foreign build).
 * The list goes in whole (wire shape of bannerList, the app checks it against the contract); the first
 * picture also as the frame's <img> and as a high-priority preload, found before any script runs.
 */
export function renderShell(html: string, rows: ShellBanner[]): string {
  const slot = BANNER_SLOT.exec(html);
  if (!slot) return html;
  const banners = safeBanners(rows);
  const first = banners[0];
  const attrs = `${slot[1] ?? ''} data-banners="${escapeHtml(JSON.stringify(banners))}"`;
  const img = first
    ? `<img class="boot-banner-image" src="${escapeHtml(first.src)}" alt="横幅1" fetchpriority="high" draggable="false">`
    : '';
  let out = html.replace(BANNER_SLOT, () => `<section id="boot-banner"${attrs}>${img}</section>`);
  if (first) {
    const preload = `<link rel="preload" as="image" href="${escapeHtml(first.src)}" fetchpriority="high">`;
    // Right after <title>: ahead of the stylesheet and the scripts Vite puts at the end of <head>.
    out = out.includes('</title>')
      ? out.replace('</title>', () => `</title>\n    ${preload}`)
      : out.replace('</head>', () => `  ${preload}\n  </head>`);
  }
  return out;
}

/** A weak validator: the same page may go out gzip, brotli or plain. */
export function weakEtag(body: string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match against our (weak) tag, by the weak comparison of RFC 9110. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/**
 * The CSP sources of index.html's inline scripts, as the web build wrote them next to it
 * (apps/web/vite.config.ts: boot.js is inlined and hashed from the written page). None for a build
 * without the file (an older or foreign one, whose scripts are files). Only SHA-256 hashes are taken:
 * the file widens the page's script-src, so it may not carry a keyword or a host.
 */
export const CSP_FILE = 'csp.json';
const HASH_SOURCE = /^'sha256-[A-Za-z0-9+/]{43}='$/;

export async function readScriptHashes(webDist: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(join(webDist, CSP_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const sources: unknown = (JSON.parse(text) as Record<string, unknown>)['script-src'];
  if (!Array.isArray(sources) || !sources.every((s) => typeof s === 'string' && HASH_SOURCE.test(s))) {
    throw new Error(`${CSP_FILE}: script-src must be a list of 'sha256-…' sources`);
  }
  return sources as string[];
}

interface Rendered {
  /** null: the built page has no banner slot, and is served as the file it is. */
  html: string | null;
  etag: string;
  /** The page's Content-Security-Policy: the common one, with the build's inline script allowed. */
  csp: string;
  at: number;
}

export default fp(
  async function appShellPlugin(
    app: FastifyInstance,
    opts: { config: Pick<Config, 'webDist' | 'cspFrameSrc'> },
  ) {
    const { webDist } = opts.config;
    if (!webBuildPresent(webDist)) return; // the static plugin has said so
    const indexPath = join(webDist, 'index.html');

    let cached: Rendered | null = null;
    let pending: Promise<Rendered> | null = null;

    async function render(): Promise<Rendered> {
      // Read each time the rendering expires, so that a rebuild is served without a restart; the page
      // and the hashes of its inline script together, so that the two always match.
      const [html, hashes] = await Promise.all([readFile(indexPath, 'utf8'), readScriptHashes(webDist)]);
      const csp = cspHeader(opts.config, 'none', hashes);
      let rows: ShellBanner[] = [];
      try {
        rows = await bannerList(app.db, HALL_BANNER_TYPE);
      } catch (err) {
        // The app fetches the banners itself; the frame is fine without them.
        app.log.warn({ err }, 'app shell: banners unavailable, serving the frame without them');
      }
      const body = renderShell(html, rows);
      return body === html
        ? { html: null, etag: '', csp, at: now() }
        : { html: body, etag: weakEtag(body), csp, at: now() };
    }

    async function current(): Promise<Rendered> {
      if (cached && now() - cached.at < SHELL_TTL_MS) return cached;
      // One rendering at a time, however many visitors arrive when the cache has expired.
      pending ??= render().finally(() => {
        pending = null;
      });
      cached = await pending;
      return cached;
    }

    async function serve(request: FastifyRequest, reply: FastifyReply) {
      const page = await current();
      reply.header('content-security-policy', page.csp);
      // An older or foreign build: the static plugin's way (its validators, the build's .br / .gz).
      if (page.html === null) return reply.sendFile('index.html');
      reply.header('cache-control', CACHE_NO_CACHE).header('etag', page.etag);
      if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(page.html);
    }

    // Explicit routes win over the static plugin's wildcard; every other file is still served by it.
    app.get('/', serve);
    app.get('/index.html', serve);
  },
  { name: 'app-shell', dependencies: ['database', 'static'] },
);

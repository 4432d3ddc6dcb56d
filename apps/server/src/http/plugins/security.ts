import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../core/config';

/**
 * The Content-Security-Policy of every response. The SPA is built by Vite into files (no inline
 * <style> elements: antd-mobile 5 ships plain CSS files and sets styles through the style property,
 * which CSP does not restrict), so 'self' suffices everywhere. The one inline script, the app's boot
 * script in index.html, is allowed by its hash (`scriptHashes`, from the build: see
 * modules/site/app-shell.ts), on that page only. No 'unsafe-inline', no 'unsafe-eval'. WebSockets to
 * our own origin are covered by connect-src 'self'.
 */
export function cspDirectives(
  config: Pick<Config, 'cspFrameSrc'>,
  frameAncestors: 'none' | 'self' = 'none',
  scriptHashes: readonly string[] = [],
) {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", ...config.cspFrameSrc],
    'frame-ancestors': [frameAncestors === 'none' ? "'none'" : "'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
}

export function cspHeader(
  config: Pick<Config, 'cspFrameSrc'>,
  frameAncestors: 'none' | 'self' = 'none',
  scriptHashes: readonly string[] = [],
): string {
  return Object.entries(cspDirectives(config, frameAncestors, scriptHashes))
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join(';');
}

/** A CSP source allowing one inline <style> or <script> element by the hash of its text. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** One of our own pages shown in the app's iframe, carrying its style and script inline. */
export interface SandboxedPage {
  html: string;
  /** Text of each inline <style> element. */
  styles: readonly string[];
  /** Text of each inline <script> element. */
  scripts: readonly string[];
  /** Tokens of the CSP sandbox directive, e.g. 'allow-scripts allow-forms' ('' for none). */
  sandbox: string;
}

/**
 * The CSP of a page the app frames: framing by our origin only, and the `sandbox` directive, so the
 * page runs in an opaque origin whatever the iframe's attribute says (it cannot read the app's storage
 * or token). An opaque origin cannot load our files (they are Cross-Origin-Resource-Policy:
 * same-origin), so its style and script are inline, each allowed by its hash.
 */
export function sandboxedPageCsp(
  config: Pick<Config, 'cspFrameSrc'>,
  page: Omit<SandboxedPage, 'html'>,
): string {
  const directives = cspDirectives(config, 'self');
  const hashes = (texts: readonly string[]) => (texts.length ? texts.map(hashSource) : ["'none'"]);
  directives['style-src'] = hashes(page.styles);
  directives['script-src'] = hashes(page.scripts);
  const policy = Object.entries(directives).map(([k, v]) => `${k} ${v.join(' ')}`);
  policy.push(page.sandbox ? `sandbox ${page.sandbox}` : 'sandbox');
  return policy.join(';');
}

/** Sends one of our framed pages (support desk, demo game) with its sandboxing CSP. */
export function sendSandboxedPage(
  reply: FastifyReply,
  config: Pick<Config, 'cspFrameSrc'>,
  page: SandboxedPage,
  cacheControl: string,
): FastifyReply {
  reply.header('content-security-policy', sandboxedPageCsp(config, page));
  reply.header('x-frame-options', 'SAMEORIGIN');
  return reply.type('text/html; charset=utf-8').header('cache-control', cacheControl).send(page.html);
}

export default fp(
  async function securityPlugin(app: FastifyInstance, opts: { config: Config }) {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.config) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      hidePoweredBy: true,
    });
  },
  { name: 'security' },
);

import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../core/config';

/**
 * The Content-Security-Policy of every response. The SPA is built by Vite into files (no inline
 * script, no inline <style> elements: antd-mobile 5 ships plain CSS files and sets styles through
 * the style property, which CSP does not restrict), so 'self' suffices everywhere. No
 * 'unsafe-inline', no 'unsafe-eval'. WebSockets to our own origin are covered by connect-src 'self'.
 */
export function cspDirectives(config: Pick<Config, 'cspFrameSrc'>, frameAncestors: 'none' | 'self' = 'none') {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
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
): string {
  return Object.entries(cspDirectives(config, frameAncestors))
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join(';');
}

/** For our own pages the app shows in an iframe (support desk, demo games): framing by our origin only. */
export function allowSameOriginFraming(reply: FastifyReply, config: Pick<Config, 'cspFrameSrc'>): void {
  reply.header('content-security-policy', cspHeader(config, 'self'));
  reply.header('x-frame-options', 'SAMEORIGIN');
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

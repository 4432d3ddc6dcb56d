import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../core/config';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_NO_CACHE = 'no-cache';
/** Unhashed public files (favicon, captcha pictures). */
export const CACHE_SHORT = 'public, max-age=3600';

export function webBuildPresent(webDist: string): boolean {
  return existsSync(join(webDist, 'index.html'));
}

/**
 * Compression of API replies (gzip / brotli above 1 KB; small polls are sent as they are), and the
 * built SPA when WEB_DIST holds one: index.html must be revalidated, hashed files under /assets/ are
 * cached for a year, and the .br / .gz siblings the build writes are served instead of compressing.
 */
export default fp(
  async function staticPlugin(app: FastifyInstance, opts: { config: Config }) {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
    });

    const root = opts.config.webDist;
    if (!webBuildPresent(root)) {
      app.log.warn({ webDist: root }, 'no web build found: serving the API only');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      preCompressed: true,
      index: ['index.html'],
      cacheControl: false,
      etag: true,
      lastModified: true,
      dotfiles: 'deny',
      setHeaders(reply, filePath) {
        const rel = filePath
          .slice(root.length)
          .replace(/\\/g, '/')
          .replace(/\.(br|gz)$/, '');
        if (rel.startsWith('/assets/')) reply.header('cache-control', CACHE_IMMUTABLE);
        else if (rel.endsWith('.html')) reply.header('cache-control', CACHE_NO_CACHE);
        else reply.header('cache-control', CACHE_SHORT);
      },
    });
  },
  { name: 'static' },
);

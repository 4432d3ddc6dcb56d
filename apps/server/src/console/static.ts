import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { CONSOLE_API_PREFIX } from '@app/contract/console-define';
import type { FastifyInstance } from 'fastify';
import { CACHE_IMMUTABLE, CACHE_NO_CACHE } from '../http/plugins/static';
import { sendEnvelopeError } from '../http/plugins/errors';
import { MSG_NOT_FOUND } from '../core/errors';

export function consoleBuildPresent(dist: string): boolean {
  return existsSync(join(dist, 'index.html'));
}

/**
 * The built console: hashed files under /assets/ cached for a year, and index.html (no-cache) for
 * every other path that is not an API call, so the console's own routes survive a reload.
 */
export async function serveConsole(app: FastifyInstance, dist: string): Promise<void> {
  if (!consoleBuildPresent(dist)) {
    app.log.warn({ consoleDist: dist }, 'no console build found: serving the console API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    index: false,
    cacheControl: false,
    dotfiles: 'deny',
    setHeaders(reply, filePath) {
      const rel = filePath.slice(dist.length).replace(/\\/g, '/');
      reply.header('cache-control', rel.startsWith('/assets/') ? CACHE_IMMUTABLE : CACHE_NO_CACHE);
    },
  });
  const index = readFileSync(join(dist, 'index.html'));
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith(`${CONSOLE_API_PREFIX}/`) || request.url.startsWith('/assets/')) {
      return sendEnvelopeError(reply, 404, MSG_NOT_FOUND);
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', CACHE_NO_CACHE).send(index);
  });
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', CACHE_NO_CACHE).send(index),
  );
}

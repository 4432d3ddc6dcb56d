import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../core/config';
import { CACHE_IMMUTABLE, CACHE_NO_CACHE, CACHE_SHORT } from './static';

/** Where the agents' back office lives on the members' address (its build's Vite `base` is `/agent/`). */
export const AGENT_PREFIX = '/agent';

export function agentBuildPresent(agentDist: string): boolean {
  return existsSync(join(agentDist, 'index.html'));
}

/**
 * The built agent back office (apps/agent) at /agent/, when AGENT_DIST holds one, as the web app's
 * build is served (static.ts): index.html revalidated on every visit, hashed files under
 * /agent/assets/ cached for a year, the .br / .gz siblings the build writes sent as they are; /agent
 * goes to /agent/. The app routes in the hash, so no other path needs index.html. Registered after
 * static.ts, whose compression and reply decorators it shares.
 */
/**
 * A built app of ours under `prefix` of the members' address (the agent back office, the support desk
 * page): its files from `root`, pre-compressed siblings as they are, `prefix` redirected to
 * `prefix`/, each reply's headers by `headers` (the file's path from `root`, without .br / .gz).
 */
export async function registerBuiltApp(
  app: FastifyInstance,
  root: string,
  prefix: string,
  headers: (reply: FastifyReply, rel: string) => void,
): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    // Without its trailing slash, so that `redirect` sends /agent to /agent/.
    prefix,
    decorateReply: false,
    redirect: true,
    preCompressed: true,
    index: ['index.html'],
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'deny',
    setHeaders(reply, filePath) {
      headers(
        reply,
        filePath
          .slice(root.length)
          .replace(/\\/g, '/')
          .replace(/\.(br|gz)$/, ''),
      );
    },
  });
}

export default fp(
  async function agentStaticPlugin(app: FastifyInstance, opts: { config: Config }) {
    const root = opts.config.agentDist;
    if (!agentBuildPresent(root)) {
      app.log.warn({ agentDist: root }, 'no agent back office build found: /agent/ is not served');
      return;
    }
    await registerBuiltApp(app, root, AGENT_PREFIX, (reply, rel) => {
      if (rel.startsWith('/assets/')) reply.header('cache-control', CACHE_IMMUTABLE);
      else if (rel.endsWith('.html')) reply.header('cache-control', CACHE_NO_CACHE);
      else reply.header('cache-control', CACHE_SHORT);
    });
  },
  { name: 'agent-static', dependencies: ['static'] },
);

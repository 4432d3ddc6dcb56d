import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../core/config';
import { registerBuiltApp } from './agent-static';
import { cspDirectives } from './security';
import { CACHE_IMMUTABLE, CACHE_NO_CACHE, CACHE_SHORT } from './static';

/** Where the support desk's page lives (its build's Vite `base` is `/support/`). */
export const SUPPORT_PREFIX = '/support';
/** The page's sandbox: its script runs, in an opaque origin (no allow-same-origin: no cookies, no storage). */
export const SUPPORT_SANDBOX = 'allow-scripts allow-forms allow-popups';

export function supportBuildPresent(supportDist: string): boolean {
  return existsSync(join(supportDist, 'index.html'));
}

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The page's CSP: its own script and style ('self': the page's URL, though it runs in an opaque origin),
 * calls to our API and the WebSocket of this host, framed by our own origin only (the member app's
 * /kefu), and the sandbox that makes its origin opaque whatever the frame or window it opens in.
 */
export function supportPageCsp(config: Pick<Config, 'cspFrameSrc'>, secure: boolean, host: string): string {
  const directives = cspDirectives(config, 'self');
  if (HOST.test(host)) directives['connect-src'] = ["'self'", `${secure ? 'wss' : 'ws'}://${host}`];
  const policy = Object.entries(directives).map(([k, v]) => `${k} ${v.join(' ')}`);
  policy.push(`sandbox ${SUPPORT_SANDBOX}`);
  return policy.join(';');
}

function setSupportHeaders(config: Config, reply: FastifyReply, rel: string): void {
  if (rel.startsWith('/assets/')) {
    // Asked for by an opaque origin (Origin: null): a cross-origin request, answered for anyone. The
    // files are public (the build's script and style), with no credentials.
    reply.header('cache-control', CACHE_IMMUTABLE);
    reply.header('access-control-allow-origin', '*');
    reply.header('cross-origin-resource-policy', 'cross-origin');
  } else if (rel.endsWith('.html')) {
    const { request } = reply;
    reply.header('cache-control', CACHE_NO_CACHE);
    reply.header(
      'content-security-policy',
      supportPageCsp(config, request.protocol === 'https', request.host),
    );
    reply.header('x-frame-options', 'SAMEORIGIN');
  } else {
    reply.header('cache-control', CACHE_SHORT);
  }
}

/**
 * The support desk's page (apps/support) at /support/, when SUPPORT_DIST holds a build, as the agent
 * back office is served (agent-static.ts): index.html revalidated, with the sandboxing CSP above;
 * hashed files under /support/assets/ cached for a year, with CORS (the page's origin is opaque); the
 * .br / .gz siblings sent as they are; /support goes to /support/. The other pages under /support/
 * (modules/support: the app download page) are explicit routes, which win over this one's wildcard,
 * and so are the desk's images (/support/images/*, modules/support-desk).
 */
export default fp(
  async function supportStaticPlugin(app: FastifyInstance, opts: { config: Config }) {
    const root = opts.config.supportDist;
    if (!supportBuildPresent(root)) {
      app.log.warn({ supportDist: root }, 'no support desk build found: /support/ is not served');
      return;
    }
    await registerBuiltApp(app, root, SUPPORT_PREFIX, (reply, rel) =>
      setSupportHeaders(opts.config, reply, rel),
    );
  },
  { name: 'support-static', dependencies: ['static'] },
);

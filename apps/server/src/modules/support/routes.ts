import type { FastifyInstance } from 'fastify';
import { sendSandboxedPage } from '../../http/plugins/security';
import { SUPPORT_PAGES } from './pages';

const PAGE_CACHE = 'public, max-age=300';

/** The static pages under /support/ (the desk itself: support-static.ts); the app may frame them (same origin only). */
export default async function supportRoutes(app: FastifyInstance) {
  for (const [path, page] of Object.entries(SUPPORT_PAGES)) {
    app.get(path, async (_request, reply) => sendSandboxedPage(reply, app.config, page, PAGE_CACHE));
    // /support → /support/ (relative links need the slash)
    app.get(path.slice(0, -1), async (_request, reply) => reply.redirect(path, 301));
  }
}

import type { FastifyInstance } from 'fastify';
import { allowSameOriginFraming } from '../../http/plugins/security';
import { SUPPORT_CSS, SUPPORT_PAGES } from './pages';

const PAGE_CACHE = 'public, max-age=300';

/** The demo support desk and placeholders; the app may show them in its iframe (same origin only). */
export default async function supportRoutes(app: FastifyInstance) {
  for (const [path, html] of Object.entries(SUPPORT_PAGES)) {
    app.get(path, async (_request, reply) => {
      allowSameOriginFraming(reply, app.config);
      return reply.type('text/html; charset=utf-8').header('cache-control', PAGE_CACHE).send(html);
    });
    // /support → /support/ (relative links and the stylesheet need the slash)
    app.get(path.slice(0, -1), async (_request, reply) => reply.redirect(path, 301));
  }
  app.get('/support/support.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', PAGE_CACHE).send(SUPPORT_CSS),
  );
}

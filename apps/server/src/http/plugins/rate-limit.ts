import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BusinessError, MSG_RATE_LIMITED } from '../../core/errors';

/**
 * Per-route limits by client IP (`request.ip`: the TCP peer, or the X-Forwarded-For hop TRUST_PROXY
 * allows). Routes opt in with `config.rateLimit` (see http/endpoint.ts). Counters live in this
 * process's memory; with several processes each one counts on its own. That is enough against
 * floods; the limits that guard secrets (failed logins, wrong payment passwords) are kept in the
 * database instead, so they hold across processes (modules/auth/limits.ts).
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    await app.register(rateLimit, {
      global: false,
      cache: 10_000,
      errorResponseBuilder: () => new BusinessError(MSG_RATE_LIMITED, 429),
    });
  },
  { name: 'rate-limit' },
);

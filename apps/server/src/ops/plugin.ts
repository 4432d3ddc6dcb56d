import { createHash, timingSafeEqual } from 'node:crypto';
import { OPS_PREFIX as CONTRACT_OPS_PREFIX } from '@app/contract/ops-fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BusinessError, MSG_NOT_FOUND } from '../core/errors';
import authOps from './routes/auth';
import siteOps from './routes/site';
import ledgerOps from './routes/ledger';
import depositOps from './routes/cashier';
import withdrawalOps from './routes/withdrawals';
import promoOps from './routes/promo';
import lotteryOps from './routes/lottery';
import contentOps from './routes/content';
import operatorOps from './routes/operators';

/** Where app.ts mounts this plugin: the root of every operator call's path. */
export const OPS_PREFIX = CONTRACT_OPS_PREFIX;

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** The TCP peer, never a forwarded header: the operator API is for this machine only. */
export function isLoopbackPeer(request: FastifyRequest): boolean {
  const address = request.raw.socket?.remoteAddress;
  return typeof address === 'string' && LOOPBACK.test(address);
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time comparison of the presented token with the operator token. */
export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * The operator API under /ops: answers only to a loopback TCP peer whose request was not relayed by a
 * proxy (no X-Forwarded-For / Forwarded), carrying `Authorization: Bearer <operator token>`. Anything
 * else gets the same 404 as an unknown path, or 401 for a wrong token from this machine.
 * Each domain's operator routes (ops/routes/*.ts) register the contract's operator calls (OPS_CALLS).
 */
export default async function opsPlugin(app: FastifyInstance, opts: { operatorToken: string | null }) {
  const expected = opts.operatorToken;

  app.addHook('onRequest', async (request) => {
    const relayed =
      request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (!expected || !isLoopbackPeer(request) || relayed) throw new BusinessError(MSG_NOT_FOUND, 404);
    const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!m?.[1] || !tokenMatches(m[1], expected)) throw new BusinessError('操作员令牌无效', 401);
  });

  await app.register(siteOps);
  await app.register(authOps);
  await app.register(ledgerOps);
  await app.register(depositOps);
  await app.register(withdrawalOps);
  await app.register(promoOps);
  await app.register(lotteryOps);
  await app.register(contentOps);
  await app.register(operatorOps);
}

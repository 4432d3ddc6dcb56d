import { createHash, timingSafeEqual } from 'node:crypto';
import { OPS_PREFIX as CONTRACT_OPS_PREFIX } from '@app/contract/ops-fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { opsCreateOperator, opsResetOperator } from '@app/contract/ops-site';
import { BusinessError, MSG_NOT_FOUND } from '../core/errors';
import { opsEndpoint } from '../http/ops-endpoint';
import { createOperator, findOperatorByName, resetOperator } from '../identity/operators';
import memberOps from '../modules/member/ops';
import siteOps from '../modules/site/ops';
import walletOps from '../modules/wallet/ops';
import cashierOps from '../modules/cashier/ops';
import withdrawalOps from '../modules/withdrawals/ops';
import gamesOps from '../modules/games/ops';
import promoOps from '../modules/promo/ops';
import agentOps from '../modules/agents/ops';
import lotteryOps from '../modules/lottery/ops';
import contentOps from '../modules/content/ops';

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
 * Each domain's operator routes (modules/<domain>/ops.ts, as OPS_CALLS_BY_MODULE lists them) register
 * the contract's operator calls; the operator accounts' two are here (identity/ has no routes).
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
  await app.register(memberOps);
  await app.register(walletOps);
  await app.register(cashierOps);
  await app.register(withdrawalOps);
  await app.register(gamesOps);
  await app.register(promoOps);
  await app.register(agentOps);
  await app.register(lotteryOps);
  await app.register(contentOps);
  await app.register(operatorOps);
}

/** Console operators from the command line: the first one, and a reset for a lost phone or password. */
async function operatorOps(app: FastifyInstance) {
  opsEndpoint(app, opsCreateOperator, async ({ input }) => {
    const { operator, password } = await createOperator(app.db, input.name, input.role);
    return { data: { id: operator.id, name: operator.name, role: operator.role, password } };
  });

  opsEndpoint(app, opsResetOperator, async ({ input }) => {
    const operator = await findOperatorByName(app.db, input.name);
    if (!operator) throw new BusinessError('操作员不存在', 404);
    const { password } = await resetOperator(app.db, operator.id);
    return { data: { id: operator.id, name: operator.name, role: operator.role, password } };
  });
}

import { formatCents, toCents } from '@app/contract/codecs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { users } from '../../db/schema/accounts';
import { ok, parseOps } from '../respond';
import { BusinessError } from '../../core/errors';
import { centralBalance } from '../../modules/wallet/service';
import { credit, ledgerCheck } from '../../modules/wallet/ledger';

/** Operator routes of the ledger (under /ops). */
export default async function ledgerOps(app: FastifyInstance) {
  // A broken ledger answers 409, so `ledger:check` exits non-zero.
  app.get('/ledger/check', async (_request, reply) => {
    const report = await ledgerCheck(app.db);
    if (report.ok) return ok(report, '账目平衡');
    return reply.code(409).send({ code: 409, message: '账目不平衡', data: report });
  });

  app.post('/wallet/credit', async (request) => {
    const body = parseOps(
      z.object({
        username: z.string().min(1).max(32),
        amount: z.string().max(32),
        memo: z.string().max(200).optional(),
      }),
      request,
    );
    const text = body.amount.trim();
    const cents = /^\d+(\.\d{1,2})?$/.test(text) ? toCents(text) : null;
    if (cents === null || cents <= 0 || cents > 10_000_000_000) throw new BusinessError('金额无效');
    const [user] = await app.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = ${body.username.toLowerCase()}`);
    if (!user) throw new BusinessError('用户不存在', 404);
    await credit(app.db, user.id, BigInt(cents), 'adjustment', body.memo ?? 'operator');
    return ok({
      username: user.username,
      amount: formatCents(cents),
      balance: formatCents(await centralBalance(app.db, user.id)),
    });
  });
}

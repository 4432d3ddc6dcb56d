import { formatCents, toCents } from '@app/contract/codecs';
import { PayRangeType } from '@app/contract/enums';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payMethods } from '../../db/schema/money';
import { z } from 'zod';
import { ok, parseOps } from '../respond';
import { BusinessError } from '../../core/errors';
import {
  approveDeposit,
  listDeposits,
  rejectDeposit,
  type ReviewOutcome,
} from '../../modules/cashier/service';

const outcome = (r: ReviewOutcome) => {
  if (!r.ok) throw new BusinessError(r.message, 409);
  return ok({ deposit_no: r.depositNo, amount: r.amount });
};

/** Operator routes of deposits (under /ops). */
export default async function depositOps(app: FastifyInstance) {
  app.get('/deposits', async (request) => {
    const q = parseOps(
      z.object({
        state: z.coerce.number().int().min(0).max(3).default(1),
        limit: z.coerce.number().int().min(1).max(1000).default(100),
      }),
      request,
    );
    return ok({ deposits: await listDeposits(app.db, q.state === 0 ? null : q.state, q.limit) });
  });
  app.get('/pay-methods', async () => {
    const rows = await app.db.select().from(payMethods).orderBy(asc(payMethods.type));
    return ok({
      methods: rows.map((m) => ({
        type: m.type,
        enabled: m.enabled,
        min: formatCents(m.minCents),
        max: formatCents(m.maxCents),
        account: m.account,
      })),
    });
  });

  const Yuan = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, '金额无效');
  app.post('/pay-methods', async (request) => {
    const body = parseOps(
      z.object({ type: z.enum(PayRangeType.options), min: Yuan, max: Yuan, enabled: z.boolean().optional() }),
      request,
    );
    const min = BigInt(toCents(body.min) ?? 0);
    const max = BigInt(toCents(body.max) ?? 0);
    if (min <= 0n || max < min) throw new BusinessError('范围无效：0 < 最小 ≤ 最大');
    const [row] = await app.db
      .update(payMethods)
      .set({
        minCents: min,
        maxCents: max,
        ...(body.enabled === undefined ? {} : { enabled: body.enabled ? 1 : 0 }),
      })
      .where(eq(payMethods.type, body.type))
      .returning();
    if (!row) throw new BusinessError('充值方式不存在', 404);
    return ok({
      type: row.type,
      enabled: row.enabled,
      min: formatCents(row.minCents),
      max: formatCents(row.maxCents),
    });
  });

  const No = z.object({ deposit_no: z.string().min(1).max(64) });
  app.post('/deposits/approve', async (request) =>
    outcome(await approveDeposit(app.db, parseOps(No, request).deposit_no)),
  );
  app.post('/deposits/reject', async (request) =>
    outcome(await rejectDeposit(app.db, parseOps(No, request).deposit_no)),
  );
}

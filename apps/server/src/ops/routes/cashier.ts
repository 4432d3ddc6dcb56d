import { formatCents } from '@app/contract/codecs';
import { OPS_LIST_STATE_ALL } from '@app/contract/ops-fields';
import {
  opsApproveDeposit,
  opsDeposits,
  opsPayMethods,
  opsRejectDeposit,
  opsSetPayMethod,
} from '@app/contract/ops-money';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payMethods } from '../../db/schema/money';
import { opsEndpoint } from '../respond';
import { BusinessError } from '../../core/errors';
import {
  approveDeposit,
  listDeposits,
  rejectDeposit,
  type ReviewOutcome,
} from '../../modules/cashier/service';

const outcome = (r: ReviewOutcome) => {
  if (!r.ok) throw new BusinessError(r.message, 409);
  return { data: { deposit_no: r.depositNo, amount: r.amount } };
};

/** Operator routes of deposits (under /ops). */
export default async function depositOps(app: FastifyInstance) {
  opsEndpoint(app, opsDeposits, async ({ input }) => ({
    data: {
      deposits: await listDeposits(
        app.db,
        input.state === OPS_LIST_STATE_ALL ? null : input.state,
        input.limit,
      ),
    },
  }));
  opsEndpoint(app, opsPayMethods, async () => {
    const rows = await app.db.select().from(payMethods).orderBy(asc(payMethods.type));
    return {
      data: {
        methods: rows.map((m) => ({
          type: m.type,
          enabled: m.enabled,
          min: formatCents(m.minCents),
          max: formatCents(m.maxCents),
          account: m.account,
        })),
      },
    };
  });

  opsEndpoint(app, opsSetPayMethod, async ({ input }) => {
    const [row] = await app.db
      .update(payMethods)
      .set({
        minCents: BigInt(input.minCents),
        maxCents: BigInt(input.maxCents),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled ? 1 : 0 }),
      })
      .where(eq(payMethods.type, input.type))
      .returning();
    if (!row) throw new BusinessError('充值方式不存在', 404);
    return {
      data: {
        type: row.type,
        enabled: row.enabled,
        min: formatCents(row.minCents),
        max: formatCents(row.maxCents),
      },
    };
  });

  opsEndpoint(app, opsApproveDeposit, async ({ input }) =>
    outcome(await approveDeposit(app.db, input.deposit_no)),
  );
  opsEndpoint(app, opsRejectDeposit, async ({ input }) =>
    outcome(await rejectDeposit(app.db, input.deposit_no)),
  );
}

import { OPS_LIST_STATE_ALL } from '@app/contract/ops-fields';
import {
  opsApproveDeposit,
  opsDeposits,
  opsPayMethods,
  opsRejectDeposit,
  opsSetPayMethod,
} from '@app/contract/ops-money';
import type { FastifyInstance } from 'fastify';
import { opsEndpoint } from '../../http/ops-endpoint';
import { BusinessError } from '../../core/errors';
import { approveDeposit, listDeposits, rejectDeposit, type ReviewOutcome } from './review';
import { listPayMethods, setPayMethod } from './pay-methods';

const outcome = (r: ReviewOutcome) => {
  if (!r.ok) throw new BusinessError(r.message, 409);
  return { data: { deposit_no: r.depositNo, amount: r.amount } };
};

/** Operator routes of deposits and pay methods (under /ops). */
export default async function cashierOps(app: FastifyInstance) {
  opsEndpoint(app, opsDeposits, async ({ input }) => ({
    data: {
      deposits: await listDeposits(
        app.db,
        input.state === OPS_LIST_STATE_ALL ? null : input.state,
        input.limit,
      ),
    },
  }));
  opsEndpoint(app, opsPayMethods, async () => ({ data: { methods: await listPayMethods(app.db) } }));

  opsEndpoint(app, opsSetPayMethod, async ({ input }) => ({
    data: await setPayMethod(app.db, app.config.dataDir, input),
  }));

  opsEndpoint(app, opsApproveDeposit, async ({ input, actor }) =>
    outcome(await approveDeposit(app.db, input.deposit_no, actor)),
  );
  opsEndpoint(app, opsRejectDeposit, async ({ input, actor }) =>
    outcome(await rejectDeposit(app.db, input.deposit_no, actor)),
  );
}

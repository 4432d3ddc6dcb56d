import { OPS_LIST_STATE_ALL } from '@app/contract/ops-fields';
import { opsApproveWithdrawal, opsRejectWithdrawal, opsWithdrawals } from '@app/contract/ops-money';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../../core/errors';
import { opsEndpoint } from '../../http/ops-endpoint';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal, type WithdrawalOutcome } from './review';

const outcome = (r: WithdrawalOutcome) => {
  if (!r.ok) throw new BusinessError(r.message, 409);
  return { data: { id: r.id, amount: r.amount } };
};

/** Operator routes of withdrawals (under /ops). */
export default async function withdrawalOps(app: FastifyInstance) {
  opsEndpoint(app, opsWithdrawals, async ({ input }) => ({
    data: {
      withdrawals: await listWithdrawals(
        app.db,
        input.state === OPS_LIST_STATE_ALL ? null : input.state,
        input.limit,
      ),
    },
  }));
  opsEndpoint(app, opsApproveWithdrawal, async ({ input, actor }) =>
    outcome(await approveWithdrawal(app.db, input.id, actor)),
  );
  opsEndpoint(app, opsRejectWithdrawal, async ({ input, actor }) =>
    outcome(await rejectWithdrawal(app.db, input.id, actor)),
  );
}

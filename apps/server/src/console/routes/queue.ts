import { reviewSubmittedMessage } from '@app/contract/console-approvals';
import {
  bulkSummary,
  consoleBulkApproveDeposits,
  consoleBulkApproveWithdrawals,
  consoleBulkRejectDeposits,
  consoleBulkRejectWithdrawals,
  consoleClaimDeposit,
  consoleClaimWithdrawal,
  consoleLateDeposit,
  consoleReleaseDeposit,
  consoleReleaseWithdrawal,
} from '@app/contract/console-queue';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint } from '../../http/console-endpoint';
import { claimOrder, releaseOrder } from '../../modules/cashier/claims';
import { requestLateDeposit } from '../../modules/cashier/late';
import { bulkReviewDeposits, bulkReviewWithdrawals } from '../../modules/cashier/queue';

/** Console routes of @app/contract/console-queue: claims, bulk review and 补单. */
export default async function consoleQueueRoutes(app: FastifyInstance) {
  for (const [call, kind] of [
    [consoleClaimDeposit, 'deposit'],
    [consoleClaimWithdrawal, 'withdrawal'],
  ] as const) {
    consoleEndpoint(app, call, async ({ input, actor, audit }) => {
      const data = await claimOrder(app.db, kind, input.id, actor);
      await audit({ action: `${kind}.claim`, targetType: kind, targetId: input.id, after: data });
      return { data, message: '已领取' };
    });
  }
  for (const [call, kind] of [
    [consoleReleaseDeposit, 'deposit'],
    [consoleReleaseWithdrawal, 'withdrawal'],
  ] as const) {
    consoleEndpoint(app, call, async ({ input, actor, operator, audit }) => {
      const data = await releaseOrder(app.db, kind, input.id, actor, operator.role === 'admin');
      await audit({ action: `${kind}.release`, targetType: kind, targetId: input.id });
      return { data, message: '已释放' };
    });
  }

  for (const [call, verb] of [
    [consoleBulkApproveDeposits, 'approve'],
    [consoleBulkRejectDeposits, 'reject'],
  ] as const) {
    consoleEndpoint(app, call, async ({ input, actor }) => {
      const data = await bulkReviewDeposits(app.db, actor, input, verb);
      return { data, message: bulkSummary(data) };
    });
  }
  for (const [call, verb] of [
    [consoleBulkApproveWithdrawals, 'approve'],
    [consoleBulkRejectWithdrawals, 'reject'],
  ] as const) {
    consoleEndpoint(app, call, async ({ input, actor }) => {
      const data = await bulkReviewWithdrawals(app.db, actor, input, verb);
      return { data, message: bulkSummary(data) };
    });
  }

  consoleEndpoint(app, consoleLateDeposit, async ({ input, actor, audit }) => ({
    data: await requestLateDeposit(app.db, actor, input, audit),
    message: reviewSubmittedMessage('deposit.late'),
  }));
}

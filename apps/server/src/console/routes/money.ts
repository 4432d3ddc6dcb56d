import { formatCents } from '@app/contract/codecs';
import {
  consoleApproveDeposit,
  consoleApproveWithdrawal,
  consoleDeposits,
  consoleRejectDeposit,
  consoleRejectWithdrawal,
  consoleWithdrawal,
  consoleWithdrawals,
  CONSOLE_UPLOAD_PREFIX,
  MONEY_ROLES,
} from '@app/contract/console-money';
import { REVIEW_STATES } from '@app/contract/enums';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import { consoleEndpoint, requireConsoleOperator, type ConsoleContext } from '../../http/console-endpoint';
import { depositPage } from '../../modules/cashier/admin-deposits';
import { reviewPicture } from '../../modules/cashier/admin-uploads';
import { approveDeposit, depositById, rejectDeposit, type ReviewOutcome } from '../../modules/cashier/review';
import {
  withdrawalById,
  withdrawalDetail,
  withdrawalPage,
} from '../../modules/withdrawals/admin-withdrawals';
import {
  approveWithdrawal,
  rejectWithdrawal,
  type WithdrawalOutcome,
} from '../../modules/withdrawals/review';

type Outcome = ReviewOutcome | WithdrawalOutcome;
type Reviewed = { state: number; amountCents: bigint; reviewedBy: string; reviewNote: string };
type ReviewContext =
  | ConsoleContext<typeof consoleApproveDeposit>
  | ConsoleContext<typeof consoleRejectDeposit>
  | ConsoleContext<typeof consoleApproveWithdrawal>
  | ConsoleContext<typeof consoleRejectWithdrawal>;

/** The reviewed item's fields before and after, for the audit row. */
const snapshot = (r: Reviewed) => ({
  state: r.state,
  amount: formatCents(r.amountCents),
  reviewed_by: r.reviewedBy,
  note: r.reviewNote,
});

/**
 * One review through its service (which guards on the pending state, so of two at once one wins):
 * the loser's refusal (409, naming who and when) rolls the call back; the winner's audit row is
 * written in the call's transaction.
 */
async function reviewed(
  ctx: Pick<ReviewContext, 'audit'>,
  target: { type: 'deposit' | 'withdrawal'; verb: 'approve' | 'reject'; before: Reviewed; id: number },
  run: () => Promise<Outcome>,
) {
  const r = await run();
  if (!r.ok) throw new BusinessError(r.message, 409);
  const orderNo = 'depositNo' in r ? r.depositNo : r.orderNo;
  const after = { state: r.state, amount: r.amount, reviewed_by: r.reviewedBy, note: r.note };
  await ctx.audit({
    action: `${target.type}.${target.verb}`,
    targetType: target.type,
    targetId: target.id,
    before: { ...snapshot(target.before), order_no: orderNo },
    after: { ...after, order_no: orderNo },
  });
  return {
    data: { id: target.id, order_no: orderNo, amount: r.amount, state: r.state },
    message: r.state === REVIEW_STATES.approved ? '已通过' : '已拒绝',
  };
}

type Run = (ref: { id: number; no: string }, actor: Actor, reason: string) => Promise<Outcome>;

/** Console routes of this area (calls in @app/contract/console-money). */
export default async function consoleRoutes(app: FastifyInstance) {
  // The members' pictures a review needs, to 财务 only (not a call: the browser loads them).
  app.get(`${CONSOLE_UPLOAD_PREFIX}*`, async (request, reply) => {
    await requireConsoleOperator(app, request, MONEY_ROLES);
    // The wildcard as the router decoded it: one stored name, nothing else (no folder, no "..").
    const name = (request.params as { '*'?: string })['*'] ?? '';
    const file = await reviewPicture(app.db, app.config.dataDir, name);
    return reply
      .type(file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=300')
      .header('content-disposition', 'inline')
      .send(file.data);
  });

  const review = (type: 'deposit' | 'withdrawal', verb: 'approve' | 'reject', run: Run) =>
    async function (ctx: ReviewContext) {
      const before =
        type === 'deposit'
          ? await depositById(app.db, ctx.input.id)
          : await withdrawalById(app.db, ctx.input.id);
      const ref = { id: before.id, no: 'depositNo' in before ? before.depositNo : before.orderNo };
      const reason = 'reason' in ctx.input ? ctx.input.reason : '';
      return reviewed(ctx, { type, verb, before, id: before.id }, () => run(ref, ctx.actor, reason));
    };

  consoleEndpoint(app, consoleDeposits, async ({ input }) => ({ data: await depositPage(app.db, input) }));
  consoleEndpoint(
    app,
    consoleApproveDeposit,
    review('deposit', 'approve', (d, actor) => approveDeposit(app.db, d.no, actor)),
  );
  consoleEndpoint(
    app,
    consoleRejectDeposit,
    review('deposit', 'reject', (d, actor, reason) => rejectDeposit(app.db, d.no, actor, reason)),
  );

  consoleEndpoint(app, consoleWithdrawals, async ({ input }) => ({
    data: await withdrawalPage(app.db, input),
  }));
  consoleEndpoint(app, consoleWithdrawal, async ({ input }) => ({
    data: await withdrawalDetail(app.db, input.id),
  }));
  consoleEndpoint(
    app,
    consoleApproveWithdrawal,
    review('withdrawal', 'approve', (w, actor) => approveWithdrawal(app.db, w.id, actor)),
  );
  consoleEndpoint(
    app,
    consoleRejectWithdrawal,
    review('withdrawal', 'reject', (w, actor, reason) => rejectWithdrawal(app.db, w.id, actor, reason)),
  );
}

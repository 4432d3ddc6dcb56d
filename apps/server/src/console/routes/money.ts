import { formatCents } from '@app/contract/codecs';
import {
  consoleApproveDeposit,
  consoleApproveWithdrawal,
  consoleDeposits,
  consoleRejectDeposit,
  consoleRejectWithdrawal,
  consoleWithdrawal,
  consoleWithdrawals,
} from '@app/contract/console-money';
import { REVIEW_STATES } from '@app/contract/enums';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import { deposits, withdrawals } from '../../db/schema/money';
import {
  approveDeposit,
  MSG_DEPOSIT_MISSING,
  rejectDeposit,
  type ReviewOutcome,
} from '../../modules/cashier/service';
import {
  approveWithdrawal,
  MSG_WITHDRAWAL_MISSING,
  rejectWithdrawal,
  type WithdrawalOutcome,
} from '../../modules/withdrawals/review';
import { centralWalletId } from '../../modules/wallet/ledger';
import { turnover } from '../../modules/wallet/turnover';
import { wallets } from '../../db/schema/wallets';
import { memberHistory, sharedWarnings } from '../member-history';
import { depositPage, withdrawalById, withdrawalPage } from '../money-queries';
import { registerMoneyUploads } from '../money-uploads';
import type { ConsoleContext } from '../respond';
import { consoleEndpoint } from '../respond';

type Outcome = ReviewOutcome | WithdrawalOutcome;
type Reviewed = { state: number; amountCents: bigint; reviewedBy: string; reviewNote: string };

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
  ctx: Pick<ConsoleContext<typeof consoleApproveDeposit>, 'audit'>,
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

async function depositOf(app: FastifyInstance, id: number) {
  const [d] = await app.db.select().from(deposits).where(eq(deposits.id, id));
  if (!d) throw new BusinessError(MSG_DEPOSIT_MISSING, 404);
  return d;
}

async function withdrawalOf(app: FastifyInstance, id: number) {
  const [w] = await app.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) throw new BusinessError(MSG_WITHDRAWAL_MISSING, 404);
  return w;
}

async function withdrawalDetail(app: FastifyInstance, id: number) {
  const found = await withdrawalById(app.db, id);
  if (!found) throw new BusinessError(MSG_WITHDRAWAL_MISSING, 404);
  const { raw, row } = found;
  const owed = await turnover(app.db, raw.userId);
  const walletId = await centralWalletId(app.db, raw.userId);
  const [w] = await app.db
    .select({ cents: wallets.balanceCents })
    .from(wallets)
    .where(eq(wallets.id, walletId));
  return {
    withdrawal: row,
    turnover: { done: formatCents(owed.bet), required: formatCents(owed.required) },
    balance: formatCents(w?.cents ?? 0n),
    history: await memberHistory(app.db, raw.userId),
    warnings: await sharedWarnings(app.db, raw.userId, raw.kind === 'wechat' ? '' : raw.account),
  };
}

/** Console routes of this area (calls in @app/contract/console-money). */
export default async function consoleRoutes(app: FastifyInstance) {
  registerMoneyUploads(app);

  consoleEndpoint(app, consoleDeposits, async ({ input }) => ({ data: await depositPage(app.db, input) }));

  const depositReview =
    (verb: 'approve' | 'reject', run: (no: string, actor: Actor, reason: string) => Promise<Outcome>) =>
    async (
      ctx: ConsoleContext<typeof consoleRejectDeposit> | ConsoleContext<typeof consoleApproveDeposit>,
    ) => {
      const d = await depositOf(app, ctx.input.id);
      const reason = 'reason' in ctx.input ? ctx.input.reason : '';
      return reviewed(ctx, { type: 'deposit', verb, before: d, id: d.id }, () =>
        run(d.depositNo, ctx.actor, reason),
      );
    };
  consoleEndpoint(
    app,
    consoleApproveDeposit,
    depositReview('approve', (no, actor) => approveDeposit(app.db, no, actor)),
  );
  consoleEndpoint(
    app,
    consoleRejectDeposit,
    depositReview('reject', (no, actor, reason) => rejectDeposit(app.db, no, actor, reason)),
  );

  consoleEndpoint(app, consoleWithdrawals, async ({ input }) => ({
    data: await withdrawalPage(app.db, input),
  }));
  consoleEndpoint(app, consoleWithdrawal, async ({ input }) => ({
    data: await withdrawalDetail(app, input.id),
  }));

  const withdrawalReview =
    (verb: 'approve' | 'reject', run: (id: number, actor: Actor, reason: string) => Promise<Outcome>) =>
    async (
      ctx: ConsoleContext<typeof consoleRejectWithdrawal> | ConsoleContext<typeof consoleApproveWithdrawal>,
    ) => {
      const w = await withdrawalOf(app, ctx.input.id);
      const reason = 'reason' in ctx.input ? ctx.input.reason : '';
      return reviewed(ctx, { type: 'withdrawal', verb, before: w, id: w.id }, () =>
        run(w.id, ctx.actor, reason),
      );
    };
  consoleEndpoint(
    app,
    consoleApproveWithdrawal,
    withdrawalReview('approve', (id, actor) => approveWithdrawal(app.db, id, actor)),
  );
  consoleEndpoint(
    app,
    consoleRejectWithdrawal,
    withdrawalReview('reject', (id, actor, reason) => rejectWithdrawal(app.db, id, actor, reason)),
  );
}

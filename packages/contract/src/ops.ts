import type { CallDef } from './define';
import {
  opsBlockUser,
  opsCreateOperator,
  opsMaintenance,
  opsResetMemberPassword,
  opsResetOperator,
  opsSendMessage,
  opsSiteUrls,
  opsUsers,
} from './ops-site';
import {
  opsApproveDeposit,
  opsApproveWithdrawal,
  opsCreditWallet,
  opsDeposits,
  opsLedgerCheck,
  opsPayMethods,
  opsRecordBet,
  opsRejectDeposit,
  opsRejectWithdrawal,
  opsSetPayMethod,
  opsWithdrawals,
} from './ops-money';
import { opsDrawLottery, opsLotteryRounds } from './ops-lottery';
import {
  opsActivityApplications,
  opsAgentApplications,
  opsApproveActivity,
  opsApproveAgent,
  opsComputeRebates,
  opsPromoDaily,
  opsRejectActivity,
  opsRejectAgent,
  opsRunVip,
} from './ops-promo';

/**
 * The operator calls by the server module that serves them: `X` → apps/server/src/modules/X/ops.ts,
 * registered by the operator plugin as the console's routes are by the console's app (the server's
 * routes-match-contract test holds both to it). The ops-*.ts files group the calls by the command
 * line's areas; this map is the one hop to the server. `operators`: the operator accounts' two calls,
 * served by ops/plugin.ts itself (operator accounts are identity/, which has no routes).
 */
export const OPS_CALLS_BY_MODULE: Record<string, readonly CallDef[]> = {
  member: [opsUsers, opsBlockUser, opsResetMemberPassword],
  site: [opsMaintenance, opsSiteUrls],
  content: [opsSendMessage],
  operators: [opsCreateOperator, opsResetOperator],
  cashier: [opsPayMethods, opsSetPayMethod, opsDeposits, opsApproveDeposit, opsRejectDeposit],
  withdrawals: [opsWithdrawals, opsApproveWithdrawal, opsRejectWithdrawal],
  games: [opsRecordBet],
  wallet: [opsLedgerCheck, opsCreditWallet],
  lottery: [opsLotteryRounds, opsDrawLottery],
  promo: [
    opsActivityApplications,
    opsApproveActivity,
    opsRejectActivity,
    opsComputeRebates,
    opsRunVip,
    opsPromoDaily,
  ],
  agents: [opsAgentApplications, opsApproveAgent, opsRejectAgent],
};

/**
 * Every call of the operator API (auth 'operator', under /ops): the server's operator routes and the
 * command line (`npm run ops`) both use them. Not member calls: they stay out of ALL_CALLS, and the
 * app never makes them.
 */
export const OPS_CALLS: readonly CallDef[] = Object.values(OPS_CALLS_BY_MODULE).flat();

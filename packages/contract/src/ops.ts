import type { CallDef } from './define';
import {
  opsBlockUser,
  opsCreateOperator,
  opsMaintenance,
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
 * Every call of the operator API (auth 'operator', under /ops): the server's operator routes and the
 * command line (`npm run ops`) both use them. Not member calls: they stay out of ALL_CALLS, and the
 * app never makes them.
 */
export const OPS_CALLS: readonly CallDef[] = [
  // ops-site.ts
  opsUsers,
  opsBlockUser,
  opsMaintenance,
  opsSiteUrls,
  opsSendMessage,
  opsCreateOperator,
  opsResetOperator,
  // ops-money.ts
  opsPayMethods,
  opsSetPayMethod,
  opsDeposits,
  opsApproveDeposit,
  opsRejectDeposit,
  opsWithdrawals,
  opsApproveWithdrawal,
  opsRejectWithdrawal,
  opsRecordBet,
  opsLedgerCheck,
  opsCreditWallet,
  // ops-lottery.ts
  opsLotteryRounds,
  opsDrawLottery,
  // ops-promo.ts
  opsActivityApplications,
  opsApproveActivity,
  opsRejectActivity,
  opsAgentApplications,
  opsApproveAgent,
  opsRejectAgent,
  opsComputeRebates,
  opsRunVip,
  opsPromoDaily,
];

/* Which code runs each kind of 待复核 change when it is approved: the domain's own service, the same
 * one its console call runs when no second operator is needed. */
import type { ApprovalKind } from '@app/contract/console-approvals';
import { payStatementExecutor } from '../agents/payout';
import { cardCreateExecutor, cardUpdateExecutor, payMethodExecutor } from '../cashier/admin-receiving';
import { lateDepositExecutor } from '../cashier/late';
import { cancelRoundExecutor } from '../lottery/admin-cancel';
import { adjustExecutor } from '../member/admin-adjust';
import { activityExecutor } from '../promo/admin-activity-review';
import { addressesExecutor } from '../site/admin-settings';
import {
  controlsExecutor,
  operatorCreateExecutor,
  operatorResetExecutor,
  operatorUpdateExecutor,
} from './operators';
import type { Executor } from './service';

export const EXECUTORS: Record<ApprovalKind, Executor> = {
  'member.adjust': adjustExecutor,
  'payment.method': payMethodExecutor,
  'payment.cardCreate': cardCreateExecutor,
  'payment.cardUpdate': cardUpdateExecutor,
  'activity.create': activityExecutor,
  'activity.update': activityExecutor,
  'operator.create': operatorCreateExecutor,
  'operator.update': operatorUpdateExecutor,
  'operator.reset': operatorResetExecutor,
  controls: controlsExecutor,
  'lottery.cancelRound': cancelRoundExecutor,
  'deposit.late': lateDepositExecutor,
  'agent.payStatement': payStatementExecutor,
  'site.addresses': addressesExecutor,
};

import {
  consoleApproveWithdrawal,
  consoleRejectWithdrawal,
  type ConsoleWithdrawalRow,
} from '@app/contract/console-money';
import { callApi } from '@/shared/api';
import { yuan } from '@/shared/format';
import { useReviewQueue } from '@/shared/useReviewQueue';
import { WITHDRAWALS_KEY } from './api';

/**
 * Approve (asked first) and reject (with a reason) of a withdrawal; the queue and the open detail are
 * read again after.
 */
export function useWithdrawalReview() {
  return useReviewQueue<ConsoleWithdrawalRow>({
    queryKey: WITHDRAWALS_KEY,
    approve: (row) => callApi(consoleApproveWithdrawal, { id: row.id }),
    reject: (row, reason) => callApi(consoleRejectWithdrawal, { id: row.id, reason }),
    confirm: (row) => ({
      title: '确认通过这笔提现？',
      content: `会员 ${row.username} 提现 ${yuan(row.amount)}，通过后请按收款信息出款。`,
    }),
    approved: (row) => `已通过提现 ${row.order_no}`,
    rejected: (row) => `已拒绝提现 ${row.order_no}，金额已退回会员中心钱包`,
  });
}

import {
  consoleApproveDeposit,
  consoleRejectDeposit,
  type ConsoleDepositRow,
} from '@app/contract/console-money';
import { callApi } from '@/shared/api';
import { useReviewQueue } from '@/shared/useReviewQueue';
import { DEPOSITS_KEY } from './api';

/** Approve (asked first) and reject (with a reason) of a deposit; the queue is read again after. */
export function useDepositReview() {
  return useReviewQueue<ConsoleDepositRow>({
    queryKey: DEPOSITS_KEY,
    approve: (row) => callApi(consoleApproveDeposit, { id: row.id }),
    reject: (row, reason) => callApi(consoleRejectDeposit, { id: row.id, reason }),
    confirm: (row) => ({
      title: '确认通过这笔存款？',
      content: `会员 ${row.username} 的存款 ${row.amount} 元将立即计入其中心钱包。`,
    }),
    approved: (row) => `已通过存款 ${row.deposit_no}，会员余额已入账`,
    rejected: (row) => `已拒绝存款 ${row.deposit_no}`,
  });
}

import type { ConsoleWithdrawalRow } from '@app/contract/console-money';
import {
  consoleBulkApproveWithdrawals,
  consoleBulkRejectWithdrawals,
  consoleClaimWithdrawal,
  consoleReleaseWithdrawal,
} from '@app/contract/console-queue';
import { callApi } from '@/shared/api';
import { ClaimControl } from '@/shared/queue-tools/ClaimControl';
import { useBulkReview } from '@/shared/queue-tools/useBulkReview';
import { useMayCall } from '@/shared/session';
import { WITHDRAWALS_KEY } from './api';

/**
 * The withdrawal queue's daily tools: 领取 / 释放 per row and 批量通过 (财务: each still under 风控's hold
 * and the daily total) / 批量拒绝 of the selected pending rows.
 */
export function useWithdrawalQueueTools(rows: ConsoleWithdrawalRow[] | undefined) {
  const mayApprove = useMayCall(consoleBulkApproveWithdrawals);
  const mayReject = useMayCall(consoleBulkRejectWithdrawals);
  const bulk = useBulkReview<ConsoleWithdrawalRow>({
    queryKey: WITHDRAWALS_KEY,
    rows,
    label: (r) => r.order_no,
    mayApprove,
    mayReject,
    run: (verb, ids, reason) =>
      callApi(verb === 'approve' ? consoleBulkApproveWithdrawals : consoleBulkRejectWithdrawals, {
        ids,
        reason,
      }),
  });
  return {
    ...bulk,
    claim: (row: ConsoleWithdrawalRow) => (
      <ClaimControl
        row={row}
        queryKey={WITHDRAWALS_KEY}
        claim={consoleClaimWithdrawal}
        release={consoleReleaseWithdrawal}
      />
    ),
  };
}

import type { ConsoleDepositRow } from '@app/contract/console-money';
import {
  consoleBulkApproveDeposits,
  consoleBulkRejectDeposits,
  consoleClaimDeposit,
  consoleLateDeposit,
  consoleReleaseDeposit,
} from '@app/contract/console-queue';
import { useState } from 'react';
import { callApi } from '@/shared/api';
import { ClaimControl } from '@/shared/queue-tools/ClaimControl';
import { useBulkReview } from '@/shared/queue-tools/useBulkReview';
import { useMayCall } from '@/shared/session';
import { DEPOSITS_KEY } from './api';
import { LateDepositModal } from './components/LateDepositModal';

/**
 * The deposit queue's daily tools: 领取 / 释放 per row, 批量通过 / 批量拒绝 of the selected pending rows,
 * and 补单 of an expired pending one (to 待复核).
 */
export function useDepositQueueTools(rows: ConsoleDepositRow[] | undefined) {
  const mayApprove = useMayCall(consoleBulkApproveDeposits);
  const mayReject = useMayCall(consoleBulkRejectDeposits);
  const mayLate = useMayCall(consoleLateDeposit);
  const [late, setLate] = useState<ConsoleDepositRow | null>(null);
  const bulk = useBulkReview<ConsoleDepositRow>({
    queryKey: DEPOSITS_KEY,
    rows,
    label: (r) => r.deposit_no,
    mayApprove,
    mayReject,
    run: (verb, ids, reason) =>
      callApi(verb === 'approve' ? consoleBulkApproveDeposits : consoleBulkRejectDeposits, { ids, reason }),
  });
  return {
    ...bulk,
    claim: (row: ConsoleDepositRow) => (
      <ClaimControl
        row={row}
        queryKey={DEPOSITS_KEY}
        claim={consoleClaimDeposit}
        release={consoleReleaseDeposit}
      />
    ),
    onLate: mayLate ? setLate : undefined,
    dialogs: (
      <>
        {bulk.dialog}
        <LateDepositModal row={late} onClose={() => setLate(null)} />
      </>
    ),
  };
}

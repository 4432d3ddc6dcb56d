import {
  consoleApprovals,
  consoleCancelApproval,
  consoleControls,
  consoleDecideApproval,
  consoleSaveControls,
} from '@app/contract/console-approvals';
import type { RequestOf } from '@app/contract/define';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiReply } from '@/shared/api';

/** Every query of this area (read again after a decision, a withdrawal or a refusal). */
export const APPROVALS_KEY = ['console', 'approvals'] as const;

/** How often the queue asks again on its own. */
export const APPROVALS_POLL_MS = 15_000;

export type ApprovalView = 'pending' | 'done';

/**
 * A page of the queue, polled while the tab is visible. Once loaded, a refresh is the console's own:
 * it does not keep the session alive (an open tab still times out).
 */
export const approvalsQuery = (view: ApprovalView, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...APPROVALS_KEY, 'list', view, page, pageSize],
    queryFn: ({ client, queryKey }) =>
      callApi(
        consoleApprovals,
        { view, page, pageSize },
        { background: (client.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > 0 },
      ),
    // The previous page stays on screen while the next loads; never another view's items.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[3] === view ? prev : undefined),
    refetchInterval: APPROVALS_POLL_MS,
    refetchIntervalInBackground: false,
  });

export const controlsQuery = queryOptions({
  queryKey: [...APPROVALS_KEY, 'controls'],
  queryFn: () => callApi(consoleControls, {}),
});

/** A write of this area (its reply with the server's message); every query here read again after it. */
function useApprovalsWrite<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: APPROVALS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['console', 'audit'] });
    },
  });
}

export const useDecideApproval = () =>
  useApprovalsWrite((v: RequestOf<typeof consoleDecideApproval>) => callApiReply(consoleDecideApproval, v));

export const useCancelApproval = () =>
  useApprovalsWrite((id: number) => callApiReply(consoleCancelApproval, { id }));

export const useSaveControls = () =>
  useApprovalsWrite((v: RequestOf<typeof consoleSaveControls>) => callApiReply(consoleSaveControls, v));

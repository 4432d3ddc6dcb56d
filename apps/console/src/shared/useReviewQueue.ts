import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessage } from './api';

/** What a review queue does with a row, and what it says. */
export interface ReviewCalls<Row> {
  /** Every query the review changes (invalidated after it, and after a 409 / 404 refusal). */
  queryKey: readonly unknown[];
  approve: (row: Row) => Promise<unknown>;
  reject: (row: Row, reason: string) => Promise<unknown>;
  /** The question asked before approving. */
  confirm: (row: Row) => { title: string; content: string };
  approved: (row: Row) => string;
  rejected: (row: Row) => string;
}

/**
 * Approve (asked first) and reject (with a reason, in a ReasonDialog: `dialog`) of a review queue's
 * rows. After either, and after a refusal (someone else may have reviewed it: 409, or it is gone:
 * 404), the queue is read again; the server's message is shown as it is. A refused reject closes the
 * dialog unless the reason itself was refused (400).
 */
export function useReviewQueue<Row extends { id: number }>(calls: ReviewCalls<Row>) {
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: calls.queryKey });
  const failed = (err: unknown) => {
    message.error(errorMessage(err));
    if (err instanceof ApiError && (err.status === 409 || err.status === 404)) void refresh();
  };
  const approve = useMutation({
    mutationFn: calls.approve,
    onSuccess: (_d, row) => {
      message.success(calls.approved(row));
      void refresh();
    },
    onError: failed,
  });
  const reject = useMutation({
    mutationFn: (v: { row: Row; reason: string }) => calls.reject(v.row, v.reason),
    onSuccess: (_d, v) => {
      message.success(calls.rejected(v.row));
      setRejecting(null);
      void refresh();
    },
    onError: (err) => {
      failed(err);
      if (err instanceof ApiError && err.status !== 400) setRejecting(null);
    },
  });
  const confirmApprove = (row: Row) => {
    void modal.confirm({
      ...calls.confirm(row),
      okText: '确认通过',
      cancelText: '取消',
      onOk: () => approve.mutateAsync(row).catch(() => undefined),
    });
  };
  return {
    approve,
    reject,
    confirmApprove,
    /** The row whose approval runs (its button loading, the others disabled). */
    busyId: approve.isPending ? (approve.variables?.id ?? null) : null,
    rejecting,
    startReject: setRejecting,
    /** The ReasonDialog's props (its title is the screen's). */
    dialog: {
      open: rejecting !== null,
      busy: reject.isPending,
      onCancel: () => setRejecting(null),
      onSubmit: (reason: string) => rejecting && reject.mutate({ row: rejecting, reason }),
    },
  };
}

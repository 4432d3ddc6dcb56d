import {
  APPLICATION_FILTER_LABELS,
  APPLICATION_FILTERS,
  type ApplicationFilter,
} from '@app/contract/console-applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';
import { useQueueParams } from '@/shared/useQueueParams';
import type { QueuePage } from '../api';

export const FILTERS = APPLICATION_FILTERS.map((f) => ({ value: f, label: APPLICATION_FILTER_LABELS[f] }));

/** The queue's state filter and page, kept in the address; `page` is what its list query asks. */
export function useApplicationQueue() {
  const queue = useQueueParams<ApplicationFilter>(APPLICATION_FILTERS, 'pending');
  const page: QueuePage = { state: queue.state, page: queue.page, pageSize: queue.pageSize };
  return { queue, page };
}

/**
 * Reject of an application (with a reason, in a ReasonDialog: `dialog`); the server's refusal stays
 * shown in the dialog. The queue (`queryKey`) is read again after, refused or not.
 */
export function useRejectApplication<Row extends { id: number }>(
  call: (v: { id: number; reason: string }) => Promise<unknown>,
  queryKey: readonly unknown[],
) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const reject = useMutation({
    mutationFn: call,
    onSuccess: () => {
      message.success('已拒绝该申请');
      setRejecting(null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
  return {
    reject,
    rejecting,
    start: (row: Row) => {
      reject.reset();
      setRejecting(row);
    },
    dialog: {
      open: rejecting !== null,
      busy: reject.isPending,
      error: reject.error ? errorMessage(reject.error) : null,
      onCancel: () => setRejecting(null),
      onSubmit: (reason: string) => rejecting && reject.mutate({ id: rejecting.id, reason }),
    },
  };
}

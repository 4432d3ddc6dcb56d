import type { BulkResult } from '@app/contract/console-queue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/shared/api';
import { BulkBar, BulkReviewModal, type BulkVerb } from './BulkReviewModal';

/**
 * The selection of a pending queue and its bulk review: the rows' checkboxes (pending rows only), the
 * bar of buttons, and the one-reason dialog with the per-item result; the queue is read again after.
 */
export function useBulkReview<Row extends { id: number; state: number }>(opts: {
  queryKey: readonly unknown[];
  rows: Row[] | undefined;
  /** The order number shown for an id. */
  label: (row: Row) => string;
  mayApprove: boolean;
  mayReject: boolean;
  run: (verb: BulkVerb, ids: number[], reason: string) => Promise<BulkResult>;
}): { rowSelection: TableProps<Row>['rowSelection']; bar: ReactNode; dialog: ReactNode } {
  const client = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [verb, setVerb] = useState<BulkVerb | null>(null);
  const [result, setResult] = useState<BulkResult | null>(null);
  const mutation = useMutation({
    mutationFn: (v: { verb: BulkVerb; reason: string }) => opts.run(v.verb, selected, v.reason),
    onSuccess: (r) => {
      setResult(r);
      setSelected([]);
    },
    onSettled: () => client.invalidateQueries({ queryKey: opts.queryKey }),
  });
  const numbers = new Map((opts.rows ?? []).map((r) => [r.id, opts.label(r)]));
  const close = () => {
    if (mutation.isPending) return;
    setVerb(null);
    setResult(null);
    mutation.reset();
  };
  return {
    rowSelection:
      opts.mayApprove || opts.mayReject
        ? {
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            getCheckboxProps: (row) => ({ disabled: row.state !== 1 }),
          }
        : undefined,
    bar: (
      <BulkBar
        count={selected.length}
        mayApprove={opts.mayApprove}
        mayReject={opts.mayReject}
        onStart={setVerb}
        onClear={() => setSelected([])}
      />
    ),
    dialog: (
      <BulkReviewModal
        verb={verb}
        count={result ? result.results.length : selected.length}
        busy={mutation.isPending}
        error={mutation.isError ? errorMessage(mutation.error) : null}
        result={result}
        label={(id) => numbers.get(id) ?? `#${id}`}
        onCancel={close}
        onSubmit={(reason) => verb && mutation.mutate({ verb, reason })}
      />
    ),
  };
}

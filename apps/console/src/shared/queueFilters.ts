import { useSearchParams } from 'react-router';

/**
 * A money queue's filters as the address keeps them (strings; a missing one is not filtered on). `M`
 * names the queue's method filter: `method` for deposits, `kind` for withdrawals.
 */
export type QueueFilterKey<M extends string> =
  'username' | 'realname' | 'order_no' | M | 'min_amount' | 'max_amount' | 'from' | 'to';
export type QueueFilterValues<M extends string> = Partial<Record<QueueFilterKey<M>, string>>;

const keysOf = <M extends string>(method: M): QueueFilterKey<M>[] => [
  'username',
  'realname',
  'order_no',
  method,
  'min_amount',
  'max_amount',
  'from',
  'to',
];

/**
 * The queue's filters, kept in the address beside the state and the page (a reload or a shared link
 * keeps them); a change goes back to page 1.
 */
export function useQueueFilters<M extends string>(
  method: M,
): [QueueFilterValues<M>, (next: QueueFilterValues<M>) => void] {
  const [params, setParams] = useSearchParams();
  const keys = keysOf(method);
  const filters: QueueFilterValues<M> = {};
  for (const k of keys) {
    const v = params.get(k);
    if (v) filters[k] = v;
  }
  const set = (next: QueueFilterValues<M>) => {
    const p = new URLSearchParams(params);
    for (const k of keys) {
      const v = next[k]?.trim();
      if (v) p.set(k, v);
      else p.delete(k);
    }
    p.set('page', '1');
    setParams(p);
  };
  return [filters, set];
}

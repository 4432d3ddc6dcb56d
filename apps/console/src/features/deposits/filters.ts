import { useSearchParams } from 'react-router';

/** The deposit queue's filters as the address keeps them (strings; a missing one is not filtered on). */
export const FILTER_KEYS = [
  'username',
  'realname',
  'order_no',
  'method',
  'min_amount',
  'max_amount',
  'from',
  'to',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type DepositFilterValues = Partial<Record<FilterKey, string>>;

/**
 * The queue's filters, kept in the address beside the state and the page (a reload or a shared link
 * keeps them); a change goes back to page 1.
 */
export function useDepositFilters(): [DepositFilterValues, (next: DepositFilterValues) => void] {
  const [params, setParams] = useSearchParams();
  const filters: DepositFilterValues = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v) filters[k] = v;
  }
  const set = (next: DepositFilterValues) => {
    const p = new URLSearchParams(params);
    for (const k of FILTER_KEYS) {
      const v = next[k]?.trim();
      if (v) p.set(k, v);
      else p.delete(k);
    }
    p.set('page', '1');
    setParams(p);
  };
  return [filters, set];
}

import { useSearchParams } from 'react-router';

export const PAGE_SIZES = [10, 20, 50, 100];
const PAGE_SIZE = 20;

export interface QueueParams<S> {
  state: S;
  page: number;
  pageSize: number;
  /** Moves to another state filter, page or page size (page 1 unless given). */
  go: (next: { state?: S; page?: number; size?: number }) => void;
}

/**
 * A review queue's state filter (one of `states`, else `pending`), page and page size, kept
 * in the address (a reload or a shared link keeps them).
 */
export function useQueueParams<S extends string | number>(states: readonly S[], pending: S): QueueParams<S> {
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state = states.find((s) => String(s) === raw) ?? pending;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const size = Number(params.get('size'));
  const pageSize = PAGE_SIZES.includes(size) ? size : PAGE_SIZE;
  const go = (next: { state?: S; page?: number; size?: number }) => {
    const p = new URLSearchParams(params);
    if (next.state !== undefined) p.set('state', String(next.state));
    p.set('page', String(next.page ?? 1));
    if (next.size !== undefined) p.set('size', String(next.size));
    setParams(p);
  };
  return { state, page, pageSize, go };
}

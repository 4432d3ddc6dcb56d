/** One page of a paged reply (PageOf in the contract): its rows, the total, and maybe its position. */
export interface Page<T> {
  data: T[];
  total: number;
  current_page?: number;
  last_page?: number;
}

/**
 * The page after `last` (1-based), or undefined at the end: by `last_page` when the server sends it,
 * else by the rows loaded so far against `total`; an empty page always ends the list.
 */
export function nextPage<T>(last: Page<T>, all: Page<T>[], lastParam: number): number | undefined {
  if (last.data.length === 0) return undefined;
  if (last.last_page !== undefined && last.last_page > 0) {
    return lastParam < last.last_page ? lastParam + 1 : undefined;
  }
  const loaded = all.reduce((n, p) => n + p.data.length, 0);
  return loaded < last.total ? lastParam + 1 : undefined;
}

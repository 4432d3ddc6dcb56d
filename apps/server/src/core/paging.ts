/** Laravel-style pages, as the API family sends its lists (page sizes: the contract's PAGE_SIZES). */

/** Rows to skip before page `page` (1-based). */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/** A page of a list: its rows, the total, this page's number and the last page's (at least 1). */
export function pageOf<T>(data: T[], total: number, page: number, perPage: number) {
  return { data, total, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

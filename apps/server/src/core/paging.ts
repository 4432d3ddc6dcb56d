/** Laravel-style pages, as the API family sends its lists (page sizes: the contract's PAGE_SIZES). */

/** Rows to skip before page `page` (1-based). */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/** A page of a list: its rows, the total, this page's number and the last page's (at least 1). */
export function pageOf<T>(data: T[], total: number, page: number, perPage: number) {
  return { data, total, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** Which page of a list, and how long a page is (the console's and the command line's lists). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** One page of rows and how many there are in all. */
export interface Page<T> {
  total: number;
  items: T[];
}

/** A query that can be paged: drizzle's select builders made dynamic (`.$dynamic()`). */
interface Pageable<Row> extends PromiseLike<Row[]> {
  limit(n: number): Pageable<Row>;
  offset(n: number): Pageable<Row>;
}

/**
 * One page of a list query: `rows` (ordered, not yet limited) at the page's offset and `total` (its
 * count) at once, each row as the caller shows it. The one way every list of pages is read.
 */
export async function pagedQuery<Row, Item>(
  rows: Pageable<Row>,
  total: PromiseLike<number>,
  q: PageRequest,
  show: (row: Row) => Item,
): Promise<Page<Item>> {
  const [n, page] = await Promise.all([total, rows.limit(q.pageSize).offset(pageOffset(q.page, q.pageSize))]);
  return { total: Number(n), items: page.map(show) };
}

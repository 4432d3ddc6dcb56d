/* CSV exports of the console and the member app, one implementation for both: UTF-8 with a BOM (else
 * Excel reads Chinese as another code page), CRLF lines, and every cell that a spreadsheet would run
 * as a formula neutralised with a leading apostrophe. Reading a list page by page and saving the file
 * are here too; each app keeps only its button. */

export interface CsvColumn<R> {
  title: string;
  value: (row: R) => string | number;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, quoted when needed; text starting like a formula gets a leading ' (plain numbers stay). */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (!NUMBER.test(text) && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file's text: the BOM, the header row, then one line per row (and the totals row, if any). */
export function toCsv<R>(columns: CsvColumn<R>[], rows: R[]): string {
  const lines = [
    columns.map((c) => csvCell(c.title)),
    ...rows.map((r) => columns.map((c) => csvCell(c.value(r)))),
  ];
  return `\uFEFF${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
}

/** One page of a list (1-based) through the screen's own call and current filters. */
export type PageReader<R> = (page: number) => Promise<{ total: number; rows: R[] }>;

export interface AllPages<R> {
  rows: R[];
  /** The list's total (as the first page said). */
  total: number;
  /** More than `max` rows: only the first `max` were read. */
  capped: boolean;
}

/**
 * Reads a list page by page, one after another (a member's phone or an operator's export must not
 * flood the server), until it has every row or `max` of them. The page size is whatever the first page
 * held (the member API's lists choose their own). `onProgress(done, pages)` after each page.
 */
export async function fetchAllPages<R>(
  fetchPage: PageReader<R>,
  max: number,
  onProgress?: (done: number, pages: number) => void,
): Promise<AllPages<R>> {
  const first = await fetchPage(1);
  const wanted = Math.min(first.total, max);
  const pages = Math.max(1, Math.ceil(wanted / Math.max(1, first.rows.length)));
  const rows = [...first.rows];
  onProgress?.(1, pages);
  for (let page = 2; rows.length < wanted; page++) {
    const next = await fetchPage(page);
    if (next.rows.length === 0) break; // the list shrank while it was read
    rows.push(...next.rows);
    onProgress?.(page, pages);
  }
  return { rows: rows.slice(0, max), total: first.total, capped: first.total > max };
}

/** `会员-20261128-1305.csv`: the list's name and the local time of the export. */
export function exportFileName(list: string, at: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}`;
  return `${list}-${day}-${p(at.getHours())}${p(at.getMinutes())}.csv`;
}

/** The little of a browser that saving a file needs (the contract is built without the DOM's types). */
interface Browser {
  document: {
    createElement(tag: 'a'): { href: string; download: string; click(): void; remove(): void };
    body: { append(node: unknown): void };
  };
  URL: { createObjectURL(blob: unknown): string; revokeObjectURL(url: string): void };
  Blob: new (parts: string[], options: { type: string }) => unknown;
}

/** Saves `text` as a CSV file named `name` (the browser's download). */
export function downloadCsv(name: string, text: string): void {
  const { document, URL, Blob } = globalThis as unknown as Browser;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

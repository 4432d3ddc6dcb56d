/* CSV for Excel: UTF-8 with a BOM (else Excel reads Chinese as another code page), CRLF lines, and
 * every cell that a spreadsheet would run as a formula neutralised with a leading apostrophe. */

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

/** Saves `text` as a CSV file named `name` (the browser's download). */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

import { DownloadOutlined } from '@ant-design/icons';
import { CONSOLE_PAGE_MAX } from '@app/contract/console-define';
import { App, Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { downloadCsv, toCsv, type CsvColumn } from './csv';

/** At most this many rows go into one file (a longer list: narrow the filters and export again). */
export const EXPORT_MAX_ROWS = 10_000;

/** One page of a list as its screen asks for it (the screen's filters already in the call). */
export type FetchPage<R> = (page: number, pageSize: number) => Promise<{ total: number; rows: R[] }>;

export interface ExportResult<R> {
  rows: R[];
  /** The list's total (as the first page said). */
  total: number;
  /** More than `max` rows: only the first `max` were read. */
  capped: boolean;
}

/**
 * Reads a list page by page, one after another, at `pageSize` rows a page, until it has every row
 * (or `max` of them). `onProgress(done, pages)` after each page.
 */
export async function fetchAllPages<R>(
  fetchPage: FetchPage<R>,
  opts: { pageSize?: number; max?: number; onProgress?: (done: number, pages: number) => void } = {},
): Promise<ExportResult<R>> {
  const pageSize = opts.pageSize ?? CONSOLE_PAGE_MAX;
  const max = opts.max ?? EXPORT_MAX_ROWS;
  const first = await fetchPage(1, pageSize);
  const wanted = Math.min(first.total, max);
  const pages = Math.max(1, Math.ceil(wanted / pageSize));
  const rows = [...first.rows];
  opts.onProgress?.(1, pages);
  for (let page = 2; page <= pages && rows.length < wanted; page++) {
    const next = await fetchPage(page, pageSize);
    if (next.rows.length === 0) break; // the list shrank while it was read
    rows.push(...next.rows);
    opts.onProgress?.(page, pages);
  }
  return { rows: rows.slice(0, max), total: first.total, capped: first.total > max };
}

/** `会员-20261128-1305.csv`: the list's name and the local time of the export. */
export const exportFileName = (list: string, at: Date = new Date()) =>
  `${list}-${dayjs(at).format('YYYYMMDD-HHmm')}.csv`;

interface Props<R> {
  /** The list's name: the file is `<list>-<YYYYMMDD-HHmm>.csv`. */
  list: string;
  /** A page of the list through the screen's own call and current filters. */
  fetchPage: FetchPage<R>;
  /** The file's columns: Chinese titles, amounts as plain numbers ("1234.50"). */
  columns: CsvColumn<R>[];
  pageSize?: number;
  max?: number;
  disabled?: boolean;
}

/**
 * 导出CSV: every page of the list as the screen filters it (not only the page shown), read one page at
 * a time while the button shows 导出中 n/m, then saved as a CSV file for Excel. At most `max` rows
 * (10,000): past that the file holds the first ones and a notice says so.
 */
export function ExportCsvButton<R>({ list, fetchPage, columns, pageSize, max, disabled }: Props<R>) {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<{ done: number; pages: number } | null>(null);
  const limit = max ?? EXPORT_MAX_ROWS;

  const run = async () => {
    setProgress({ done: 0, pages: 0 });
    try {
      const result = await fetchAllPages(fetchPage, {
        pageSize,
        max: limit,
        onProgress: (done, pages) => setProgress({ done, pages }),
      });
      downloadCsv(exportFileName(list), toCsv(columns, result.rows));
      if (result.capped)
        void message.warning(
          `共 ${result.total} 条，超过单次导出上限 ${limit} 条，只导出了前 ${limit} 条；请缩小筛选范围后分批导出`,
          8,
        );
      else void message.success(`已导出 ${result.rows.length} 条`);
    } catch (e) {
      void message.error(`导出失败：${e instanceof Error && e.message ? e.message : '请稍后重试'}`);
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <Button icon={<DownloadOutlined />} disabled={disabled || busy} loading={busy} onClick={() => void run()}>
      {busy ? `导出中 ${progress.done}/${progress.pages || '…'}` : '导出CSV'}
    </Button>
  );
}

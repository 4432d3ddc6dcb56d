import { DownloadOutlined } from '@ant-design/icons';
import { CONSOLE_PAGE_MAX } from '@app/contract/console-define';
import { App, Button } from 'antd';
import { useState } from 'react';
import { downloadCsv, exportFileName, fetchAllPages, toCsv, type CsvColumn } from '@app/contract/csv';

/** At most this many rows go into one file (a longer list: narrow the filters and export again). */
export const EXPORT_MAX_ROWS = 10_000;

/** One page of a list as its screen asks for it (the screen's filters already in the call). */
export type FetchPage<R> = (page: number, pageSize: number) => Promise<{ total: number; rows: R[] }>;

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
      const size = pageSize ?? CONSOLE_PAGE_MAX;
      const result = await fetchAllPages(
        (page) => fetchPage(page, size),
        limit,
        (done, pages) => setProgress({ done, pages }),
      );
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

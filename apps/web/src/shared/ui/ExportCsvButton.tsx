import { downloadCsv, exportFileName, fetchAllPages, toCsv, type CsvColumn } from '@app/contract/csv';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import { showToast } from '@/shared/ui/toast';

/** At most this many rows in one file: a phone reads them page by page (15–20 a page). */
export const EXPORT_MAX_ROWS = 5_000;

export const MSG_EXPORT_NOTHING = '暂无可导出的记录';
export const msgExportCapped = (total: number) =>
  `共 ${total} 条，超过单次导出上限 ${EXPORT_MAX_ROWS} 条，已导出最新的 ${EXPORT_MAX_ROWS} 条`;

/** What 导出CSV saves: which list, how to read its pages, which columns. */
export interface CsvExport<R> {
  /** The file is `<list>-<YYYYMMDD-HHmm>.csv`. */
  list: string;
  /** A page of the list with the screen's current filters. */
  read: (page: number) => Promise<{ data: R[]; total: number }>;
  /** Chinese titles; amounts as yuan with two places, times as the screen shows them. */
  columns: CsvColumn<R>[];
}

/**
 * 导出CSV: every page of the list as the screen filters it now (not only what is shown), read one
 * page after another through the screen's own call, saved as a CSV file for Excel. Disabled, reading
 * 导出中…, while it runs; a Toast says how it ended.
 */
export function ExportCsvButton<R>({ list, read, columns }: CsvExport<R>) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const all = await fetchAllPages(async (page) => {
        const { data, total } = await read(page);
        return { rows: data, total };
      }, EXPORT_MAX_ROWS);
      if (all.rows.length === 0) {
        showToast(MSG_EXPORT_NOTHING);
        return;
      }
      downloadCsv(exportFileName(list), toCsv(columns, all.rows));
      if (all.capped) showToast(msgExportCapped(all.total));
      else showToast(`已导出 ${all.rows.length} 条`, 'success');
    } catch (e) {
      showToast(`导出失败：${errorMessage(e)}`, 'fail');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="export-csv" disabled={busy} onClick={() => void run()}>
      {busy ? '导出中…' : '导出CSV'}
    </button>
  );
}

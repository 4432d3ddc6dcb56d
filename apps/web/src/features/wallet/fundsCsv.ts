import { formatCents } from '@app/contract/codecs';
import type { CsvColumn } from '@app/contract/csv';
import type { FundsEntry } from '@app/contract/wallet';
import { formatDate } from '@/shared/format';

/**
 * 资金明细's 导出CSV: Chinese titles, the signed amount in yuan with two places (a number to a
 * spreadsheet, a negative one too), the time in Beijing time as the screen shows it.
 */
export const FUNDS_COLUMNS: CsvColumn<FundsEntry>[] = [
  { title: '时间（北京时间）', value: (e) => formatDate(e.createdAt) },
  { title: '类型', value: (e) => e.label },
  { title: '金额（元）', value: (e) => formatCents(e.amount) },
  { title: '备注', value: (e) => e.reference },
  { title: '流水号', value: (e) => e.id },
];

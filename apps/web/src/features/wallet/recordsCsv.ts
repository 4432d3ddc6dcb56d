import { formatCents } from '@app/contract/codecs';
import type { CsvColumn } from '@app/contract/csv';
import type { RecordType } from '@app/contract/enums';
import type { AccountRecord } from '@app/contract/wallet';
import { formatDate } from '@/shared/format';
import { recordPayWayLabel } from './recordLabels';
import { RECORD_TYPE_LABELS, recordStateLabel } from './rules';

/** /transRecord's 导出CSV of one type: Chinese titles, yuan with two places, Beijing time as shown. */
export function recordColumns(type: RecordType): CsvColumn<AccountRecord>[] {
  return [
    { title: '订单号', value: (r) => r.orderNo },
    { title: '类型', value: () => RECORD_TYPE_LABELS[type] },
    { title: '金额（元）', value: (r) => formatCents(r.amount) },
    { title: '方式', value: (r) => recordPayWayLabel(type, r.payWay) },
    { title: '状态', value: (r) => recordStateLabel(type, r.state) },
    { title: '时间（北京时间）', value: (r) => formatDate(r.createdAt) },
  ];
}

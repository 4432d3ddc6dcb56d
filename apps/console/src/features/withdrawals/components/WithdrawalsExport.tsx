import {
  consoleWithdrawals,
  WITHDRAWAL_KIND_LABELS,
  type ConsoleWithdrawalRow,
} from '@app/contract/console-money';
import { REVIEW_STATE_OPERATOR_LABELS } from '@app/contract/enums';
import type { CsvColumn } from '@app/contract/csv';
import { callApi } from '@/shared/api';
import { ExportCsvButton } from '@/shared/ExportCsvButton';
import type { QueueFilterValues } from '@/shared/queueFilters';

const stateLabel = (s: number) => (REVIEW_STATE_OPERATOR_LABELS as Record<number, string>)[s] ?? String(s);

/** The withdrawal queue's file: amounts as plain numbers, no QR pictures. */
export const WITHDRAWAL_CSV_COLUMNS: CsvColumn<ConsoleWithdrawalRow>[] = [
  { title: '订单号', value: (r) => r.order_no },
  { title: '会员ID', value: (r) => r.user_id },
  { title: '会员名', value: (r) => r.username },
  { title: '方式', value: (r) => WITHDRAWAL_KIND_LABELS[r.kind] ?? r.kind },
  { title: '金额', value: (r) => r.amount },
  { title: 'USDT手续费', value: (r) => (r.kind === 'usdt' ? r.usdt_fee : '') },
  { title: 'USDT到账', value: (r) => (r.kind === 'usdt' ? r.usdt_receive : '') },
  { title: '收款账号', value: (r) => r.account },
  { title: '收款人/协议', value: (r) => r.account_name },
  { title: '银行', value: (r) => r.bank },
  { title: '风险分', value: (r) => r.risk_score },
  { title: '状态', value: (r) => stateLabel(r.state) },
  { title: '提交时间', value: (r) => r.created_at },
  { title: '审核人', value: (r) => r.reviewed_by },
  { title: '审核时间', value: (r) => r.reviewed_at ?? '' },
  { title: '备注', value: (r) => r.review_note },
];

/** 导出CSV of the withdrawal queue: every withdrawal of the state and filters shown (consoleWithdrawals). */
export function WithdrawalsExport({ state, filters }: { state: number; filters: QueueFilterValues<'kind'> }) {
  // In the filters' card (a column): kept to the button's width.
  return (
    <div>
      <ExportCsvButton<ConsoleWithdrawalRow>
        list="取款审核"
        columns={WITHDRAWAL_CSV_COLUMNS}
        fetchPage={(page, pageSize) => callApi(consoleWithdrawals, { state, page, pageSize, ...filters })}
      />
    </div>
  );
}

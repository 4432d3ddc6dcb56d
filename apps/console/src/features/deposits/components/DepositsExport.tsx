import { consoleDeposits, depositMethodLabel, type ConsoleDepositRow } from '@app/contract/console-money';
import { REVIEW_STATE_OPERATOR_LABELS } from '@app/contract/enums';
import type { CsvColumn } from '@app/contract/csv';
import { callApi } from '@/shared/api';
import { ExportCsvButton } from '@/shared/ExportCsvButton';
import type { QueueFilterValues } from '@/shared/queueFilters';

const stateLabel = (s: number) => (REVIEW_STATE_OPERATOR_LABELS as Record<number, string>)[s] ?? String(s);

/** The deposit queue's file: amounts as plain numbers, no voucher pictures. */
export const DEPOSIT_CSV_COLUMNS: CsvColumn<ConsoleDepositRow>[] = [
  { title: '订单号', value: (r) => r.deposit_no },
  { title: '会员ID', value: (r) => r.user_id },
  { title: '会员名', value: (r) => r.username },
  { title: '真实姓名', value: (r) => r.realname },
  { title: '方式', value: (r) => depositMethodLabel(r.paytype, r.protocol) },
  { title: '金额', value: (r) => r.amount },
  { title: 'USDT数量', value: (r) => (r.paytype === 'usdt' ? r.usdt_amount : '') },
  { title: '付款人', value: (r) => r.payer_name },
  { title: '付款银行', value: (r) => r.payer_bank },
  { title: '付款卡号', value: (r) => r.payer_card_no },
  { title: '状态', value: (r) => stateLabel(r.state) },
  { title: '提交时间', value: (r) => r.created_at },
  { title: '审核人', value: (r) => r.reviewed_by },
  { title: '审核时间', value: (r) => r.reviewed_at ?? '' },
  { title: '备注', value: (r) => r.review_note },
];

/** 导出CSV of the deposit queue: every deposit of the state and filters shown, asked
 * as the queue asks (consoleDeposits, not marked as the console's own refresh). */
export function DepositsExport({ state, filters }: { state: number; filters: QueueFilterValues<'method'> }) {
  // In the filters' card (a column): kept to the button's width.
  return (
    <div>
      <ExportCsvButton<ConsoleDepositRow>
        list="存款审核"
        columns={DEPOSIT_CSV_COLUMNS}
        fetchPage={(page, pageSize) => callApi(consoleDeposits, { state, page, pageSize, ...filters })}
      />
    </div>
  );
}

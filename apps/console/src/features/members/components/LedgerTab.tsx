import type { LedgerRow } from '@app/contract/console-members';
import { useQueryClient } from '@tanstack/react-query';
import { Flex } from 'antd';
import type { CsvColumn } from '@app/contract/csv';
import { ExportCsvButton } from '@/shared/ExportCsvButton';
import { memberListQuery } from '../api';
import { LEDGER_COLUMNS } from './columns';
import { MemberList } from './MemberList';

/** The ledger's file: what the tab shows, the amount a plain signed number ("-12.50"). */
export const LEDGER_CSV_COLUMNS: CsvColumn<LedgerRow>[] = [
  { title: '流水号', value: (r) => r.id },
  { title: '时间', value: (r) => r.at },
  { title: '类型', value: (r) => r.reason_label },
  { title: '钱包', value: (r) => r.wallet },
  { title: '金额', value: (r) => r.amount },
  { title: '关联单号/说明', value: (r) => r.reference },
];

/** 账变记录 of the member page: the paged ledger with 导出CSV of all of it (consoleMemberLedger). */
export function LedgerTab({ memberId, memberName }: { memberId: number; memberName: string }) {
  const client = useQueryClient();
  return (
    <Flex vertical gap={8}>
      <Flex justify="flex-end">
        <ExportCsvButton<LedgerRow>
          list={`账变记录-${memberName}`}
          columns={LEDGER_CSV_COLUMNS}
          fetchPage={async (page, pageSize) => {
            const data = await client.fetchQuery(
              memberListQuery<LedgerRow>('ledger', memberId, page, pageSize),
            );
            return { total: data.total, rows: data.items };
          }}
        />
      </Flex>
      <MemberList kind="ledger" memberId={memberId} columns={LEDGER_COLUMNS} />
    </Flex>
  );
}

import { consoleMembers, type MemberRow } from '@app/contract/console-members';
import { callApi } from '@/shared/api';
import type { CsvColumn } from '@app/contract/csv';
import { ExportCsvButton } from '@/shared/ExportCsvButton';
import type { MemberSearch } from '../api';

/** The member search's file: what the table shows, the balance a plain number, tags by name. */
export const MEMBER_CSV_COLUMNS: CsvColumn<MemberRow>[] = [
  { title: 'ID', value: (r) => r.id },
  { title: '会员名', value: (r) => r.name },
  { title: '真实姓名', value: (r) => r.realname },
  { title: 'VIP', value: (r) => r.vip_level },
  { title: '中心钱包', value: (r) => r.balance },
  { title: '代理', value: (r) => (r.isagent ? '是' : '否') },
  { title: '试玩', value: (r) => (r.is_trial ? '是' : '否') },
  { title: '状态', value: (r) => (r.blocked ? '已冻结' : '正常') },
  { title: '标记', value: (r) => r.tags.map((t) => t.name).join('、') },
  { title: '注册时间', value: (r) => r.created_at },
];

/**
 * 导出CSV of the member search: every member the box and the filters find, through the search's own
 * call (consoleMembers, as membersQuery asks it) but outside the query cache: the search box does not
 * spin while the file is read.
 */
export function MembersExport({ q, filters }: { q: string; filters: MemberSearch }) {
  return (
    <ExportCsvButton<MemberRow>
      list="会员"
      columns={MEMBER_CSV_COLUMNS}
      fetchPage={async (page, pageSize) => {
        const data = await callApi(consoleMembers, { ...filters, q, page, pageSize });
        return { total: data.total, rows: data.items };
      }}
    />
  );
}

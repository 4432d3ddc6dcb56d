import { auditActionLabel, auditTargetLabel, type AuditRow } from '@app/contract/console-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { CsvColumn } from '@app/contract/csv';
import { ExportCsvButton } from '@/shared/ExportCsvButton';
import { auditQuery, type AuditFilters } from '../api';

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** The audit log's file: what the table shows, with the change before and after as JSON. */
export const AUDIT_CSV_COLUMNS: CsvColumn<AuditRow>[] = [
  { title: '时间（北京时间）', value: (r) => r.at },
  { title: '操作员', value: (r) => r.operator_name },
  { title: '动作', value: (r) => auditActionLabel(r.action) },
  { title: '对象类型', value: (r) => (r.target_type ? auditTargetLabel(r.target_type) : '') },
  { title: '对象ID', value: (r) => r.target_id },
  { title: '地址', value: (r) => r.ip },
  { title: '修改前', value: (r) => json(r.before) },
  { title: '修改后', value: (r) => json(r.after) },
];

/** 导出CSV of the audit log: every entry the filters find (consoleAudit). */
export function AuditExport({ filters }: { filters: AuditFilters }) {
  const client = useQueryClient();
  return (
    <ExportCsvButton<AuditRow>
      list="操作日志"
      columns={AUDIT_CSV_COLUMNS}
      fetchPage={(page, pageSize) => client.fetchQuery(auditQuery(filters, page, pageSize))}
    />
  );
}

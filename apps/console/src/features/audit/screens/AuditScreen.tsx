import { auditActionLabel, auditTargetLabel, type AuditRow } from '@app/contract/console-admin';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { QueryError } from '@/shared/QueryError';
import { usePaging } from '@/shared/usePaging';
import { auditQuery, type AuditFilters } from '../api';
import { AuditChange } from '../components/AuditChange';
import { AuditExport } from '../components/AuditExport';
import { AuditFilterForm } from '../components/AuditFilterForm';

const COLUMNS: TableColumnsType<AuditRow> = [
  { title: '时间（北京时间）', dataIndex: 'at', width: 180 },
  {
    title: '操作员',
    dataIndex: 'operator_name',
    width: 160,
    // The command line signs 命令行（who ran it）: the tag, then who.
    render: (name: string, r) =>
      r.operator_id === null ? (
        <>
          <Tag>命令行</Tag>
          {/^命令行（(.+)）$/.exec(name)?.[1]}
        </>
      ) : (
        name
      ),
  },
  { title: '动作', dataIndex: 'action', render: (a: string) => auditActionLabel(a) },
  {
    title: '对象',
    key: 'target',
    render: (_, r) =>
      r.target_type ? `${auditTargetLabel(r.target_type)}${r.target_id ? ` #${r.target_id}` : ''}` : '—',
  },
  { title: '地址', dataIndex: 'ip', width: 160, render: (ip: string) => ip || '—' },
];

/** The audit log (超级管理员): every write of every operator and of the command line, read only. */
export default function AuditScreen() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const paging = usePaging();
  const query = useQuery(auditQuery(filters, paging.page, paging.pageSize));

  return (
    <Card title="审计日志" extra={<AuditExport filters={filters} />}>
      <Typography.Paragraph type="secondary">
        记录所有操作员与命令行的写操作，只能查看，不能修改或删除。
      </Typography.Paragraph>
      <AuditFilterForm
        onSearch={(f) => {
          setFilters(f);
          paging.setPage(1);
        }}
      />
      <div style={{ marginTop: 16 }}>
        {query.isError && !query.data ? (
          <QueryError error={query.error} retry={() => void query.refetch()} />
        ) : (
          <Table<AuditRow>
            rowKey="id"
            size="middle"
            columns={COLUMNS}
            dataSource={query.data?.rows ?? []}
            loading={query.isFetching}
            locale={{ emptyText: '暂无数据' }}
            expandable={{
              expandedRowRender: (r) => <AuditChange before={r.before} after={r.after} />,
              rowExpandable: (r) => r.before !== null || r.after !== null,
            }}
            pagination={paging.pagination(query.data?.total ?? 0)}
          />
        )}
      </div>
    </Card>
  );
}

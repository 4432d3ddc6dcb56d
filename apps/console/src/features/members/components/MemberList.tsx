import { useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { QueryError } from '@/shared/QueryError';
import { memberListQuery, type MemberListKind } from '../api';

/** One paged list of the member page (server paging, loading, empty and error states). */
export function MemberList<T extends { id: string | number }>({
  kind,
  memberId,
  columns,
}: {
  kind: MemberListKind;
  memberId: number;
  columns: TableColumnsType<T>;
}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = useQuery(memberListQuery<T>(kind, memberId, page, pageSize));
  if (query.isError && !query.data) {
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  return (
    <Table<T>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={query.data?.items ?? []}
      loading={query.isFetching}
      locale={{ emptyText: '暂无数据' }}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: page,
        pageSize,
        total: query.data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (n) => `共 ${n} 条`,
        onChange: (p, size) => {
          setPage(size === pageSize ? p : 1);
          setPageSize(size);
        },
      }}
    />
  );
}

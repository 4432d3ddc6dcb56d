import { useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { QueryError } from '@/shared/QueryError';
import { usePaging } from '@/shared/usePaging';
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
  const paging = usePaging();
  const query = useQuery(memberListQuery<T>(kind, memberId, paging.page, paging.pageSize));
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
      pagination={paging.pagination(query.data?.total ?? 0)}
    />
  );
}

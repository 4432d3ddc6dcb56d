import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { QueryError } from '@/shared/QueryError';

/** A settings list of this area: its title (and `extra`), a note above the table, then the rows. */
export function ListCard<T extends object>({
  title,
  extra,
  note,
  list,
  rowKey,
  columns,
  emptyText,
  children,
}: {
  title: string;
  extra?: ReactNode;
  note: string;
  list: UseQueryResult<{ items: T[] }>;
  rowKey: TableProps<T>['rowKey'];
  columns: TableColumnsType<T>;
  emptyText: string;
  /** What opens over the list (its modal). */
  children?: ReactNode;
}) {
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={extra}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={note} />
      {list.isError && !list.data ? (
        <QueryError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <Table<T>
          rowKey={rowKey}
          size="middle"
          tableLayout="fixed"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          pagination={false}
          locale={{ emptyText }}
        />
      )}
      {children}
    </Card>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Segmented, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { QueryError } from './QueryError';
import { PAGE_SIZES, type QueueParams } from './useQueueParams';

/**
 * A review queue: its title and state filter, the rows paged by the server (loading, 暂无数据, the
 * error with 重试) and the dialogs of its reviews (`children`).
 */
export function QueueCard<Row extends { id: number }, S extends string | number>(props: {
  title: string;
  filters: readonly { value: S; label: string }[];
  queue: QueueParams<S>;
  list: UseQueryResult<{ total: number }>;
  rows: Row[] | undefined;
  columns: TableColumnsType<Row>;
  /** The table's scroll width; by default the sum of the columns' widths. */
  width?: number;
  /** Rows shown under some rows across the table's width (a refusal to explain). */
  expandable?: TableProps<Row>['expandable'];
  /** Checkboxes of the rows (a bulk review) and what shows above the table (its buttons). */
  rowSelection?: TableProps<Row>['rowSelection'];
  toolbar?: ReactNode;
  children?: ReactNode;
}) {
  const { queue: q, list, columns } = props;
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {props.title}
        </Typography.Title>
      }
      extra={
        <Segmented<S>
          value={q.state}
          options={props.filters.map((f) => ({ value: f.value, label: f.label }))}
          onChange={(state) => q.go({ state })}
        />
      }
    >
      {list.isError && !list.data ? (
        <QueryError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <>
          {props.toolbar}
          <Table<Row>
            rowKey="id"
            tableLayout="fixed"
            size="middle"
            columns={columns}
            rowSelection={props.rowSelection}
            expandable={props.expandable}
            dataSource={props.rows ?? []}
            loading={list.isFetching}
            scroll={{ x: props.width ?? columns.reduce((n, c) => n + Number(c.width ?? 0), 0) }}
            locale={{ emptyText: '暂无数据' }}
            pagination={{
              current: q.page,
              pageSize: q.pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (n) => `共 ${n} 条`,
              onChange: (page, size) => q.go({ page: size === q.pageSize ? page : 1, size }),
            }}
          />
        </>
      )}
      {props.children}
    </Card>
  );
}

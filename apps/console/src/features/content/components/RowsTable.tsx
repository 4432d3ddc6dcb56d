import { PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Popconfirm,
  Space,
  Table,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';

/** What a row list shows: the hint and add button above, the columns, and what 删除 asks. */
export interface RowsTableProps<T extends { id: number }> {
  hint: string;
  addText: string;
  emptyText: string;
  columns: TableColumnsType<T>;
  rows: T[];
  loading: boolean;
  pagination: TablePaginationConfig | false;
  deleteTitle: string;
  deleteDescription?: string;
  /** A deletion is under way: the 删除 buttons are off. */
  deleting: boolean;
  onAdd: () => void;
  onEdit: (row: T) => void;
  onDelete: (row: T) => Promise<unknown>;
}

/** A list of rows an operator adds, edits (编辑) and deletes (删除, after a confirmation). */
export function RowsTable<T extends { id: number }>(p: RowsTableProps<T>) {
  const actions: TableColumnsType<T>[number] = {
    title: '操作',
    key: 'actions',
    width: 150,
    render: (_, row) => (
      <Space>
        <Button size="small" onClick={() => p.onEdit(row)}>
          编辑
        </Button>
        <Popconfirm
          title={p.deleteTitle}
          description={p.deleteDescription}
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => p.onDelete(row).catch(() => undefined)}
        >
          <Button size="small" danger disabled={p.deleting}>
            删除
          </Button>
        </Popconfirm>
      </Space>
    ),
  };
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Text type="secondary">{p.hint}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={p.onAdd}>
          {p.addText}
        </Button>
      </Space>
      <Table<T>
        rowKey="id"
        size="middle"
        dataSource={p.rows}
        loading={p.loading}
        pagination={p.pagination}
        locale={{ emptyText: p.emptyText }}
        columns={[...p.columns, actions]}
      />
    </>
  );
}

import {
  APPROVAL_KIND_LABELS,
  APPROVAL_STATUS_LABELS,
  type ApprovalItem,
  type ApprovalStatus,
} from '@app/contract/console-approvals';
import { Button, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { shortTime } from '@/shared/format';

const STATUS_COLORS: Record<ApprovalStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'default',
  cancelled: 'default',
  failed: 'red',
};

/** The status as a tag; what the change answered under it (why it failed, in red). */
function StatusCell({ item }: { item: ApprovalItem }) {
  return (
    <Space orientation="vertical" size={2}>
      <Tag color={STATUS_COLORS[item.status]}>{APPROVAL_STATUS_LABELS[item.status]}</Tag>
      {item.result && (
        <Typography.Text type={item.status === 'failed' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
          {item.result}
        </Typography.Text>
      )}
    </Space>
  );
}

export interface ApprovalActions {
  /** The item a decision or a withdrawal runs on (its buttons wait, the others are disabled). */
  busyId: number | null;
  onApprove: (item: ApprovalItem) => void;
  onReject: (item: ApprovalItem) => void;
  onCancel: (item: ApprovalItem) => void;
}

/** 通过 / 驳回 for who may decide it; 待他人复核 and 撤回 for its maker. */
function ActionCell({ item, a }: { item: ApprovalItem; a: ApprovalActions }) {
  const busy = a.busyId === item.id;
  const other = a.busyId !== null && !busy;
  if (item.mine) {
    return (
      <Space size={4}>
        <Tag color="blue">待他人复核</Tag>
        <Popconfirm
          title="撤回这项变更？"
          description="撤回后不会生效，如需变更请重新提交。"
          okText="撤回"
          cancelText="取消"
          onConfirm={() => a.onCancel(item)}
        >
          <Button size="small" loading={busy} disabled={other}>
            撤回
          </Button>
        </Popconfirm>
      </Space>
    );
  }
  if (!item.may_decide) return <Typography.Text type="secondary">待有权限的操作员复核</Typography.Text>;
  return (
    <Space size={4}>
      <Button size="small" type="primary" loading={busy} disabled={other} onClick={() => a.onApprove(item)}>
        通过
      </Button>
      <Button size="small" danger disabled={busy || other} onClick={() => a.onReject(item)}>
        驳回
      </Button>
    </Space>
  );
}

/** The queue's columns: what, why, who and when; the decision's columns or the actions by view. */
export function approvalColumns(
  view: 'pending' | 'done',
  a: ApprovalActions,
): TableColumnsType<ApprovalItem> {
  const base: TableColumnsType<ApprovalItem> = [
    {
      title: '类型',
      dataIndex: 'kind',
      width: 120,
      render: (k: ApprovalItem['kind']) => APPROVAL_KIND_LABELS[k],
    },
    { title: '内容', dataIndex: 'summary' },
    { title: '原因', dataIndex: 'reason', width: 140, render: (r: string) => r || '—' },
    { title: '提交人', dataIndex: 'maker_name', width: 90 },
    { title: '提交时间', dataIndex: 'made_at', width: 140, render: (t: string) => shortTime(t) },
    { title: '状态', key: 'status', width: 120, render: (_, item) => <StatusCell item={item} /> },
  ];
  if (view === 'pending') {
    return [
      ...base,
      { title: '操作', key: 'actions', width: 180, render: (_, item) => <ActionCell item={item} a={a} /> },
    ];
  }
  return [
    ...base,
    { title: '复核人', dataIndex: 'checker_name', width: 90, render: (n: string) => n || '—' },
    { title: '复核时间', dataIndex: 'checked_at', width: 140, render: (t: string | null) => shortTime(t) },
    { title: '备注', dataIndex: 'check_note', width: 140, render: (n: string) => n || '—' },
  ];
}

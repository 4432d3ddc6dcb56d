import type { ApprovalItem } from '@app/contract/console-approvals';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Space, Table, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { OneTimePasswordModal } from '@/shared/OneTimePasswordModal';
import { QueryError } from '@/shared/QueryError';
import { ReasonDialog } from '@/shared/ReasonDialog';
import { usePaging } from '@/shared/usePaging';
import { approvalsQuery, type ApprovalView } from '../api';
import { approvalColumns } from '../components/approvalColumns';
import { useApprovalActions } from '../components/useApprovalActions';

/** The browser tab's title shows how many wait while the queue is open. */
function usePendingTitle(pending: number | undefined) {
  useEffect(() => {
    const before = document.title;
    if (pending !== undefined) document.title = pending > 0 ? `（${pending}）待复核` : '待复核';
    return () => {
      document.title = before;
    };
  }, [pending]);
}

const NOTE =
  '大额调整余额、不计打码量的加款、收款账户变更、高额活动封顶、操作员变更和风控设置，须由另一位有权限的操作员通过后才生效；' +
  '提交人不能复核自己的变更。每 15 秒自动刷新。';

const EMPTY: Record<ApprovalView, string> = { pending: '没有待复核的变更', done: '暂无已处理的变更' };

/**
 * 待复核 (maker–checker): the changes that wait for a second operator, and those decided. Who may
 * decide an item approves (asked first) or rejects it (a note required); its maker may withdraw it.
 * Read again every 15 s while open.
 */
export default function ApprovalsScreen() {
  const [view, setView] = useState<ApprovalView>('pending');
  const paging = usePaging();
  const query = useQuery(approvalsQuery(view, paging.page, paging.pageSize));
  const actions = useApprovalActions();
  const pending = query.data?.pending;
  usePendingTitle(pending);

  const columns = approvalColumns(view, {
    busyId: actions.busyId,
    onApprove: actions.confirmApprove,
    onReject: actions.startReject,
    onCancel: actions.withdraw,
  });
  const tabs = [
    {
      key: 'pending',
      label: (
        <Space size={6}>
          待复核
          <Badge count={pending ?? 0} overflowCount={999} />
        </Space>
      ),
    },
    { key: 'done', label: '已处理' },
  ];

  return (
    <Card title={pending ? `待复核（${pending}）` : '待复核'}>
      <Typography.Paragraph type="secondary">{NOTE}</Typography.Paragraph>
      <Tabs
        activeKey={view}
        items={tabs}
        onChange={(k) => {
          setView(k as ApprovalView);
          paging.setPage(1);
        }}
      />
      {query.isError && !query.data ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Table<ApprovalItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.items ?? []}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          locale={{ emptyText: EMPTY[view] }}
          scroll={view === 'done' ? { x: 1250 } : undefined}
          pagination={paging.pagination(query.data?.total ?? 0)}
        />
      )}
      {query.isError && query.data && <Typography.Text type="danger">刷新失败，稍后自动重试</Typography.Text>}
      <ReasonDialog title="驳回变更" verb="驳回" {...actions.dialog} />
      <OneTimePasswordModal {...actions.password} />
    </Card>
  );
}

import { consoleMemberLinks } from '@app/contract/console-risk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Space, Typography } from 'antd';
import { callApi } from '@/shared/api';
import { LinkedAccountsTable } from '@/shared/LinkedAccountsTable';
import { QueryError } from '@/shared/QueryError';

const linksQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'members', id, 'links'],
    queryFn: () => callApi(consoleMemberLinks, { id }),
  });

/** 关联账户: members who share a device, address, card, mobile… with this one, and their money. */
export function LinkedAccounts({ memberId }: { memberId: number }) {
  const q = useQuery(linksQuery(memberId));
  if (q.isError && !q.data) return <QueryError error={q.error} retry={() => void q.refetch()} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        共用信息的分值之和达到 {q.data?.link_score ?? '…'} 分即为关联（白名单与操作员登录的IP不计）。
      </Typography.Text>
      <LinkedAccountsTable rows={q.data?.rows} loading={q.isPending} />
    </Space>
  );
}

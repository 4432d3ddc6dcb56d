import { consoleMemberTags } from '@app/contract/console-annotations';
import { consoleDeleteSegment, type SegmentRow } from '@app/contract/console-segments';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { shortTime } from '@/shared/format';
import { Parts } from '@/shared/Parts';
import { QueryError } from '@/shared/QueryError';
import { useMayCall } from '@/shared/session';
import { memberTagsQuery, segmentsQuery, useOutreachWrite } from '../api';
import { filterParts } from '../filterSummary';

/** 分群: the saved segments, their filters in words, how many members each matches now; 删除. */
export function SegmentsCard() {
  const query = useQuery(segmentsQuery());
  const tags = useQuery(memberTagsQuery(useMayCall(consoleMemberTags)));
  const remove = useOutreachWrite(consoleDeleteSegment, { success: '分群已删除' });
  const tagName = (id: number) => tags.data?.items.find((t) => t.id === id)?.name;
  if (query.isError && !query.data) {
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  return (
    <Card
      title="分群"
      extra={
        <Typography.Text type="secondary">
          在 <Link to="/members">会员管理</Link> 的“更多筛选”中设置条件后“保存为分群”
        </Typography.Text>
      }
    >
      <Table<SegmentRow>
        rowKey="id"
        size="middle"
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        locale={{ emptyText: '还没有分群：在会员管理中按条件筛选后保存' }}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'name', width: 180 },
          {
            title: '筛选条件',
            key: 'filters',
            render: (_, r) => <Parts parts={filterParts(r.filters, tagName)} />,
          },
          { title: '当前人数', dataIndex: 'members', width: 100, align: 'right' },
          { title: '创建人', dataIndex: 'created_by', width: 120, render: (v: string) => v || '—' },
          { title: '创建时间', dataIndex: 'created_at', width: 160, render: (v: string) => shortTime(v) },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_, r) => (
              <Popconfirm
                title={`删除分群“${r.name}”？`}
                description="已定时的消息仍按原条件发送。"
                okText="删除"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync({ id: r.id }).catch(() => undefined)}
              >
                <Button type="link" danger size="small">
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}

import type { MemberRow } from '@app/contract/console-members';
import { useQuery } from '@tanstack/react-query';
import { Card, Input, Table, Typography, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { shortTime, yuan } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { membersQuery } from '../api';
import { MemberTags } from '../components/MemberTags';

const COLUMNS: TableColumnsType<MemberRow> = [
  { title: 'ID', dataIndex: 'id', width: 90 },
  {
    title: '会员名',
    dataIndex: 'name',
    render: (name: string, r) => <Link to={`/members/${r.id}`}>{name}</Link>,
  },
  { title: '真实姓名', dataIndex: 'realname', render: (v: string) => v || '—' },
  { title: 'VIP', dataIndex: 'vip_level', width: 80, render: (v: number) => `VIP${v}` },
  {
    title: '中心钱包',
    dataIndex: 'balance',
    align: 'right',
    render: (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{yuan(v)}</span>,
  },
  { title: '标记', key: 'tags', render: (_, r) => <MemberTags m={r} /> },
  { title: '注册时间', dataIndex: 'created_at', width: 170, render: (v: string) => shortTime(v) },
];

/** Member search: one box for name, real name, id, mobile, card number or USDT address, or sign-in address. */
export default function MembersScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const pageSize = Number(params.get('size') ?? '20') || 20;
  const query = useQuery(membersQuery(q, page, pageSize));
  const go = (next: { q?: string; page?: number; size?: number }) => {
    const p = new URLSearchParams();
    const nq = next.q ?? q;
    if (nq) p.set('q', nq);
    if ((next.page ?? page) > 1) p.set('page', String(next.page ?? page));
    if ((next.size ?? pageSize) !== 20) p.set('size', String(next.size ?? pageSize));
    setParams(p);
  };

  return (
    <Card title="会员查询">
      <Input.Search
        key={q}
        defaultValue={q}
        allowClear
        enterButton="搜索"
        aria-label="搜索会员"
        placeholder="会员名或真实姓名（前缀）、ID、手机号、银行卡号、USDT 地址或登录 IP"
        style={{ maxWidth: 560 }}
        maxLength={100}
        loading={query.isFetching}
        onSearch={(v) => go({ q: v.trim(), page: 1 })}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        留空则按注册时间倒序列出全部会员。
      </Typography.Paragraph>
      {query.isError && !query.data ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Table<MemberRow>
          rowKey="id"
          size="middle"
          columns={COLUMNS}
          dataSource={query.data?.items ?? []}
          loading={query.isFetching}
          locale={{ emptyText: q ? `没有找到与“${q}”匹配的会员` : '暂无数据' }}
          pagination={{
            current: page,
            pageSize,
            total: query.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => `共 ${n} 位会员`,
            onChange: (p, size) => go({ page: size === pageSize ? p : 1, size }),
          }}
        />
      )}
    </Card>
  );
}

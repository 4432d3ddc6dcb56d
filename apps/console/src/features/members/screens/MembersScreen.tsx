import { consoleTagMembers, TAG_BULK_MAX } from '@app/contract/console-annotations';
import type { MemberRow } from '@app/contract/console-members';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { shortTime, yuan } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { useMayCall } from '@/shared/session';
import { MEMBER_KEY, membersQuery, type MemberSearch } from '../api';
import { BulkTagModal } from '../components/BulkTagModal';
import { FILTER_KEYS, MemberFilters } from '../components/MemberFilters';
import { MemberTags } from '../components/MemberTags';
import { MembersExport } from '../components/MembersExport';
import { SaveSegment } from '../components/SaveSegment';
import { TagManager } from '../components/TagManager';

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

/** The result: members of the page, selectable (`selected` not null) for 批量打标签. */
function MemberTable(props: {
  q: string;
  page: number;
  pageSize: number;
  filters: MemberSearch;
  selected: number[] | null;
  onSelect: (ids: number[]) => void;
  onPage: (page: number, size: number) => void;
}) {
  const { q, page, pageSize, selected } = props;
  const query = useQuery(membersQuery(q, page, pageSize, props.filters));
  return (
    <>
      {query.isError && !query.data ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Table<MemberRow>
          rowKey="id"
          size="middle"
          columns={COLUMNS}
          dataSource={query.data?.items ?? []}
          loading={query.isFetching}
          rowSelection={
            selected
              ? {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => props.onSelect(keys.map(Number).slice(0, TAG_BULK_MAX)),
                }
              : undefined
          }
          locale={{ emptyText: q ? `没有找到与“${q}”匹配的会员` : '暂无数据' }}
          pagination={{
            current: page,
            pageSize,
            total: query.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => `共 ${n} 位会员`,
            onChange: props.onPage,
          }}
        />
      )}
    </>
  );
}

/** The filters in the address (what 更多筛选 set). */
const filtersOf = (params: URLSearchParams): MemberSearch =>
  Object.fromEntries(FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k) ?? '']] : [])));

/**
 * Member search: one box for name, real name, id, mobile, card number or USDT address, or sign-in
 * address, 更多筛选 under it; rows can be selected for 批量打标签.
 */
export default function MembersScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const pageSize = Number(params.get('size') ?? '20') || 20;
  const filters = filtersOf(params);
  const filtered = Object.keys(filters).length > 0;
  const [moreOpen, setMoreOpen] = useState(filtered);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'bulk' | 'tags' | null>(null);
  const mayTag = useMayCall(consoleTagMembers);
  const fetching = useIsFetching({ queryKey: [...MEMBER_KEY, 'search'] }) > 0;
  const go = (next: { q?: string; page?: number; size?: number; filters?: MemberSearch }) => {
    const p = new URLSearchParams();
    const nq = next.q ?? q;
    if (nq) p.set('q', nq);
    for (const [k, v] of Object.entries(next.filters ?? filters)) p.set(k, v);
    if ((next.page ?? page) > 1) p.set('page', String(next.page ?? page));
    if ((next.size ?? pageSize) !== 20) p.set('size', String(next.size ?? pageSize));
    setParams(p);
  };

  return (
    <Card title="会员查询" extra={mayTag && <Button onClick={() => setDialog('tags')}>管理标签</Button>}>
      <Space wrap>
        <Input.Search
          key={q}
          defaultValue={q}
          allowClear
          enterButton="搜索"
          aria-label="搜索会员"
          placeholder="会员名或真实姓名（前缀）、ID、手机号、银行卡号、USDT 地址或登录 IP"
          style={{ width: 560 }}
          maxLength={100}
          loading={fetching}
          onSearch={(v) => go({ q: v.trim(), page: 1 })}
        />
        <Button type="link" onClick={() => setMoreOpen((o) => !o)} aria-expanded={moreOpen}>
          {moreOpen ? '收起筛选' : '更多筛选'}
          {filtered && !moreOpen ? `（${Object.keys(filters).length}）` : ''}
        </Button>
        <MembersExport q={q} filters={filters} />
        <SaveSegment filters={filters} />
      </Space>
      {moreOpen && <MemberFilters filters={filters} onSearch={(f) => go({ filters: f, page: 1 })} />}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        留空则按注册时间倒序列出全部会员。
      </Typography.Paragraph>
      {mayTag && (
        <Space style={{ marginBottom: 12 }}>
          <Button disabled={selected.length === 0} onClick={() => setDialog('bulk')}>
            批量打标签
          </Button>
          {selected.length > 0 && (
            <Typography.Text type="secondary">已选 {selected.length} 位会员</Typography.Text>
          )}
        </Space>
      )}
      <MemberTable
        q={q}
        page={page}
        pageSize={pageSize}
        filters={filters}
        selected={mayTag ? selected : null}
        onSelect={setSelected}
        onPage={(p, size) => go({ page: size === pageSize ? p : 1, size })}
      />
      <BulkTagModal
        memberIds={selected}
        title={`${selected.length} 位会员`}
        open={dialog === 'bulk'}
        onClose={() => setDialog(null)}
        onDone={() => setSelected([])}
      />
      <TagManager open={dialog === 'tags'} onClose={() => setDialog(null)} />
    </Card>
  );
}

import type { MemberDetail } from '@app/contract/console-members';
import { consoleMemberLinks } from '@app/contract/console-risk';
import { useQuery } from '@tanstack/react-query';
import { Card, Result, Skeleton, Space, Table, Tabs, Tag, Typography, type TabsProps } from 'antd';
import { Link, useParams } from 'react-router';
import { shortTime, yuan } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { memberQuery } from '../api';
import {
  DEPOSIT_COLUMNS,
  LOGIN_COLUMNS,
  LOTTERY_COLUMNS,
  REBATE_COLUMNS,
  VALID_BET_COLUMNS,
  WITHDRAWAL_COLUMNS,
} from '../components/columns';
import { MemberActions } from '../components/MemberActions';
import { MemberList } from '../components/MemberList';
import { LedgerTab } from '../components/LedgerTab';
import { MemberProtection } from '../components/MemberProtection';
import { MemberNotes } from '../components/MemberNotes';
import { LinkedAccounts } from '../components/LinkedAccounts';
import { MemberProfile } from '../components/MemberProfile';
import { useMayCall } from '@/shared/session';

const money = (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{yuan(v)}</span>;

function Wallets({ m }: { m: MemberDetail }) {
  return (
    <Table
      rowKey="venue"
      size="small"
      pagination={false}
      dataSource={m.wallets}
      locale={{ emptyText: '暂无数据' }}
      columns={[
        {
          title: '钱包',
          dataIndex: 'name',
          render: (n: string, w) =>
            w.venue === 'central' ? <Typography.Text strong>{n}</Typography.Text> : n,
        },
        { title: '余额', dataIndex: 'balance', align: 'right', render: money },
      ]}
    />
  );
}

function Cards({ m }: { m: MemberDetail }) {
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={m.cards}
      locale={{ emptyText: '暂无绑定的银行卡或 USDT 地址' }}
      columns={[
        {
          title: '类型',
          dataIndex: 'kind',
          render: (k: string) => (k === 'usdt' ? <Tag color="green">USDT</Tag> : <Tag>银行卡</Tag>),
        },
        { title: '银行/协议', key: 'bank', render: (_, c) => (c.kind === 'usdt' ? c.owner : c.bank) },
        { title: '持卡人', key: 'owner', render: (_, c) => (c.kind === 'usdt' ? '—' : c.owner) },
        {
          title: m.contact_masked ? '卡号/地址（已隐藏，财务可见）' : '卡号/地址',
          dataIndex: 'number',
          // A masked number finds nothing: shown as it is, not as a search.
          render: (v: string) =>
            m.contact_masked ? v : <Link to={`/members?q=${encodeURIComponent(v)}`}>{v}</Link>,
        },
        { title: '开户行', dataIndex: 'branch', render: (v: string) => v || '—' },
        { title: '绑定时间', dataIndex: 'created_at', render: (v: string) => shortTime(v) },
      ]}
    />
  );
}

function Vip({ m }: { m: MemberDetail }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text>
        当前等级：<Tag color="gold">VIP{m.vip_level}</Tag>累计存款 {yuan(m.paysum)}
      </Typography.Text>
      <Table
        rowKey="at"
        size="small"
        pagination={false}
        dataSource={m.vip_changes}
        locale={{ emptyText: '暂无等级变动' }}
        columns={[
          { title: '日期', dataIndex: 'day' },
          { title: '变动', key: 'change', render: (_, c) => `VIP${c.from} → VIP${c.to}` },
          {
            title: '类型',
            key: 'kind',
            render: (_, c) =>
              c.to > c.from ? <Tag color="green">升级</Tag> : <Tag color="orange">降级</Tag>,
          },
          { title: '时间', dataIndex: 'at', render: (v: string) => shortTime(v) },
        ]}
      />
    </Space>
  );
}

function tabs(m: MemberDetail, showLinks: boolean): TabsProps['items'] {
  const id = m.id;
  const links = showLinks
    ? [{ key: 'links', label: '关联账户', children: <LinkedAccounts memberId={id} /> }]
    : [];
  return [
    { key: 'wallets', label: '钱包', children: <Wallets m={m} /> },
    {
      key: 'ledger',
      label: '账变记录',
      children: <LedgerTab memberId={id} memberName={m.name} />,
    },
    {
      key: 'deposits',
      label: '存款',
      children: <MemberList kind="deposits" memberId={id} columns={DEPOSIT_COLUMNS} />,
    },
    {
      key: 'withdrawals',
      label: '提款',
      children: <MemberList kind="withdrawals" memberId={id} columns={WITHDRAWAL_COLUMNS} />,
    },
    {
      key: 'bets',
      label: '有效投注',
      children: <MemberList kind="validBets" memberId={id} columns={VALID_BET_COLUMNS} />,
    },
    {
      key: 'lottery',
      label: '彩票注单',
      children: <MemberList kind="lotteryOrders" memberId={id} columns={LOTTERY_COLUMNS} />,
    },
    {
      key: 'rebates',
      label: '返水',
      children: <MemberList kind="rebates" memberId={id} columns={REBATE_COLUMNS} />,
    },
    { key: 'cards', label: `银行卡/USDT（${m.cards.length}）`, children: <Cards m={m} /> },
    {
      key: 'logins',
      label: '登录记录',
      children: <MemberList kind="logins" memberId={id} columns={LOGIN_COLUMNS} />,
    },
    { key: 'vip', label: 'VIP', children: <Vip m={m} /> },
    { key: 'protection', label: '责任博彩', children: <MemberProtection memberId={id} /> },
    { key: 'notes', label: '备注', children: <MemberNotes memberId={id} /> },
    ...links,
  ];
}

/** One member: profile, wallets, history tabs and the actions of the operator's role. */
export default function MemberScreen() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...memberQuery(id), enabled: valid });
  const showLinks = useMayCall(consoleMemberLinks);
  if (!valid)
    return <Result status="404" title="会员不存在" extra={<Link to="/members">返回会员查询</Link>} />;
  if (query.isError && !query.data) {
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  const m = query.data;
  if (!m)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <Link to="/members">会员查询</Link>
            <span>/</span>
            <span>{m.name}</span>
            {m.blocked && <Tag color="red">已冻结</Tag>}
          </Space>
        }
        extra={<MemberActions member={m} />}
      >
        <MemberProfile m={m} />
      </Card>
      <Card>
        <Tabs items={tabs(m, showLinks)} destroyOnHidden />
      </Card>
    </Space>
  );
}

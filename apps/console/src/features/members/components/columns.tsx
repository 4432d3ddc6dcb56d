import type {
  LedgerRow,
  MemberDepositRow,
  MemberLoginRow,
  MemberLotteryOrderRow,
  MemberRebateRow,
  MemberValidBetRow,
  MemberWithdrawalRow,
} from '@app/contract/console-members';
import { Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type * as z from 'zod/mini';
import { shortTime, yuan } from '@/shared/format';
import { SignedAmount } from './MemberTags';

type Row<S extends z.ZodMiniType> = z.output<S>;

const money = (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{yuan(v)}</span>;
const at = (v: string | null) => shortTime(v);
const STATE_COLORS: Record<number, string> = { 1: 'orange', 2: 'green', 3: 'red' };
const reviewState = (label: string, r: { state: number; reviewed_by: string; review_note: string }) => (
  <Tooltip title={r.reviewed_by ? `${r.reviewed_by}${r.review_note ? `：${r.review_note}` : ''}` : undefined}>
    <Tag color={STATE_COLORS[r.state]}>{label}</Tag>
  </Tooltip>
);

export const LEDGER_COLUMNS: TableColumnsType<Row<typeof LedgerRow>> = [
  { title: '时间', dataIndex: 'at', width: 150, render: at },
  { title: '类型', dataIndex: 'reason_label', width: 110 },
  { title: '钱包', dataIndex: 'wallet', width: 120 },
  {
    title: '金额',
    dataIndex: 'amount',
    align: 'right',
    width: 130,
    render: (v: string) => <SignedAmount value={v} />,
  },
  { title: '关联单号/说明', dataIndex: 'reference', render: (v: string) => v || '—' },
];

export const DEPOSIT_COLUMNS: TableColumnsType<Row<typeof MemberDepositRow>> = [
  { title: '时间', dataIndex: 'created_at', width: 150, render: at },
  { title: '订单号', dataIndex: 'deposit_no' },
  { title: '方式', dataIndex: 'method' },
  { title: '金额', dataIndex: 'amount', align: 'right', render: money },
  { title: '状态', dataIndex: 'state_label', render: reviewState },
  { title: '审核时间', dataIndex: 'reviewed_at', width: 150, render: at },
];

export const WITHDRAWAL_COLUMNS: TableColumnsType<Row<typeof MemberWithdrawalRow>> = [
  { title: '时间', dataIndex: 'created_at', width: 150, render: at },
  { title: '订单号', dataIndex: 'order_no' },
  { title: '方式', dataIndex: 'method' },
  { title: '收款账号', dataIndex: 'account', render: (v: string) => v || '—' },
  { title: '金额', dataIndex: 'amount', align: 'right', render: money },
  { title: '状态', dataIndex: 'state_label', render: reviewState },
  { title: '审核时间', dataIndex: 'reviewed_at', width: 150, render: at },
];

export const VALID_BET_COLUMNS: TableColumnsType<Row<typeof MemberValidBetRow>> = [
  { title: '时间', dataIndex: 'at', width: 150, render: at },
  { title: '场馆', dataIndex: 'venue' },
  { title: '类别', dataIndex: 'category' },
  { title: '投注额', dataIndex: 'stake', align: 'right', render: money },
  { title: '有效投注', dataIndex: 'valid', align: 'right', render: money },
  { title: '派彩', dataIndex: 'payout', align: 'right', render: money },
  { title: '状态', dataIndex: 'state' },
];

export const LOTTERY_COLUMNS: TableColumnsType<Row<typeof MemberLotteryOrderRow>> = [
  { title: '时间', dataIndex: 'at', width: 150, render: at },
  {
    title: '彩种 / 期号',
    key: 'round',
    render: (_, r) => `${r.lottery} 第${r.round}期`,
  },
  { title: '玩法', dataIndex: 'play' },
  { title: '投注额', dataIndex: 'stake', align: 'right', render: money },
  { title: '赔率', dataIndex: 'odds', align: 'right' },
  { title: '状态', dataIndex: 'state_label' },
  { title: '派彩', dataIndex: 'payout', align: 'right', render: money },
];

export const REBATE_COLUMNS: TableColumnsType<Row<typeof MemberRebateRow>> = [
  { title: '日期', dataIndex: 'day', width: 120 },
  { title: '类别', dataIndex: 'category' },
  { title: '有效投注', dataIndex: 'valid', align: 'right', render: money },
  { title: '比例', dataIndex: 'rate', align: 'right' },
  { title: '返水金额', dataIndex: 'amount', align: 'right', render: money },
  { title: 'VIP', dataIndex: 'vip_level', render: (v: number) => `VIP${v}` },
  { title: '状态', dataIndex: 'state_label' },
  { title: '领取时间', dataIndex: 'claimed_at', width: 150, render: at },
];

export const LOGIN_COLUMNS: TableColumnsType<Row<typeof MemberLoginRow>> = [
  { title: '时间', dataIndex: 'at', width: 150, render: at },
  { title: '登录 IP', dataIndex: 'ip', width: 160 },
  {
    title: '同 IP 其他会员',
    dataIndex: 'shared_with',
    width: 140,
    render: (n: number, r) =>
      n > 0 ? (
        <Link to={`/members?q=${encodeURIComponent(r.ip)}`}>
          <Tag color="red">{n} 位</Tag>
        </Link>
      ) : (
        '—'
      ),
  },
  {
    title: '设备（User-Agent）',
    dataIndex: 'user_agent',
    render: (v: string) => (
      <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 560 }}>
        {v || '—'}
      </Typography.Text>
    ),
  },
];

import { BONUS_BASIS_LABELS, PAY_TYPE_LABELS, type ActivityRow } from '@app/contract/console-promo';
import { valueProblem } from '@app/contract/promo-value';
import { isFullWeights, weightsOf, weightsText } from '@app/contract/turnover';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Image, Space, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';
import { yuan } from '@/shared/format';
import { Parts } from '@/shared/Parts';
import { PromoValueText } from '@/shared/PromoValue';
import { QueryError } from '@/shared/QueryError';
import { WindowCell } from '@/shared/WindowFields';
import { useSubmittedNotice } from '@/shared/review';
import { activitiesQuery, useEnableActivity, useSaveActivity } from '../api';
import { ActivityDrawer } from '../components/ActivityDrawer';

const INTRO =
  '上架的活动按排序显示在会员端“优惠活动”。彩金规则的修改只影响之后审核通过的申请。' +
  '会员期望收益是会员以最低成本完成流水后平均的得失（庄家优势减去 VIP 最高返水比例计算），为正的规则不能上架。';

const byDeposit = (a: ActivityRow) => a.bonus_basis === 'first_deposit' || a.bonus_basis === 'latest_deposit';

/** The rule's parts: 首笔存款 · 38% · 上限 ¥888.00 · 最低存款 ¥100.00 · (存款+彩金)×15倍流水. */
function ruleParts(a: ActivityRow): string[] {
  if (a.bonus_basis === 'none') return [BONUS_BASIS_LABELS.none ?? ''];
  const parts = [BONUS_BASIS_LABELS[a.bonus_basis] ?? a.bonus_basis];
  if (a.bonus_basis !== 'manual') parts.push(`${Number(a.bonus_percent)}%`);
  parts.push(`上限 ${yuan(a.bonus_cap)}`);
  if (a.bonus_basis !== 'manual' && Number(a.bonus_min_deposit) > 0)
    parts.push(`${a.bonus_basis === 'net_loss' ? '最低亏损' : '最低存款'} ${yuan(a.bonus_min_deposit)}`);
  if (a.bonus_pay_type && byDeposit(a)) parts.push(PAY_TYPE_LABELS[a.bonus_pay_type] ?? a.bonus_pay_type);
  const base = byDeposit(a) && a.turnover_basis === 'deposit_bonus' ? '(存款+彩金)×' : '';
  parts.push(`${base}${a.turnover_multiple}倍流水`);
  return parts;
}

/** The rule, and under it how much of each game counts toward its turnover when not all of it. */
function RuleCell({ a }: { a: ActivityRow }) {
  const weights = weightsOf(a.turnover_weights);
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text>
        <Parts parts={ruleParts(a)} />
      </Typography.Text>
      {a.bonus_basis !== 'none' && !isFullWeights(weights) && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          流水计入：{weightsText(weights)}
        </Typography.Text>
      )}
    </Space>
  );
}

/** Why a listed rule above 0 is flagged: saved before the check, its applications refused until fixed. */
const legacyWarning = (a: ActivityRow) =>
  `${valueProblem(`活动「${a.title}」`, a.value) ?? ''}。此规则保存于收益检查之前，修正前会员对它的申请将被拒绝。`;

/** 已发放 N 笔, the amount paid / the budget (不限 with none), and the per-member limit. */
function PaidCell({ a }: { a: ActivityRow }) {
  const budget = a.budget === '0.00' ? '不限' : yuan(a.budget);
  return (
    <Space direction="vertical" size={0}>
      <span>{a.paid_count} 笔</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {yuan(a.paid)} / {budget}
      </Typography.Text>
      {a.per_member_limit > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          每人限领 {a.per_member_limit} 次
        </Typography.Text>
      )}
    </Space>
  );
}

function columns(opts: {
  typeName: (id: number | null) => string;
  togglingId: number | null;
  onEdit: (a: ActivityRow) => void;
  onToggle: (a: ActivityRow) => void;
}): TableColumnsType<ActivityRow> {
  return [
    { title: '排序', dataIndex: 'sort', width: 64 },
    {
      title: '横幅',
      dataIndex: 'banner',
      width: 140,
      render: (src: string) => (src ? <Image src={src} width={120} alt="活动横幅" /> : '—'),
    },
    {
      title: '活动',
      key: 'title',
      width: 170,
      render: (_, a) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text strong>{a.title}</Typography.Text>
          <Typography.Text type="secondary">{opts.typeName(a.type_id)}</Typography.Text>
        </Space>
      ),
    },
    { title: '彩金规则', key: 'rule', render: (_, a) => <RuleCell a={a} /> },
    {
      title: '会员期望收益',
      key: 'value',
      width: 240,
      render: (_, a) => <PromoValueText value={a.value} tag="规则待修正" warning={legacyWarning(a)} />,
    },
    { title: '已发放', key: 'paid', width: 150, render: (_, a) => <PaidCell a={a} /> },
    { title: '活动时间', key: 'window', width: 230, render: (_, a) => <WindowCell row={a} /> },
    {
      title: '状态',
      width: 100,
      render: (_, a) => (
        <Switch
          checked={a.enabled}
          loading={opts.togglingId === a.id}
          checkedChildren="上架"
          unCheckedChildren="下架"
          aria-label={`${a.title} 上架`}
          onChange={() => opts.onToggle(a)}
        />
      ),
    },
    {
      title: '操作',
      width: 80,
      render: (_, a) => (
        <Button type="link" onClick={() => opts.onEdit(a)}>
          编辑
        </Button>
      ),
    },
  ];
}

/** 活动管理 (运营): every activity with its bonus rule; create, edit, list / unlist, order. */
export default function ActivitiesScreen() {
  const { message } = App.useApp();
  const query = useQuery(activitiesQuery);
  const [editing, setEditing] = useState<ActivityRow | 'new' | null>(null);
  const notice = useSubmittedNotice();
  const save = useSaveActivity((r) => {
    const isNew = editing === 'new';
    if (r.ticket)
      notice(
        r.message,
        isNew ? 'activity.create' : 'activity.update',
        isNew ? '通过后才会出现在列表中' : '通过前活动保持原样',
      );
    else void message.success(isNew ? '活动已创建' : '活动已保存，新规则从下一次审核起生效');
    setEditing(null);
  });
  const enable = useEnableActivity();
  const types = query.data?.types ?? [];
  const typeName = (id: number | null) => types.find((t) => t.id === id)?.name ?? '未分类';

  return (
    <Card
      title="活动管理"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            save.reset();
            setEditing('new');
          }}
          disabled={!query.data}
        >
          新建活动
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{INTRO}</Typography.Paragraph>
      {query.isError && !query.data ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Table<ActivityRow>
          rowKey="id"
          size="middle"
          loading={query.isFetching}
          dataSource={query.data?.items ?? []}
          locale={{ emptyText: '暂无活动' }}
          pagination={false}
          columns={columns({
            typeName,
            togglingId: enable.isPending ? Number(enable.variables?.id) : null,
            onEdit: (a) => {
              save.reset();
              setEditing(a);
            },
            onToggle: (a) =>
              enable.mutate(
                { id: a.id, enabled: !a.enabled },
                { onSuccess: () => message.success(a.enabled ? '活动已下架' : '活动已上架') },
              ),
          })}
        />
      )}
      <ActivityDrawer
        open={editing !== null}
        activity={editing === 'new' ? null : editing}
        types={types}
        busy={save.isPending}
        error={save.isError ? errorMessage(save.error) : null}
        onSubmit={(values) => save.mutate({ id: editing === 'new' || !editing ? null : editing.id, values })}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}

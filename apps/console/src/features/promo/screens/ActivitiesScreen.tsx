import { BONUS_BASIS_LABELS, PAY_TYPE_LABELS, type ActivityRow } from '@app/contract/console-promo';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Image, Space, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { yuan } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { activitiesQuery, useEnableActivity, useSaveActivity } from '../api';
import { ActivityDrawer } from '../components/ActivityDrawer';

/** The rule in one line: 首笔存款 38% · 上限 ¥888.00 · 10倍流水. */
function ruleText(a: ActivityRow): string {
  if (a.bonus_basis === 'none') return BONUS_BASIS_LABELS.none ?? '';
  const parts = [BONUS_BASIS_LABELS[a.bonus_basis] ?? a.bonus_basis];
  if (a.bonus_basis !== 'manual') parts.push(`${Number(a.bonus_percent)}%`);
  parts.push(`上限 ${yuan(a.bonus_cap)}`);
  if (a.bonus_basis !== 'manual' && Number(a.bonus_min_deposit) > 0)
    parts.push(`最低存款 ${yuan(a.bonus_min_deposit)}`);
  if (a.bonus_pay_type) parts.push(PAY_TYPE_LABELS[a.bonus_pay_type] ?? a.bonus_pay_type);
  parts.push(`${a.turnover_multiple}倍流水`);
  return parts.join(' · ');
}

function columns(opts: {
  typeName: (id: number | null) => string;
  togglingId: number | null;
  onEdit: (a: ActivityRow) => void;
  onToggle: (a: ActivityRow) => void;
}): TableColumnsType<ActivityRow> {
  return [
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '横幅',
      dataIndex: 'banner',
      width: 140,
      render: (src: string) => (src ? <Image src={src} width={120} alt="活动横幅" /> : '—'),
    },
    {
      title: '活动',
      render: (_, a) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text strong>{a.title}</Typography.Text>
          <Typography.Text type="secondary">{opts.typeName(a.type_id)}</Typography.Text>
        </Space>
      ),
    },
    { title: '彩金规则', render: (_, a) => ruleText(a) },
    { title: '已发放', dataIndex: 'paid_count', width: 90, render: (n: number) => `${n} 笔` },
    {
      title: '状态',
      width: 110,
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
      width: 90,
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
  const save = useSaveActivity(() => {
    message.success(editing === 'new' ? '活动已创建' : '活动已保存，新规则从下一次审核起生效');
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
          onClick={() => setEditing('new')}
          disabled={!query.data}
        >
          新建活动
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        上架的活动按排序显示在会员端“优惠活动”。彩金规则的修改只影响之后审核通过的申请。
      </Typography.Paragraph>
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
            onEdit: setEditing,
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
        onSubmit={(values) => save.mutate({ id: editing === 'new' || !editing ? null : editing.id, values })}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}

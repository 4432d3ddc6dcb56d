import { PLAN_KIND_LABELS, PLAN_PERIOD_LABELS, bpText } from '@app/contract/agent-plans';
import { consoleAgentPlanSave, type PlanView } from '@app/contract/console-agents';
import { REBATE_CATEGORIES, REBATE_CATEGORY_LABELS } from '@app/contract/enums';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { shortTime, yuan } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { useMayCall } from '@/shared/session';
import { plansQuery } from '../api';
import { PlanDrawer } from '../components/PlanDrawer';

/** The rates of a category map that are not 0, e.g. "真人 0.30% · 彩票 0.20%". */
function ratesText(rates: Record<string, number>): string {
  const parts = REBATE_CATEGORIES.filter((c) => (rates[c] ?? 0) > 0).map(
    (c) => `${REBATE_CATEGORY_LABELS[c]} ${bpText(rates[c] ?? 0)}`,
  );
  return parts.length > 0 ? parts.join(' · ') : '全部为 0';
}

/**
 * What a template pays, in a few lines: who counts as active and each tier's thresholds and shares,
 * or its turnover rates.
 */
function Terms({ plan }: { plan: PlanView }) {
  if (plan.kind === 'turnover') return <span>{ratesText(plan.turnover_rates)}</span>;
  return (
    <div>
      <Typography.Text type="secondary">
        活跃会员：存款 ≥ {yuan(plan.active_min_deposit)}，有效投注 ≥ {yuan(plan.active_min_valid)}
      </Typography.Text>
      {plan.tiers.map((t, i) => (
        <div key={i}>
          <Typography.Text type="secondary">
            档位{i + 1}：负盈利 ≥ {yuan(t.min_profit)}，活跃 ≥ {t.min_active} 人
          </Typography.Text>{' '}
          {ratesText(t.rates)}，成本分摊 {bpText(t.cost_share)}
        </div>
      ))}
    </div>
  );
}

function columns(edit: ((p: PlanView) => void) | null): TableColumnsType<PlanView> {
  return [
    { title: '方案名称', dataIndex: 'name', width: 170 },
    {
      title: '类型',
      key: 'kind',
      width: 140,
      render: (_, p) => (
        <>
          <Tag color={p.kind === 'net_loss' ? 'purple' : 'blue'}>{PLAN_KIND_LABELS[p.kind]}</Tag>
          <Tag>{PLAN_PERIOD_LABELS[p.period]}</Tag>
        </>
      ),
    },
    { title: '佣金规则', key: 'terms', render: (_, p) => <Terms plan={p} /> },
    { title: '打码倍数', dataIndex: 'turnover_multiple', width: 90, render: (v: number) => `${v} 倍` },
    { title: '代理数', dataIndex: 'agents', width: 80 },
    { title: '更新时间', dataIndex: 'updated_at', width: 150, render: (v: string) => shortTime(v) },
    ...(edit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_: unknown, p: PlanView) => (
              <Button size="small" onClick={() => edit(p)}>
                编辑
              </Button>
            ),
          },
        ]
      : []),
  ];
}

const INTRO =
  '负盈利分成按下线会员的输赢（投注 − 派彩）和活跃人数分档，亏损结转下期；流水返佣按下线有效投注，' +
  '上级代理得其与下级比例之差。修改方案从下一期账单起生效，已生成的账单不变。';

/** 佣金方案 (运营): the templates agents are assigned, created and edited in a drawer. */
export default function PlansScreen() {
  const plans = useQuery(plansQuery());
  const mayEdit = useMayCall(consoleAgentPlanSave);
  const [editing, setEditing] = useState<PlanView | 'new' | null>(null);
  return (
    <Card
      title="佣金方案"
      extra={
        mayEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建方案
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{INTRO}</Typography.Paragraph>
      {plans.isPending ? (
        <Skeleton active />
      ) : plans.isError ? (
        <QueryError error={plans.error} retry={() => void plans.refetch()} />
      ) : (
        <Table<PlanView>
          rowKey="id"
          size="middle"
          dataSource={plans.data}
          columns={columns(mayEdit ? setEditing : null)}
          pagination={false}
          loading={plans.isFetching}
          locale={{ emptyText: '还没有佣金方案' }}
        />
      )}
      {editing && <PlanDrawer plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

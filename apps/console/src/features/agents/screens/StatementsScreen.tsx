import {
  PLAN_KIND_LABELS,
  STATEMENT_STATE_LABELS,
  STATEMENT_STATES,
  type StatementState,
} from '@app/contract/agent-plans';
import { consoleAgentStatementPay, type StatementView } from '@app/contract/console-agents';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Popconfirm,
  Segmented,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';
import { shortTime, yuan } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { useMayCall } from '@/shared/session';
import { usePaging } from '@/shared/usePaging';
import { statementsQuery, usePayStatement } from '../api';
import { concentrated, periodText, StatementDetail } from '../components/StatementDetail';

const STATE_COLORS: Record<StatementState, string> = { draft: 'gold', paid: 'green', nil: 'default' };
type Filter = StatementState | 'all';
const FILTERS = [
  { value: 'all', label: '全部' },
  ...STATEMENT_STATES.map((s) => ({ value: s, label: STATEMENT_STATE_LABELS[s] })),
];

/** Its state, a payment waiting in 待复核, a concentrated team, and who paid it when. */
function StateCell({ s }: { s: StatementView }) {
  return (
    <Space orientation="vertical" size={2}>
      <Space size={4} wrap>
        <Tag color={STATE_COLORS[s.state]}>{STATEMENT_STATE_LABELS[s.state]}</Tag>
        {s.waiting && <Tag color="processing">待复核</Tag>}
        {concentrated(s) && (
          <Tooltip title="单一会员占本期输赢过半，发放前请核实">
            <Tag color="warning">集中</Tag>
          </Tooltip>
        )}
      </Space>
      {s.paid_at && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {s.paid_by} · {shortTime(s.paid_at)}
        </Typography.Text>
      )}
    </Space>
  );
}

interface Handlers {
  show: (s: StatementView) => void;
  pay: ((s: StatementView) => void) | null;
  paying: number | null;
  busy: boolean;
}

function columns(h: Handlers): TableColumnsType<StatementView> {
  return [
    { title: '账单', dataIndex: 'id', width: 70, render: (id: number) => `#${id}` },
    { title: '代理', key: 'agent', render: (_, s) => s.agent.username },
    {
      title: '方案',
      key: 'plan',
      render: (_, s) => (
        <Space orientation="vertical" size={0}>
          {s.plan.name}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {PLAN_KIND_LABELS[s.plan.kind]}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '结算周期', key: 'period', width: 190, render: (_, s) => periodText(s) },
    { title: '状态', key: 'state', width: 230, render: (_, s) => <StateCell s={s} /> },
    { title: '应发佣金', dataIndex: 'payable', width: 110, align: 'right', render: (v: string) => yuan(v) },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, s) => (
        <Space size={4}>
          <Button size="small" onClick={() => h.show(s)}>
            详情
          </Button>
          {h.pay && s.state === 'draft' && !s.waiting && (
            <Popconfirm
              title="发放佣金"
              description={`发放代理 ${s.agent.username} 的佣金 ${yuan(s.payable)}？提交后需另一位财务复核。`}
              okText="提交复核"
              cancelText="取消"
              onConfirm={() => h.pay?.(s)}
            >
              <Button size="small" type="primary" loading={h.paying === s.id} disabled={h.busy}>
                发放
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
}

/** 代理账单: statements by state with their figures; 财务 pays one through 待复核. */
export default function StatementsScreen() {
  const { message } = App.useApp();
  const paging = usePaging({ unit: '张账单' });
  const [filter, setFilter] = useState<Filter>('draft');
  const [shown, setShown] = useState<StatementView | null>(null);
  const mayPay = useMayCall(consoleAgentStatementPay);
  const list = useQuery(
    statementsQuery({
      ...(filter === 'all' ? {} : { state: filter }),
      page: paging.page,
      pageSize: paging.pageSize,
    }),
  );
  const pay = usePayStatement();
  const onPay = (s: StatementView) =>
    pay.mutate(s.id, {
      onSuccess: (r) => void message.success(r.message),
      onError: (err) => void message.error(errorMessage(err)),
    });
  return (
    <Card title="代理账单">
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<Filter>
          aria-label="账单状态"
          value={filter}
          options={FILTERS as { value: Filter; label: string }[]}
          onChange={(v) => {
            setFilter(v);
            paging.setPage(1);
          }}
        />
      </Space>
      {list.isError && !list.data ? (
        <QueryError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <Table<StatementView>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          pagination={paging.pagination(list.data?.total ?? 0)}
          locale={{ emptyText: '暂无账单' }}
          columns={columns({
            show: setShown,
            pay: mayPay ? onPay : null,
            paying: pay.isPending ? (pay.variables ?? null) : null,
            busy: pay.isPending,
          })}
        />
      )}
      {shown && <StatementDetail statement={shown} onClose={() => setShown(null)} />}
    </Card>
  );
}

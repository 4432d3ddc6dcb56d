import { AGENT_STATUS_LABELS, AGENT_STATUSES, type AgentStatus } from '@app/contract/agent-plans';
import type { AgentView } from '@app/contract/console-agents';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { shortTime } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { usePaging } from '@/shared/usePaging';
import { agentsQuery } from '../api';
import { STATUS_VERBS } from './AgentModals';

const STATUS_COLORS: Record<AgentStatus, string> = { active: 'green', suspended: 'orange', frozen: 'red' };

/** Its standing: its own, or its upline's when that is worse (随上级). */
export function StatusTag({ agent }: { agent: AgentView }) {
  const s = agent.effective_status;
  const inherited = s !== agent.status;
  return (
    <Tooltip
      title={
        inherited ? `本身${AGENT_STATUS_LABELS[agent.status]}，因上级${AGENT_STATUS_LABELS[s]}` : undefined
      }
    >
      <Tag color={STATUS_COLORS[s]}>
        {AGENT_STATUS_LABELS[s]}
        {inherited ? '（随上级）' : ''}
      </Tag>
    </Tooltip>
  );
}

/** What an operator may do to a row (null: nothing, e.g. 客服 reads only). */
export interface AgentActions {
  assign: ((a: AgentView) => void) | null;
  status: ((a: AgentView, to: AgentStatus) => void) | null;
}

function actionsOf(a: AgentView, actions: AgentActions) {
  return (
    <Space size={4} wrap>
      {actions.assign && (
        <Button size="small" onClick={() => actions.assign?.(a)}>
          分配方案
        </Button>
      )}
      {actions.status &&
        AGENT_STATUSES.filter((s) => s !== a.status).map((s) => (
          <Button key={s} size="small" danger={s !== 'active'} onClick={() => actions.status?.(a, s)}>
            {STATUS_VERBS[s]}
          </Button>
        ))}
    </Space>
  );
}

/** The name (its member page); in a search, where it sits in the tree under it. */
function NameCell({ agent, search }: { agent: AgentView; search: boolean }) {
  return (
    <Space orientation="vertical" size={0}>
      <Link to={`/members/${agent.id}`}>{agent.username}</Link>
      {search && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          第{agent.depth}级{agent.parent ? ` · 上级 ${agent.parent.username}` : ' · 顶级代理'}
        </Typography.Text>
      )}
    </Space>
  );
}

function columns(actions: AgentActions, search: boolean): TableColumnsType<AgentView> {
  const mayAct = actions.assign !== null || actions.status !== null;
  return [
    { title: '代理', key: 'username', render: (_, a) => <NameCell agent={a} search={search} /> },
    {
      title: '佣金方案',
      key: 'plan',
      width: 140,
      render: (_, a) => (a.plan ? a.plan.name : <Typography.Text type="secondary">未分配</Typography.Text>),
    },
    { title: '状态', key: 'status', width: 120, render: (_, a) => <StatusTag agent={a} /> },
    { title: '直属会员', dataIndex: 'members', width: 88, align: 'right' },
    { title: '下级代理', dataIndex: 'sub_agents', width: 88, align: 'right' },
    { title: '成为代理', dataIndex: 'created_at', width: 140, render: (v: string) => shortTime(v) },
    ...(mayAct
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 220,
            render: (_: unknown, a: AgentView) => actionsOf(a, actions),
          },
        ]
      : []),
  ];
}

/**
 * A page of the tree (top agents, a parent's sub-agents, or a search), each row opening onto its
 * own sub-agents, read when it is opened.
 */
export function AgentTable({
  q,
  parentId,
  actions,
  nested = false,
}: {
  q?: string;
  parentId?: number;
  actions: AgentActions;
  nested?: boolean;
}) {
  const paging = usePaging({ unit: '位代理' });
  const list = useQuery(
    agentsQuery({
      ...(q ? { q } : {}),
      ...(parentId !== undefined ? { parent_id: parentId } : {}),
      page: paging.page,
      pageSize: paging.pageSize,
    }),
  );
  if (list.isError && !list.data) return <QueryError error={list.error} retry={() => void list.refetch()} />;
  return (
    <Table<AgentView>
      rowKey="id"
      size={nested ? 'small' : 'middle'}
      loading={list.isFetching}
      dataSource={list.data?.items ?? []}
      columns={columns(actions, !!q)}
      locale={{ emptyText: q ? '没有找到该代理' : nested ? '没有下级代理' : '暂无代理' }}
      pagination={
        nested && (list.data?.total ?? 0) <= paging.pageSize
          ? false
          : paging.pagination(list.data?.total ?? 0)
      }
      expandable={{
        rowExpandable: (a) => a.sub_agents > 0,
        expandedRowRender: (a) => <AgentTable parentId={a.id} actions={actions} nested />,
      }}
    />
  );
}

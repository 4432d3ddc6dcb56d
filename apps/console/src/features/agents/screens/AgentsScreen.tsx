import type { AgentStatus } from '@app/contract/agent-plans';
import { consoleAgentAssign, consoleAgentStatus, type AgentView } from '@app/contract/console-agents';
import { Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useMayCall } from '@/shared/session';
import { AssignModal, StatusModal } from '../components/AgentModals';
import { AgentTable, type AgentActions } from '../components/AgentTable';

/**
 * 代理列表: the tree from its top agents (a row opens onto its sub-agents), a name found anywhere in
 * it; 运营 assigns plans, 运营 and 风控 suspend, freeze or restore an agent with a reason (its sub-tree
 * follows); 客服 reads only.
 */
export default function AgentsScreen() {
  const [q, setQ] = useState('');
  const mayAssign = useMayCall(consoleAgentAssign);
  const mayStatus = useMayCall(consoleAgentStatus);
  const [assigning, setAssigning] = useState<AgentView | null>(null);
  const [changing, setChanging] = useState<{ agent: AgentView; to: AgentStatus } | null>(null);
  const actions: AgentActions = {
    assign: mayAssign ? setAssigning : null,
    status: mayStatus ? (agent, to) => setChanging({ agent, to }) : null,
  };
  return (
    <Card title="代理列表">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="搜索代理"
          placeholder="代理用户名（开头几位）"
          allowClear
          enterButton="搜索"
          maxLength={32}
          style={{ width: 320 }}
          onSearch={(v) => setQ(v.trim())}
        />
        <Typography.Text type="secondary">
          {q ? `搜索“${q}”：整棵代理树中用户名以此开头的代理` : '顶级代理；展开一行查看其下级代理'}
        </Typography.Text>
      </Space>
      <AgentTable key={q} q={q} actions={actions} />
      {assigning && <AssignModal agent={assigning} onClose={() => setAssigning(null)} />}
      {changing && (
        <StatusModal agent={changing.agent} status={changing.to} onClose={() => setChanging(null)} />
      )}
    </Card>
  );
}

import type { SubAgent } from '@app/contract/agent-office';
import { AGENT_STATUS_LABELS } from '@app/contract/agent-plans';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dateTimeText } from '@/shared/format';
import { officeQueries } from '@/shared/queries/office';
import { ratesText } from '@/shared/rates';
import { PagedList } from '@/shared/ui/PagedList';
import { subAgentQueries } from '../api';
import { EditRates } from '../components/EditRates';

function AgentCard({ agent, onEdit }: { agent: SubAgent; onEdit: (() => void) | null }) {
  return (
    <li className="list-card">
      <div className="list-card-head">
        <div className="list-card-name">
          <span>{agent.username}</span>
          <span className={agent.status === 'active' ? 'tag done' : 'tag warn'}>
            {AGENT_STATUS_LABELS[agent.status]}
          </span>
        </div>
        {onEdit && (
          <button
            type="button"
            className="link-button"
            onClick={onEdit}
            aria-label={`修改 ${agent.username} 的返佣比例`}
          >
            修改返佣
          </button>
        )}
      </div>
      <p className="muted rates">返佣：{ratesText(agent.rates)}</p>
      <p className="list-card-meta">
        直属会员 {agent.members} 人 · 加入时间 {dateTimeText(agent.joined_at)}
      </p>
    </li>
  );
}

/** 下级代理: the direct sub-agents with their rates; 修改返佣 once the agent's own rates are known. */
export default function SubAgentsScreen() {
  const query = useInfiniteQuery(subAgentQueries.list());
  const own = useQuery(officeQueries.invites()).data?.own_rates;
  const [editing, setEditing] = useState<SubAgent | null>(null);
  return (
    <>
      <PagedList
        query={query}
        label="下级代理"
        empty="暂无下级代理，可在「推广」中新建下级代理链接"
        renderItem={(agent) => (
          <AgentCard key={agent.id} agent={agent} onEdit={own ? () => setEditing(agent) : null} />
        )}
      />
      {own && <EditRates agent={editing} own={own} onClose={() => setEditing(null)} />}
    </>
  );
}

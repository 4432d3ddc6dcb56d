import type { StatementItem } from '@app/contract/agent-office';
import { PLAN_KIND_LABELS, STATEMENT_STATE_LABELS } from '@app/contract/agent-plans';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@app/mobile/router';
import { dateTimeText, periodText, yuan } from '@/shared/format';
import { STATE_TONE } from '@/shared/labels';
import { PagedList } from '@/shared/ui/PagedList';
import { statementQueries } from '../api';
import '../statements.css';

function StatementCard({ s }: { s: StatementItem }) {
  return (
    <li>
      <Link
        to={`/statement?id=${s.id}`}
        className="list-card st-card"
        aria-label={`账单 ${periodText(s.period_start, s.period_end)}`}
      >
        <div className="list-card-head">
          <span className="list-card-name">{periodText(s.period_start, s.period_end)}</span>
          <span className={`tag ${STATE_TONE[s.state]}`}>{STATEMENT_STATE_LABELS[s.state]}</span>
        </div>
        <div className="st-card-body">
          <span className="muted">
            {s.plan_name} · {PLAN_KIND_LABELS[s.plan_kind]}
          </span>
          <span className="st-card-amount">{yuan(s.payable)}</span>
        </div>
        <p className="list-card-meta">
          {s.paid_at !== null
            ? `发放时间 ${dateTimeText(s.paid_at)}`
            : s.state === 'draft'
              ? '等待财务审核发放'
              : '本期无佣金'}
          <span className="st-more" aria-hidden="true">
            详情 ›
          </span>
        </p>
      </Link>
    </li>
  );
}

/** 佣金账单: every settled period, newest first, with its state and payable amount. */
export default function StatementsScreen() {
  const query = useInfiniteQuery(statementQueries.list());
  return (
    <PagedList
      query={query}
      label="佣金账单"
      empty="暂无账单，周期结束后生成"
      renderItem={(s) => <StatementCard key={s.id} s={s} />}
    />
  );
}

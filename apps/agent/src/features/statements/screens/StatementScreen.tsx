import type { StatementItem } from '@app/contract/agent-office';
import { PLAN_KIND_LABELS, STATEMENT_STATE_LABELS } from '@app/contract/agent-plans';
import { REBATE_CATEGORY_LABELS } from '@app/contract/enums';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from '@app/mobile/router';
import { dateTimeText, percentText, periodText, yuan } from '@/shared/format';
import { signClass, STATE_TONE, tierText } from '@/shared/labels';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { Rows } from '@/shared/ui/Figures';
import { statementQueries } from '../api';
import '../statements.css';

function Head({ s }: { s: StatementItem }) {
  return (
    <section className="card st-head" aria-label="账单">
      <div className="list-card-head">
        <h2 className="list-card-name">{periodText(s.period_start, s.period_end)}</h2>
        <span className={`tag ${STATE_TONE[s.state]}`}>{STATEMENT_STATE_LABELS[s.state]}</span>
      </div>
      <p className="muted">
        {s.plan_name} · {PLAN_KIND_LABELS[s.plan_kind]} · {tierText(s.plan_kind, s.figures.tier)}
      </p>
      <p className="st-head-label">应发佣金（元）</p>
      <p className="st-head-amount">{yuan(s.payable)}</p>
      <p className="muted">{s.paid_at !== null ? `发放时间 ${dateTimeText(s.paid_at)}` : '尚未发放'}</p>
    </section>
  );
}

/** Per category: valid bets, the team's net loss (the house's win), the rate and the commission. */
function Lines({ s }: { s: StatementItem }) {
  const { lines } = s.figures;
  return (
    <section className="card" aria-label="分类明细">
      <h2 className="card-title">分类明细</h2>
      {lines.length === 0 ? (
        <p className="muted">本期无投注</p>
      ) : (
        <table className="st-lines">
          <thead>
            <tr>
              <th scope="col">类别</th>
              <th scope="col">有效投注</th>
              <th scope="col">负盈利</th>
              <th scope="col">佣金</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.category}>
                <th scope="row">
                  {REBATE_CATEGORY_LABELS[l.category]}
                  <small>{percentText(l.rate_bp)}</small>
                </th>
                <td>{yuan(l.valid)}</td>
                <td className={signClass(l.profit)}>{yuan(l.profit)}</td>
                <td>
                  {yuan(l.commission)}
                  {l.from_sub_agents !== 0 && <small>含下级 {yuan(l.from_sub_agents)}</small>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Deductions({ s }: { s: StatementItem }) {
  const f = s.figures;
  const costs = f.rebates + f.bonuses + f.red_packets + f.fees;
  return (
    <section className="card" aria-label="成本扣除">
      <h2 className="card-title">成本扣除</h2>
      <Rows
        total
        items={[
          { label: '会员返水', value: yuan(f.rebates) },
          { label: '优惠红利', value: yuan(f.bonuses) },
          { label: '红包', value: yuan(f.red_packets) },
          { label: '存取款手续费', value: yuan(f.fees) },
          { label: '成本合计', value: yuan(costs) },
          { label: '承担比例', value: percentText(f.cost_share_bp) },
          { label: '承担成本', value: yuan(f.costs_borne) },
        ]}
      />
    </section>
  );
}

function Result({ s }: { s: StatementItem }) {
  const f = s.figures;
  return (
    <section className="card" aria-label="结算">
      <h2 className="card-title">结算</h2>
      <Rows
        total
        items={[
          { label: '活跃会员', value: `${f.active} / ${f.members} 人` },
          { label: '负盈利合计', value: yuan(f.net_loss), className: signClass(f.net_loss) },
          { label: '档位', value: tierText(s.plan_kind, f.tier) },
          { label: '佣金小计', value: yuan(f.gross) },
          { label: '成本扣除', value: yuan(-f.costs_borne) },
          { label: '上期结转', value: yuan(f.carried_in), className: signClass(f.carried_in) },
          { label: '本期结果', value: yuan(f.result), className: signClass(f.result) },
          { label: '结转下期', value: yuan(f.carry_out), className: signClass(f.carry_out) },
          { label: '应发佣金', value: yuan(f.payable) },
        ]}
      />
    </section>
  );
}

/** 账单详情 (#/statement?id=…): found in the statement pages, read further until it is there. */
export default function StatementScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const query = useInfiniteQuery(statementQueries.list());
  const found = query.data?.pages.flatMap((p) => p.data).find((s) => s.id === id);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const more = !found && hasNextPage && !query.isError;
  useEffect(() => {
    if (more && !isFetchingNextPage) void fetchNextPage();
  }, [more, isFetchingNextPage, fetchNextPage]);

  if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending || more) return <BlockLoading lines={6} label="账单加载中" />;
  if (!found) return <BlockEmpty>账单不存在</BlockEmpty>;
  return (
    <div className="page">
      <Head s={found} />
      <Lines s={found} />
      <Deductions s={found} />
      <Result s={found} />
    </div>
  );
}

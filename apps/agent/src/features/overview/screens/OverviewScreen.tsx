import type { agentOverview } from '@app/contract/agent-office';
import {
  AGENT_STATUS_LABELS,
  PLAN_KIND_LABELS,
  PLAN_PERIOD_LABELS,
  type StatementFigures,
} from '@app/contract/agent-plans';
import type { DataOf } from '@app/contract/define';
import { useQuery } from '@tanstack/react-query';
import { periodText, yuan } from '@/shared/format';
import { signClass, tierText } from '@/shared/labels';
import { officeQueries } from '@/shared/queries/office';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { Figures, Rows } from '@/shared/ui/Figures';
import { Refreshable } from '@/shared/ui/Refreshable';
import '../overview.css';

type Overview = DataOf<typeof agentOverview>;

/** The period's head: the payable estimate, the period and the plan. */
function Hero({ data }: { data: Overview }) {
  const { plan, period, estimate, status } = data;
  return (
    <section className="ov-hero" aria-label="本期预估">
      <div className="ov-hero-top">
        <span>{data.username}</span>
        {status !== 'active' && <span className="tag warn">{AGENT_STATUS_LABELS[status]}</span>}
      </div>
      <p className="ov-hero-label">本期预估佣金（元）</p>
      <p className="ov-hero-amount">{estimate ? yuan(estimate.payable) : '—'}</p>
      <p className="ov-hero-period">
        {period ? `统计周期：${periodText(period.start, period.end)}` : '暂无统计周期'}
      </p>
      <p className="ov-hero-plan">
        {plan
          ? `${plan.name} · ${PLAN_KIND_LABELS[plan.kind]} · ${PLAN_PERIOD_LABELS[plan.period]}`
          : '尚未分配佣金方案，请联系客服'}
      </p>
    </section>
  );
}

/** This period's figures so far: tier, net loss, costs, carried in, the result and the payable estimate. */
function Estimate({ estimate, plan }: { estimate: StatementFigures | null; plan: Overview['plan'] }) {
  if (!estimate) {
    return (
      <section className="card" aria-label="本期估算">
        <h2 className="card-title">本期估算</h2>
        <p className="muted">本期暂无数据，分配佣金方案后开始统计</p>
      </section>
    );
  }
  return (
    <section className="card" aria-label="本期估算">
      <h2 className="card-title">
        本期估算<small>结算后以账单为准</small>
      </h2>
      <Rows
        total
        items={[
          { label: '当前档位', value: tierText(plan?.kind ?? null, estimate.tier) },
          { label: '活跃会员', value: `${estimate.active} / ${estimate.members} 人` },
          {
            label: '负盈利（团队输赢）',
            value: yuan(estimate.net_loss),
            className: signClass(estimate.net_loss),
          },
          { label: '佣金小计', value: yuan(estimate.gross) },
          { label: '成本扣除', value: yuan(-estimate.costs_borne) },
          { label: '上期结转', value: yuan(estimate.carried_in), className: signClass(estimate.carried_in) },
          { label: '预估可发放', value: yuan(estimate.payable) },
        ]}
      />
      {estimate.carry_out < 0 && (
        <p className="ov-carry muted">本期结果为负，{yuan(-estimate.carry_out)} 元将结转至下期抵扣</p>
      )}
    </section>
  );
}

function Team({ data }: { data: Overview }) {
  return (
    <section className="card" aria-label="团队">
      <h2 className="card-title">团队</h2>
      <Figures
        columns={3}
        items={[
          { label: '活跃会员', value: data.estimate?.active ?? 0 },
          { label: '直属会员', value: data.members },
          { label: '下级代理', value: data.sub_agents },
          { label: '团队人数', value: data.team },
          { label: '今日新增', value: data.new_today },
          { label: '代理层级', value: `第${data.depth}级` },
        ]}
      />
    </section>
  );
}

function Totals({ data }: { data: Overview }) {
  return (
    <section className="card" aria-label="累计">
      <Figures
        items={[
          { label: '待抵扣亏损', value: yuan(data.carried), className: signClass(data.carried) },
          { label: '累计已发放', value: yuan(data.paid_total) },
        ]}
      />
    </section>
  );
}

/** 概览: this period's estimate, the team's counts, the plan; pull to refresh. */
export default function OverviewScreen() {
  const query = useQuery(officeQueries.overview());
  if (query.isPending) return <BlockLoading lines={6} label="概览加载中" />;
  if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <Refreshable onRefresh={() => query.refetch()}>
      <div className="page">
        <Hero data={data} />
        <Estimate estimate={data.estimate} plan={data.plan} />
        <Team data={data} />
        <Totals data={data} />
      </div>
    </Refreshable>
  );
}

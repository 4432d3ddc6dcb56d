import { agentTeamReport, type TeamDay } from '@app/contract/agent-office';
import { downloadCsv, exportFileName, toCsv } from '@app/contract/csv';
import { REBATE_CATEGORY_LABELS } from '@app/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { beijingToday, monthStart, yuan } from '@/shared/format';
import { signClass } from '@/shared/labels';
import { rangeProblem } from '@/shared/range';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { DateRange } from '@/shared/ui/DateRange';
import { Figures } from '@/shared/ui/Figures';
import { showToast } from '@/shared/ui/toast';
import { reportQueries } from '../api';
import {
  activeLines,
  categoryTotals,
  dayTotals,
  hasActivity,
  REPORT_CSV_COLUMNS,
  reportTotals,
} from '../rules';
import '../report.css';

function Summary({ days }: { days: TeamDay[] }) {
  const t = reportTotals(days);
  const categories = categoryTotals(days);
  return (
    <section className="card" aria-label="合计">
      <h2 className="card-title">合计</h2>
      <Figures
        columns={3}
        items={[
          { label: '新增会员', value: t.newMembers },
          { label: '存款', value: yuan(t.deposits) },
          { label: '取款', value: yuan(t.withdrawals) },
          { label: '有效投注', value: yuan(t.valid) },
          { label: '团队负盈利', value: yuan(t.profit), className: signClass(t.profit) },
        ]}
      />
      {categories.length > 0 && <CategoryTable rows={categories} caption="按类别" />}
    </section>
  );
}

function CategoryTable({
  rows,
  caption,
}: {
  rows: { category: TeamDay['lines'][number]['category']; valid: number; profit: number }[];
  caption: string;
}) {
  return (
    <table className="rp-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">类别</th>
          <th scope="col">有效投注</th>
          <th scope="col">负盈利</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.category}>
            <th scope="row">{REBATE_CATEGORY_LABELS[r.category]}</th>
            <td>{yuan(r.valid)}</td>
            <td className={signClass(r.profit)}>{yuan(r.profit)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayCard({ day }: { day: TeamDay }) {
  const t = dayTotals(day);
  return (
    <li className="list-card">
      <div className="list-card-head">
        <span className="list-card-name">{day.day}</span>
        <span className="muted">新增 {day.new_members} 人</span>
      </div>
      <Figures
        columns={3}
        items={[
          { label: '存款', value: yuan(day.deposits) },
          { label: '取款', value: yuan(day.withdrawals) },
          { label: '负盈利', value: yuan(t.profit), className: signClass(t.profit) },
        ]}
      />
      {activeLines(day).length > 0 && <CategoryTable rows={activeLines(day)} caption={`${day.day} 按类别`} />}
    </li>
  );
}

function exportCsv(days: TeamDay[]) {
  if (days.length === 0) {
    showToast('暂无可导出的数据');
    return;
  }
  downloadCsv(exportFileName('团队报表'), toCsv(REPORT_CSV_COLUMNS, days));
  showToast(`已导出 ${days.length} 天`, 'success');
}

/** 团队报表: the whole team by Beijing day and category over a range (this month first); 导出CSV. */
export default function TeamReportScreen() {
  const [draft, setDraft] = useState(() => ({ start: monthStart(), end: beijingToday() }));
  const [range, setRange] = useState(draft);
  const problem = rangeProblem(draft.start, draft.end, agentTeamReport.request);
  const query = useQuery(reportQueries.team(range.start, range.end));
  const changeRange = (start: string, end: string) => {
    setDraft({ start, end });
    if (!rangeProblem(start, end, agentTeamReport.request)) setRange({ start, end });
  };
  const days = query.data?.days ?? [];
  // Days without anything are left out of the list (the CSV keeps every day).
  const shown = days.filter(hasActivity);
  return (
    <>
      <div className="filters rp-filters">
        <DateRange start={draft.start} end={draft.end} onChange={changeRange} />
        <button
          type="button"
          className="rp-export"
          disabled={!query.isSuccess || problem !== null}
          onClick={() => exportCsv(days)}
        >
          导出CSV
        </button>
        {problem && (
          <p className="filter-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      {query.isPending ? (
        <BlockLoading lines={6} label="团队报表加载中" />
      ) : query.isError ? (
        <BlockError error={query.error} onRetry={() => void query.refetch()} />
      ) : shown.length === 0 ? (
        <BlockEmpty>该时段暂无团队数据</BlockEmpty>
      ) : (
        <div className="page">
          <Summary days={days} />
          <ul className="paged-list rp-days" aria-label="每日明细">
            {shown.map((d) => (
              <DayCard key={d.day} day={d} />
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

import type { ReportMethodRow, ReportSummary } from '@app/contract/console-reports';
import type { EChartsCoreOption } from 'echarts/core';
import { chartYuan } from './amounts';

/* The option of each report chart (days on the x axis, amounts in yuan). */

type Series = { name: string; type: 'bar' | 'line'; values: number[]; stack?: string };

const base = (days: string[], series: Series[]): EChartsCoreOption => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 60, right: 24, top: 40, bottom: 30 },
  xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
  yAxis: { type: 'value' },
  series: series.map((s) => ({ name: s.name, type: s.type, data: s.values, stack: s.stack })),
});

export function moneyChart(r: ReportSummary): EChartsCoreOption {
  const days = r.money.days;
  return base(
    days.map((d) => d.day),
    [
      { name: '存款', type: 'bar', values: days.map((d) => chartYuan(d.deposits)) },
      { name: '提款', type: 'bar', values: days.map((d) => chartYuan(d.withdrawals)) },
    ],
  );
}

export function methodsChart(rows: ReportMethodRow[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: ¥{c} ({d}%)' },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        data: rows.map((m) => ({ name: m.method, value: chartYuan(m.amount) })),
      },
    ],
  };
}

export function gamesChart(r: ReportSummary): EChartsCoreOption {
  const days = r.games.days;
  return base(
    days.map((d) => d.day),
    [
      { name: '场馆投注', type: 'bar', stack: 'stake', values: days.map((d) => chartYuan(d.venue_stake)) },
      { name: '彩票投注', type: 'bar', stack: 'stake', values: days.map((d) => chartYuan(d.lottery_stake)) },
      { name: '平台盈亏', type: 'line', values: days.map((d) => chartYuan(d.house)) },
    ],
  );
}

export function promoChart(r: ReportSummary): EChartsCoreOption {
  const days = r.promotions.days;
  return base(
    days.map((d) => d.day),
    [
      { name: '返水', type: 'bar', stack: 'paid', values: days.map((d) => chartYuan(d.rebates)) },
      { name: '红包', type: 'bar', stack: 'paid', values: days.map((d) => chartYuan(d.red_packets)) },
      { name: '活动彩金', type: 'bar', stack: 'paid', values: days.map((d) => chartYuan(d.bonuses)) },
    ],
  );
}

export function membersChart(r: ReportSummary): EChartsCoreOption {
  const days = r.members.days;
  return base(
    days.map((d) => d.day),
    [
      { name: '新增会员', type: 'line', values: days.map((d) => d.new_members) },
      { name: '活跃会员', type: 'line', values: days.map((d) => d.active_members) },
    ],
  );
}

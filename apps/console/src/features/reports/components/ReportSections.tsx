import type { ReportSummary } from '@app/contract/console-reports';
import { Card, Col, Row, Statistic } from 'antd';
import { yuan } from '@/shared/format';
import { EChart } from '../chart/EChart';
import { gamesChart, membersChart, methodsChart, moneyChart, promoChart } from '../charts';
import {
  gameColumns,
  gamesColumns,
  membersColumns,
  methodColumns,
  moneyColumns,
  promoColumns,
} from '../columns';
import { ReportTable } from './ReportTable';

type Props = { report: ReportSummary };

const chartCard = (title: string, children: React.ReactNode) => (
  <Card size="small" title={title} style={{ marginBottom: 16 }}>
    {children}
  </Card>
);

/** The range's headline figures. */
export function ReportTotals({ report }: Props) {
  const items = [
    { title: '存款', value: yuan(report.money.totals.deposits) },
    { title: '提款', value: yuan(report.money.totals.withdrawals) },
    { title: '平台盈亏', value: yuan(report.games.totals.house) },
    { title: '优惠支出', value: yuan(report.promotions.totals.total) },
    { title: '新增会员', value: report.members.totals.new_members },
    { title: '活跃会员', value: report.members.totals.active_members },
  ];
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      {items.map((i) => (
        <Col key={i.title} span={4}>
          <Card size="small">
            <Statistic title={i.title} value={i.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export function MoneySection({ report }: Props) {
  const range = { from: report.from, to: report.to };
  return (
    <>
      <Row gutter={16}>
        <Col span={14}>
          {chartCard('每日存提款', <EChart label="每日存提款图" option={moneyChart(report)} />)}
        </Col>
        <Col span={10}>
          {chartCard(
            '存款方式占比',
            <EChart label="存款方式占比图" option={methodsChart(report.money.deposit_methods)} />,
          )}
        </Col>
      </Row>
      <ReportTable
        title="每日资金"
        file="每日资金"
        range={range}
        columns={moneyColumns}
        rows={report.money.days}
        totals={report.money.totals}
      />
      <Row gutter={16}>
        <Col span={12}>
          <ReportTable
            title="存款方式"
            file="存款方式"
            range={range}
            columns={methodColumns}
            rows={report.money.deposit_methods}
          />
        </Col>
        <Col span={12}>
          <ReportTable
            title="提款方式"
            file="提款方式"
            range={range}
            columns={methodColumns}
            rows={report.money.withdrawal_methods}
          />
        </Col>
      </Row>
    </>
  );
}

export function GamesSection({ report }: Props) {
  const range = { from: report.from, to: report.to };
  return (
    <>
      {chartCard('每日投注与平台盈亏', <EChart label="每日投注与平台盈亏图" option={gamesChart(report)} />)}
      <ReportTable
        title="每日游戏"
        file="每日游戏"
        range={range}
        columns={gamesColumns}
        rows={report.games.days}
        totals={report.games.totals}
      />
      <ReportTable
        title="场馆"
        file="场馆"
        range={range}
        columns={gameColumns('场馆')}
        rows={report.games.venues}
      />
      <ReportTable
        title="彩票"
        file="彩票"
        range={range}
        columns={gameColumns('彩种')}
        rows={report.games.lotteries}
      />
    </>
  );
}

export function PromoSection({ report }: Props) {
  const range = { from: report.from, to: report.to };
  return (
    <>
      {chartCard('每日优惠支出', <EChart label="每日优惠支出图" option={promoChart(report)} />)}
      <ReportTable
        title="每日优惠"
        file="每日优惠"
        range={range}
        columns={promoColumns}
        rows={report.promotions.days}
        totals={report.promotions.totals}
      />
    </>
  );
}

export function MembersSection({ report }: Props) {
  const range = { from: report.from, to: report.to };
  return (
    <>
      {chartCard('每日会员', <EChart label="每日会员图" option={membersChart(report)} />)}
      <ReportTable
        title="每日会员"
        file="每日会员"
        range={range}
        columns={membersColumns}
        rows={report.members.days}
        totals={report.members.totals}
      />
    </>
  );
}

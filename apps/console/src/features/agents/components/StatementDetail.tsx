import {
  CONCENTRATION_WARN_BP,
  PLAN_KIND_LABELS,
  STATEMENT_STATE_LABELS,
  bpText,
  type StatementLine,
} from '@app/contract/agent-plans';
import type { StatementView } from '@app/contract/console-agents';
import { formatCents } from '@app/contract/codecs';
import { REBATE_CATEGORY_LABELS } from '@app/contract/enums';
import { Alert, Descriptions, Drawer, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { shortTime, yuan } from '@/shared/format';

/** Cents of a statement's figures as money: 1234 → "¥12.34". */
const money = (cents: number | undefined) => yuan(formatCents(cents ?? 0));

/** "2026-07-01" for a day, "2026-07-01 至 2026-07-07" for a longer period (its end is exclusive). */
export function periodText(s: Pick<StatementView, 'period_start' | 'period_end'>): string {
  const start = s.period_start.slice(0, 10);
  const last = dayjs(s.period_end.replace(' ', 'T')).subtract(1, 'second').format('YYYY-MM-DD');
  return start === last ? start : `${start} 至 ${last}`;
}

/** The largest member's share of the results reaches the warning line (a team of one big player). */
export const concentrated = (s: StatementView) => (s.figures.largest_member_bp ?? 0) >= CONCENTRATION_WARN_BP;

function Lines({ lines }: { lines: StatementLine[] }) {
  return (
    <Table<StatementLine>
      size="small"
      rowKey="category"
      pagination={false}
      dataSource={lines}
      columns={[
        {
          title: '类别',
          dataIndex: 'category',
          render: (c: StatementLine['category']) => REBATE_CATEGORY_LABELS[c],
        },
        { title: '投注', dataIndex: 'stake', align: 'right', render: money },
        { title: '有效投注', dataIndex: 'valid', align: 'right', render: money },
        { title: '负盈利', dataIndex: 'profit', align: 'right', render: money },
        { title: '比例', dataIndex: 'rate_bp', align: 'right', render: (v: number) => bpText(v) },
        { title: '佣金', dataIndex: 'commission', align: 'right', render: money },
        { title: '其中来自下级', dataIndex: 'from_sub_agents', align: 'right', render: money },
      ]}
    />
  );
}

/** A statement's figures: per category, the costs borne, the carry, the payable. */
export function StatementDetail({ statement, onClose }: { statement: StatementView; onClose: () => void }) {
  const f = statement.figures;
  const netLoss = statement.plan.kind === 'net_loss';
  return (
    <Drawer open size={860} title={`账单 #${statement.id}：${statement.agent.username}`} onClose={onClose}>
      {concentrated(statement) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`单一会员占本期输赢的 ${bpText(f.largest_member_bp)}，请核实是否存在对冲或套利后再发放。`}
        />
      )}
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="方案">
          {statement.plan.name}（{PLAN_KIND_LABELS[statement.plan.kind]}）
        </Descriptions.Item>
        <Descriptions.Item label="周期">{periodText(statement)}</Descriptions.Item>
        <Descriptions.Item label="状态">{STATEMENT_STATE_LABELS[statement.state]}</Descriptions.Item>
        <Descriptions.Item label="直属会员">{f.members}</Descriptions.Item>
        <Descriptions.Item label="活跃会员">{f.active}</Descriptions.Item>
        <Descriptions.Item label="达到档位">
          {netLoss ? (f.tier > 0 ? `档位 ${f.tier}` : '未达到') : '—'}
        </Descriptions.Item>
      </Descriptions>
      <Lines lines={f.lines ?? []} />
      <Descriptions size="small" column={2} bordered style={{ marginTop: 16 }} title="结算">
        <Descriptions.Item label="负盈利合计">{money(f.net_loss)}</Descriptions.Item>
        <Descriptions.Item label="佣金合计">{money(f.gross)}</Descriptions.Item>
        {netLoss && (
          <>
            <Descriptions.Item label="返水">{money(f.rebates)}</Descriptions.Item>
            <Descriptions.Item label="活动红利">{money(f.bonuses)}</Descriptions.Item>
            <Descriptions.Item label="红包">{money(f.red_packets)}</Descriptions.Item>
            <Descriptions.Item label="手续费">{money(f.fees)}</Descriptions.Item>
            <Descriptions.Item label="成本分摊比例">{bpText(f.cost_share_bp)}</Descriptions.Item>
            <Descriptions.Item label="承担成本">−{money(f.costs_borne)}</Descriptions.Item>
          </>
        )}
        <Descriptions.Item label="上期结转">{money(f.carried_in)}</Descriptions.Item>
        <Descriptions.Item label="本期结果">{money(f.result)}</Descriptions.Item>
        <Descriptions.Item label="应发佣金">
          <Typography.Text strong>{money(f.payable)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="结转下期">{money(f.carry_out)}</Descriptions.Item>
        <Descriptions.Item label="最大单一会员占比">{bpText(f.largest_member_bp ?? 0)}</Descriptions.Item>
        <Descriptions.Item label="发放">
          {statement.paid_at ? `${statement.paid_by}，${shortTime(statement.paid_at)}` : '—'}
        </Descriptions.Item>
      </Descriptions>
    </Drawer>
  );
}

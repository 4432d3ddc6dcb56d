import { consoleApproveWithdrawal, type ConsoleWithdrawalRow } from '@app/contract/console-money';
import { msgRiskWaiting, RISK_STATES } from '@app/contract/console-risk';
import { msgWithdrawalHeld, shortDateTime, type WithdrawalHold } from '@app/contract/withdrawal-review';
import { Alert, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useMayCall } from '@/shared/session';

/** Waiting for 风控 (scored at or above the hold score when made, not cleared yet). */
export const waitsForRisk = (row: ConsoleWithdrawalRow) =>
  row.state === 1 && row.risk_state === RISK_STATES.waiting;

/** Whether approving the row is refused now (a pending row with a running hold, or waiting for 风控). */
export const isHeld = (row: ConsoleWithdrawalRow) =>
  (row.state === 1 && row.holds.length > 0) || waitsForRisk(row);

/** Why 通过 is disabled. */
const heldMessage = (row: ConsoleWithdrawalRow) =>
  row.holds.length > 0 ? msgWithdrawalHeld(row.holds) : msgRiskWaiting(row.risk_score);

/** The queue's 风控 tag: 待风控 with the score (orange), 风控已放行 (green). */
export function RiskTag({ row }: { row: ConsoleWithdrawalRow }) {
  if (waitsForRisk(row)) return <Tag color="warning">待风控 {row.risk_score}分</Tag>;
  if (row.risk_state === RISK_STATES.cleared) return <Tag color="success">风控已放行</Tag>;
  return null;
}

const latest = (holds: readonly WithdrawalHold[]) => holds.reduce((m, h) => (h.until > m ? h.until : m), '');

/** The queue's red tag: 暂缓 and until when; the reasons on hover. */
export function HoldTag({ holds }: { holds: readonly WithdrawalHold[] }) {
  if (holds.length === 0) return null;
  return (
    <Tooltip title={holds.map((h) => h.reason).join('；')}>
      <Tag color="error">暂缓至 {shortDateTime(latest(holds))}</Tag>
    </Tooltip>
  );
}

/** The drawer's red reasons, first thing the reviewer reads. */
export function HoldAlert({ holds }: { holds: readonly WithdrawalHold[] }) {
  if (holds.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={`疑似账户被盗用：暂缓出款至 ${shortDateTime(latest(holds))}，期间不能通过，可以拒绝`}
      description={
        <Space orientation="vertical" size={2}>
          {holds.map((h) => (
            <Typography.Text key={h.reason} type="danger">
              {h.reason}（至 {shortDateTime(h.until)}）
            </Typography.Text>
          ))}
        </Space>
      }
    />
  );
}

/** 通过, disabled with the reason while the withdrawal is held; not shown to a role that cannot pay out (风控). */
export function ApproveButton(props: {
  row: ConsoleWithdrawalRow;
  size?: 'small' | 'middle';
  busy: boolean;
  loading?: boolean;
  onApprove: (row: ConsoleWithdrawalRow) => void;
}) {
  const held = isHeld(props.row);
  const mayApprove = useMayCall(consoleApproveWithdrawal);
  if (!mayApprove) return null;
  const button = (
    <Button
      type="primary"
      size={props.size}
      disabled={held || props.busy}
      loading={props.loading}
      onClick={() => props.onApprove(props.row)}
    >
      通过
    </Button>
  );
  if (!held) return button;
  // A disabled button gets no mouse events: the tooltip sits on its wrapper.
  return (
    <Tooltip title={heldMessage(props.row)}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }} data-testid="held-approve">
        {button}
      </span>
    </Tooltip>
  );
}

import { REVIEW_STATE_OPERATOR_LABELS as LABELS, REVIEW_STATES } from '@app/contract/enums';
import { Space, Typography } from 'antd';
import { shortTime } from './format';
import { ReviewButtons } from './ReviewButtons';

const { Text } = Typography;

/** What a review queue's row says of its review (the contract's ReviewedBy fields and its state). */
export interface Reviewed {
  state: number;
  reviewed_by: string;
  reviewed_at: string | null;
  review_note: string;
}

/** 待审核, or 已通过 / 已拒绝 · who, when, and the reason they gave. */
export function ReviewedInfo({ row }: { row: Reviewed }) {
  if (row.state === REVIEW_STATES.pending)
    return <Text type="secondary">{LABELS[REVIEW_STATES.pending]}</Text>;
  const approved = row.state === REVIEW_STATES.approved;
  return (
    <Space orientation="vertical" size={0}>
      <Text type={approved ? 'success' : 'danger'}>
        {LABELS[approved ? REVIEW_STATES.approved : REVIEW_STATES.rejected]} · {row.reviewed_by || '—'}
      </Text>
      <Text type="secondary">{shortTime(row.reviewed_at)}</Text>
      {row.review_note && <Text>原因：{row.review_note}</Text>}
    </Space>
  );
}

/** A money queue's columns' hands: the state filter, the row whose approval runs, the reviews. */
export interface ReviewActions<Row> {
  /** The state filter: pending lists show the buttons, reviewed ones who reviewed. */
  state: number;
  busyId: number | null;
  onApprove: (row: Row) => void;
  onReject: (row: Row) => void;
}

/** 通过 / 拒绝 of a pending row (the running approval loading, the rest disabled); else who reviewed it. */
export function ReviewCell<Row extends Reviewed & { id: number }>(props: {
  row: Row;
  a: ReviewActions<Row>;
}) {
  const { row, a } = props;
  if (row.state !== REVIEW_STATES.pending) return <ReviewedInfo row={row} />;
  return (
    <ReviewButtons
      busy={a.busyId !== null}
      approving={a.busyId === row.id}
      onApprove={() => a.onApprove(row)}
      onReject={() => a.onReject(row)}
    />
  );
}

import { Button, Popconfirm, Space, Typography } from 'antd';

/**
 * 通过 / 拒绝 of a pending row the operator may review (else —). While a review runs (`busy`) both are
 * disabled but the approval that runs (`approving`, its button loading). With `confirm`, 通过 asks
 * first in a Popconfirm.
 */
export function ReviewButtons(props: {
  show?: boolean;
  busy: boolean;
  approving?: boolean;
  onApprove: () => void;
  onReject: () => void;
  confirm?: { title: string; description: string };
}) {
  if (props.show === false) return <Typography.Text type="secondary">—</Typography.Text>;
  const approve = (
    <Button
      type="primary"
      size="small"
      disabled={props.busy && !props.approving}
      loading={props.approving}
      onClick={props.confirm ? undefined : props.onApprove}
    >
      通过
    </Button>
  );
  return (
    <Space>
      {props.confirm ? (
        <Popconfirm
          title={props.confirm.title}
          description={props.confirm.description}
          okText="确认通过"
          cancelText="取消"
          onConfirm={props.onApprove}
        >
          {approve}
        </Popconfirm>
      ) : (
        approve
      )}
      <Button danger size="small" disabled={props.busy} onClick={props.onReject}>
        拒绝
      </Button>
    </Space>
  );
}

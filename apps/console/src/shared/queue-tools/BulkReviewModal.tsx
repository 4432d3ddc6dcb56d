import { REVIEW_REASON_MAX } from '@app/contract/console-define';
import { bulkSummary, MSG_BULK_REASON, type BulkResult } from '@app/contract/console-queue';
import { Alert, Button, Form, Input, List, Modal, Typography } from 'antd';

export type BulkVerb = 'approve' | 'reject';
const VERB_LABEL: Record<BulkVerb, string> = { approve: '通过', reject: '拒绝' };

/** The per-item outcome of a bulk review: the summary line and each order not done with its reason. */
export function BulkResultSummary({ result, label }: { result: BulkResult; label: (id: number) => string }) {
  const failed = result.results.filter((r) => !r.ok);
  return (
    <>
      <Alert
        type={result.failed === 0 ? 'success' : 'warning'}
        showIcon
        message={bulkSummary(result)}
        style={{ marginBottom: 12 }}
      />
      {failed.length > 0 && (
        <List
          size="small"
          bordered
          aria-label="未处理的订单"
          dataSource={failed}
          renderItem={(r) => (
            <List.Item>
              <Typography.Text strong>{label(r.id)}</Typography.Text>：{r.message}
            </List.Item>
          )}
        />
      )}
    </>
  );
}

/**
 * 批量通过 / 批量拒绝 of the selected orders with one reason (required to reject, optional to approve):
 * the button loads while the call runs; then the per-item result stays until the dialog is closed.
 */
export function BulkReviewModal(props: {
  verb: BulkVerb | null;
  count: number;
  busy: boolean;
  error: string | null;
  result: BulkResult | null;
  /** The order number of an id, for the result's lines. */
  label: (id: number) => string;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [form] = Form.useForm<{ reason?: string }>();
  const verb = props.verb ?? 'approve';
  const word = VERB_LABEL[verb];
  const done = props.result !== null;
  return (
    <Modal
      open={props.verb !== null}
      title={`批量${word}（已选 ${props.count} 笔）`}
      okText={done ? '关闭' : `确认${word}`}
      okButtonProps={{ danger: verb === 'reject' && !done, loading: props.busy }}
      cancelButtonProps={{ disabled: props.busy, style: done ? { display: 'none' } : undefined }}
      onCancel={props.onCancel}
      onOk={() => (done ? props.onCancel() : form.submit())}
      // Rendered only while open (no hidden copy of its field and buttons beside the queue's own dialogs).
      destroyOnHidden
    >
      {props.error && <Alert type="error" showIcon message={props.error} style={{ marginBottom: 16 }} />}
      {props.result ? (
        <BulkResultSummary result={props.result} label={props.label} />
      ) : (
        <Form
          form={form}
          name="bulk-review"
          layout="vertical"
          disabled={props.busy}
          onFinish={(v) => props.onSubmit((v.reason ?? '').trim())}
        >
          <Form.Item
            name="reason"
            label={verb === 'reject' ? '拒绝原因' : '备注（选填）'}
            rules={[
              { required: verb === 'reject', whitespace: true, message: MSG_BULK_REASON },
              { max: REVIEW_REASON_MAX, message: `原因最多${REVIEW_REASON_MAX}个字` },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={REVIEW_REASON_MAX}
              showCount
              placeholder="每笔订单使用同一原因"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The toolbar of a selection: how many are selected and the two bulk buttons. */
export function BulkBar(props: {
  count: number;
  mayApprove: boolean;
  mayReject: boolean;
  onStart: (verb: BulkVerb) => void;
  onClear: () => void;
}) {
  if (props.count === 0) return null;
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 12 }}>
      <Typography.Text>已选 {props.count} 笔</Typography.Text>
      {props.mayApprove && (
        <Button type="primary" onClick={() => props.onStart('approve')}>
          批量通过
        </Button>
      )}
      {props.mayReject && (
        <Button danger onClick={() => props.onStart('reject')}>
          批量拒绝
        </Button>
      )}
      <Button type="link" onClick={props.onClear}>
        取消选择
      </Button>
    </div>
  );
}

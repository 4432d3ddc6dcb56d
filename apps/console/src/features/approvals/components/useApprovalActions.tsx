import { APPROVAL_KIND_LABELS, type ApprovalItem } from '@app/contract/console-approvals';
import { App, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/shared/api';
import type { OneTimePassword } from '@/shared/OneTimePasswordModal';
import { useCancelApproval, useDecideApproval } from '../api';

/** The operator a password-making change was about (its name is in the summary), for the dialog. */
const operatorNameOf = (summary: string) => /操作员 ([A-Za-z0-9_]+)/.exec(summary)?.[1] ?? summary;

/** 通过, asked first with the summary; a one-time password the approval made kept for its dialog. */
function useApprove(decide: ReturnType<typeof useDecideApproval>) {
  const { message, modal } = App.useApp();
  const [shown, setShown] = useState<OneTimePassword | null>(null);
  const approve = async (item: ApprovalItem) => {
    try {
      const r = await decide.mutateAsync({ id: item.id, approve: true, note: '' });
      if (r.data.item.status === 'failed') void message.error({ content: r.message, duration: 8 });
      else void message.success(r.message || '已通过，变更已生效');
      if (r.data.password) {
        const title = item.kind === 'operator.reset' ? '操作员已重置' : '操作员已创建';
        setShown({ name: operatorNameOf(item.summary), password: r.data.password, title });
      }
    } catch (err) {
      void message.error(errorMessage(err));
    }
  };
  const confirmApprove = (item: ApprovalItem) => {
    void modal.confirm({
      title: `通过此变更（${APPROVAL_KIND_LABELS[item.kind]}）？`,
      content: (
        <>
          <Typography.Paragraph strong>{item.summary}</Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            提交人：{item.maker_name}
            {item.reason ? `，原因：${item.reason}` : ''}。通过后立即生效。
          </Typography.Paragraph>
        </>
      ),
      okText: '确认通过',
      cancelText: '取消',
      onOk: () => approve(item),
    });
  };
  return { confirmApprove, password: { value: shown, onClose: () => setShown(null) } };
}

/** 驳回 with a note, in a ReasonDialog: a refused note (400) keeps it open, any other refusal closes it. */
function useReject(decide: ReturnType<typeof useDecideApproval>) {
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<ApprovalItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (note: string) => {
    if (!rejecting) return;
    setError(null);
    decide.mutate(
      { id: rejecting.id, approve: false, note },
      {
        onSuccess: (r) => {
          void message.success(r.message || '已驳回');
          setRejecting(null);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 400) return setError(errorMessage(err));
          void message.error(errorMessage(err));
          setRejecting(null);
        },
      },
    );
  };
  const start = (item: ApprovalItem) => {
    setError(null);
    setRejecting(item);
  };
  const dialog = {
    open: rejecting !== null,
    subject: rejecting?.summary,
    busy: decide.isPending,
    error,
    onCancel: () => setRejecting(null),
    onSubmit: submit,
  };
  return { start, dialog };
}

/**
 * 通过, 驳回 and 撤回 of the queue's items. The server's message is what the operator reads:
 * 已通过…, 变更未能生效：…, 已驳回, 已撤回, or its refusal (409: someone else decided first). The
 * queue is read again after each, refused or not.
 */
export function useApprovalActions() {
  const { message } = App.useApp();
  const decide = useDecideApproval();
  const cancel = useCancelApproval();
  const { confirmApprove, password } = useApprove(decide);
  const reject = useReject(decide);
  const withdraw = (item: ApprovalItem) =>
    cancel.mutate(item.id, {
      onSuccess: (r) => void message.success(r.message || '已撤回'),
      onError: (err) => void message.error(errorMessage(err)),
    });
  const busy = decide.isPending ? decide.variables?.id : cancel.isPending ? cancel.variables : undefined;
  return {
    busyId: busy === undefined ? null : Number(busy),
    confirmApprove,
    startReject: reject.start,
    withdraw,
    dialog: reject.dialog,
    password,
  };
}

import {
  consoleSupportClose,
  consoleSupportTransfer,
  MSG_SUPPORT_TAG,
  type SupportConversationRow,
} from '@app/contract/console-support';
import { SUPPORT_CLOSE_TAGS } from '@app/contract/support-desk';
import { OPERATOR_ROLE_LABELS, type OperatorRole } from '@app/contract/console-define';
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';
import { useOperator } from '@/shared/session';
import { supportOperatorsQuery, useSupportAction } from '../api';

interface Props {
  conversation: SupportConversationRow;
  onClose: () => void;
}

function WriteError({ write }: { write: { isError: boolean; error: unknown } }) {
  if (!write.isError) return null;
  return <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errorMessage(write.error)} />;
}

/** 转接: a colleague who works the desk (online or not); 财务 takes money questions. */
export function TransferModal({ conversation, onClose }: Props) {
  const me = useOperator();
  const operators = useQuery(supportOperatorsQuery);
  const [target, setTarget] = useState<number | null>(null);
  const transfer = useSupportAction(consoleSupportTransfer, onClose);
  const others = (operators.data?.items ?? []).filter((o) => o.id !== me.id);
  return (
    <Modal
      open
      title={`转接会话：${conversation.name}`}
      okText="转接"
      cancelText="取消"
      okButtonProps={{ loading: transfer.isPending, disabled: target === null }}
      cancelButtonProps={{ disabled: transfer.isPending }}
      onCancel={onClose}
      onOk={() => target !== null && transfer.mutate({ id: conversation.id, operator_id: target })}
    >
      <WriteError write={transfer} />
      <Typography.Paragraph type="secondary">充值、提现等资金问题请转接给财务处理。</Typography.Paragraph>
      {operators.isPending ? (
        <Typography.Text type="secondary">加载中…</Typography.Text>
      ) : operators.isError ? (
        <Alert type="error" showIcon title={errorMessage(operators.error)} />
      ) : others.length === 0 ? (
        <Typography.Text type="secondary">暂无可转接的同事</Typography.Text>
      ) : (
        <Radio.Group value={target} onChange={(e) => setTarget(e.target.value as number)}>
          <Space orientation="vertical">
            {others.map((o) => (
              <Radio key={o.id} value={o.id}>
                {o.nickname}（{o.name}）
                <Tag style={{ marginLeft: 8 }}>{OPERATOR_ROLE_LABELS[o.role as OperatorRole] ?? o.role}</Tag>
                {o.online ? <Tag color="green">在线</Tag> : <Tag>离线</Tag>}
                <Typography.Text type="secondary">接待中 {o.open}</Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
    </Modal>
  );
}

/** 结束: files the conversation under one of the contract's tags. */
export function CloseModal({ conversation, onClose }: Props) {
  const [tag, setTag] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const close = useSupportAction(consoleSupportClose, onClose);
  return (
    <Modal
      open
      title={`结束会话：${conversation.name}`}
      okText="结束会话"
      cancelText="取消"
      okButtonProps={{ loading: close.isPending, danger: true }}
      cancelButtonProps={{ disabled: close.isPending }}
      onCancel={onClose}
      onOk={() => {
        if (!tag) return setMissing(true);
        close.mutate({ id: conversation.id, tag: tag as (typeof SUPPORT_CLOSE_TAGS)[number] });
      }}
    >
      <WriteError write={close} />
      <Typography.Paragraph>会话分类</Typography.Paragraph>
      <Radio.Group
        value={tag}
        onChange={(e) => {
          setTag(e.target.value as string);
          setMissing(false);
        }}
        options={SUPPORT_CLOSE_TAGS.map((t) => ({ value: t, label: t }))}
      />
      {missing && (
        <Typography.Paragraph type="danger" style={{ marginTop: 8 }}>
          {MSG_SUPPORT_TAG}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

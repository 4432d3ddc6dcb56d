import { consoleResetMemberPassword } from '@app/contract/console-members';
import { Alert, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';
import { useMemberAction } from './useMemberAction';

const LABEL = { login: '登录密码', pay: '支付密码' } as const;

/**
 * Resets the login or payment password to a one-time random one, shown here once (copyable): the
 * member must change it at the next sign-in (login) or before withdrawing (pay).
 */
export function PasswordModal({
  member,
  kind,
  onClose,
}: {
  member: { id: number; name: string };
  kind: 'login' | 'pay' | null;
  onClose: () => void;
}) {
  const [result, setResult] = useState<{ password: string; sessions_ended: number } | null>(null);
  const action = useMemberAction(consoleResetMemberPassword, (r) => setResult(r));
  const close = () => {
    setResult(null);
    action.reset();
    onClose();
  };
  const label = kind ? LABEL[kind] : '';
  return (
    <Modal
      open={kind !== null}
      title={`重置${label}：${member.name}`}
      okText={result ? '我已记下' : '确认重置'}
      okButtonProps={{ danger: !result, loading: action.isPending }}
      cancelButtonProps={{ disabled: action.isPending, style: result ? { display: 'none' } : undefined }}
      onCancel={close}
      onOk={() => (result || !kind ? close() : action.mutate({ id: member.id, kind }))}
      maskClosable={false}
      destroyOnHidden
    >
      {result ? (
        <>
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            message={`${label}已重置`}
            description={
              kind === 'login'
                ? `该会员的 ${result.sessions_ended} 个登录已失效。这是一次性密码：会员下次用它登录后必须先修改登录密码，才能使用其他功能。`
                : '这是一次性密码：会员须先在「修改密码」中用它修改支付密码，才能提款或绑定银行卡。'
            }
          />
          <Typography.Paragraph>
            一次性{label}（仅显示这一次，关闭后无法再查看；会员修改后的新密码客服无从得知）：
          </Typography.Paragraph>
          <Typography.Text
            code
            copyable={{ text: result.password, tooltips: ['复制', '已复制'] }}
            style={{ fontSize: 20 }}
          >
            {result.password}
          </Typography.Text>
        </>
      ) : (
        <>
          {action.isError && (
            <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(action.error)} />
          )}
          <Typography.Paragraph>
            将为会员 {member.name} 生成一个一次性{label}，原{label}立即失效。
            {kind === 'login' ? '该会员的所有登录也将立即失效。' : ''}
            会员必须在下次{kind === 'login' ? '登录' : '提款'}前用它设置自己的新{label}
            ，客服不会知道会员保留的密码。
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}

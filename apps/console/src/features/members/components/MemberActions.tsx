import {
  consoleAdjustMember,
  consoleBlockMember,
  consoleMessageMember,
  consoleResetMemberPassword,
  consoleUnlockMemberPayPassword,
  type MemberDetail,
} from '@app/contract/console-members';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';
import { useMayCall } from '@/shared/session';
import { AdjustModal } from './AdjustModal';
import { BlockModal } from './BlockModal';
import { MessageModal } from './MessageModal';
import { PasswordModal } from './PasswordModal';
import { useMemberAction } from './useMemberAction';

type Open = 'block' | 'adjust' | 'message' | null;

/** The actions an operator's role may take on this member (the server checks the role again). */
export function MemberActions({ member }: { member: MemberDetail }) {
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState<Open>(null);
  const [password, setPassword] = useState<'login' | 'pay' | null>(null);
  const mayBlock = useMayCall(consoleBlockMember);
  const mayAdjust = useMayCall(consoleAdjustMember);
  const mayReset = useMayCall(consoleResetMemberPassword);
  const mayUnlock = useMayCall(consoleUnlockMemberPayPassword);
  const mayMessage = useMayCall(consoleMessageMember);
  const unlock = useMemberAction(consoleUnlockMemberPayPassword, () =>
    message.success(`已解除会员 ${member.name} 的支付密码锁定`),
  );
  const central = member.wallets.find((w) => w.venue === 'central')?.balance ?? '0.00';

  const confirmUnlock = () =>
    modal.confirm({
      title: '解除支付密码锁定',
      content: `清除会员 ${member.name} 的支付密码错误次数（当前 ${member.pay_password_failures} 次），会员可立即重新输入支付密码。`,
      okText: '确认解除',
      cancelText: '取消',
      onOk: () =>
        unlock.mutateAsync({ id: member.id }).catch((err: unknown) => {
          message.error(errorMessage(err));
        }),
    });

  return (
    <>
      <Space wrap>
        {mayBlock && (
          <Button danger={!member.blocked} onClick={() => setOpen('block')}>
            {member.blocked ? '解除冻结' : '冻结'}
          </Button>
        )}
        {mayAdjust && (
          <Button type="primary" onClick={() => setOpen('adjust')}>
            调整余额
          </Button>
        )}
        {mayReset && <Button onClick={() => setPassword('login')}>重置登录密码</Button>}
        {mayReset && <Button onClick={() => setPassword('pay')}>重置支付密码</Button>}
        {mayUnlock && (
          <Button
            onClick={confirmUnlock}
            loading={unlock.isPending}
            disabled={member.pay_password_failures === 0}
          >
            解除支付密码锁定
          </Button>
        )}
        {mayMessage && <Button onClick={() => setOpen('message')}>发送站内信</Button>}
      </Space>
      <BlockModal member={member} open={open === 'block'} onClose={() => setOpen(null)} />
      <AdjustModal member={member} balance={central} open={open === 'adjust'} onClose={() => setOpen(null)} />
      <MessageModal member={member} open={open === 'message'} onClose={() => setOpen(null)} />
      <PasswordModal member={member} kind={password} onClose={() => setPassword(null)} />
    </>
  );
}

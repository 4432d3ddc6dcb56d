import Button from 'antd-mobile/es/components/button';
import { MSG_MUST_CHANGE_PASSWORD } from '@app/contract/auth';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/shared/api/client';
import { useLogout } from '@/shared/session/api';
import { useAppInfo, useUsername } from '@/shared/session/store';
import { showToast } from '@/shared/ui/toast';
import { useChangeOneTimePassword } from '../api';
import { PasswordInput } from '../components/PasswordInput';
import { validateOneTimeChange, type OneTimePasswordForm } from '../rules';
import '../auth.css';

const EMPTY: OneTimePasswordForm = { old: '', next: '', confirm: '' };

/**
 * The forced 修改登录密码 (issue 29): shown instead of the whole app while the member is signed in with
 * a one-time password an operator set. No back arrow, no tab bar: the one-time password, a new one
 * and its confirmation, or 退出登录. After the change the app goes on where it was, with this session.
 */
export default function ForcedPasswordScreen() {
  const title = useAppInfo()?.title || '娱乐城';
  const username = useUsername();
  const change = useChangeOneTimePassword();
  const logout = useLogout();
  const [form, setForm] = useState(EMPTY);
  const [leaving, setLeaving] = useState(false);
  const set = (name: keyof OneTimePasswordForm) => (value: string) =>
    setForm((f) => ({ ...f, [name]: value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateOneTimeChange(form);
    if (problem) {
      showToast(problem, 'fail');
      return;
    }
    if (change.isPending) return;
    change.mutate(
      { password: form.old, paypassword: form.next },
      { onError: (err) => showToast(errorMessage(err), 'fail') },
    );
  };

  return (
    <div className="auth-screen" data-testid="forced-password">
      <div className="auth-top auth-top-plain">
        <span className="auth-site">{title}</span>
      </div>
      <h1 className="auth-heading">修改登录密码</h1>
      <div className="auth-notice" role="alert">
        <p>{MSG_MUST_CHANGE_PASSWORD}</p>
        <p className="auth-notice-detail">
          {username ? `账号 ${username} ` : ''}
          正在使用客服提供的一次性密码。请设置只有您自己知道的新密码（6~16位），修改后即可继续使用。
        </p>
      </div>
      <form className="auth-form" aria-label="修改登录密码" onSubmit={onSubmit} noValidate>
        <PasswordInput
          label="一次性密码"
          placeholder="请输入客服提供的一次性密码"
          value={form.old}
          onChange={set('old')}
          autoComplete="current-password"
        />
        <PasswordInput label="新密码" value={form.next} onChange={set('next')} autoComplete="new-password" />
        <PasswordInput
          label="确认密码"
          value={form.confirm}
          onChange={set('confirm')}
          autoComplete="new-password"
        />
        <Button type="submit" color="primary" block shape="rounded" loading={change.isPending}>
          确认修改
        </Button>
        <Button
          type="button"
          block
          shape="rounded"
          className="auth-trial"
          disabled={change.isPending || leaving}
          onClick={() => {
            setLeaving(true);
            void logout();
          }}
        >
          退出登录
        </Button>
      </form>
    </div>
  );
}

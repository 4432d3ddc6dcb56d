import { useState } from 'react';
import { useSearchParams } from '@app/mobile/router';
import { errorMessage } from '@/shared/api/client';
import { useBack, useGo } from '@/shared/navigation/useGo';
import { useLogout } from '@/shared/session/api';
import { FormField } from '@/shared/ui/FormField';
import { showToast } from '@/shared/ui/toast';
import { useChangePassword } from '../api';
import { PROFILE_FIELD } from '../components/fields';
import {
  MSG_PASSWORD_DONE,
  passwordKindOf,
  passwordLength,
  validatePasswordChange,
  type PasswordForm,
} from '../rules';
import '../profile.css';

const EMPTY: PasswordForm = { old: '', next: '', confirm: '' };

const FIELDS: { name: keyof PasswordForm; label: string; placeholder: string; autoComplete: string }[] = [
  { name: 'old', label: '旧密码', placeholder: '请输入旧密码', autoComplete: 'current-password' },
  { name: 'next', label: '新密码', placeholder: '请输入新密码', autoComplete: 'new-password' },
  { name: 'confirm', label: '确认密码', placeholder: '请输入确认密码', autoComplete: 'new-password' },
];

/** What the payment password is before any change, and whom to ask when it is forgotten. */
function PayPasswordOrigin() {
  const go = useGo();
  return (
    <p className="profile-hint" data-testid="pay-password-origin">
      未修改过的支付密码即注册时设置的登录密码，请将其填入「旧密码」。忘记支付密码请
      <button
        type="button"
        className="link-button"
        style={{ padding: 0, fontSize: 'inherit' }}
        onClick={() => go('/kefu')}
      >
        联系在线客服
      </button>
      。
    </p>
  );
}

/**
 * /password (login): ?type=1 changes the login password, then logs out and goes to /login (spec §4);
 * any other type changes the withdrawal (payment) password. Messages of spec §5 in their order.
 */
export default function PasswordScreen() {
  const [params] = useSearchParams();
  const kind = passwordKindOf(params.get('type'));
  const { max } = passwordLength(kind);
  const change = useChangePassword(kind);
  const logout = useLogout();
  const back = useBack();
  const [form, setForm] = useState(EMPTY);
  const [leaving, setLeaving] = useState(false);
  const busy = change.isPending || leaving;

  const submit = () => {
    const problem = validatePasswordChange(form, kind);
    if (problem) {
      showToast(problem, 'fail');
      return;
    }
    change.mutate(
      { password: form.old, paypassword: form.next },
      {
        onSuccess: async () => {
          showToast(MSG_PASSWORD_DONE, 'success');
          setForm(EMPTY);
          if (kind === 'login') {
            setLeaving(true);
            await logout();
          } else {
            back();
          }
        },
        onError: (e) => showToast(errorMessage(e), 'fail'),
      },
    );
  };

  const title = kind === 'login' ? '修改登录密码' : '修改支付密码';
  return (
    <form
      className="profile-form"
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 className="visually-hidden">{title}</h2>
      <div className="profile-card">
        {FIELDS.map((f) => (
          <FormField
            key={f.name}
            label={f.label}
            classes={PROFILE_FIELD}
            type="password"
            autoComplete={f.autoComplete}
            placeholder={f.placeholder}
            maxLength={max}
            value={form[f.name]}
            onChange={(e) => setForm((s) => ({ ...s, [f.name]: e.target.value }))}
          />
        ))}
      </div>
      <p className="profile-hint">
        {kind === 'login'
          ? `登录密码长度6~${max}位，修改成功后需重新登录`
          : `支付密码长度6~${max}位，用于取款与绑定银行卡`}
      </p>
      {kind !== 'login' && <PayPasswordOrigin />}
      <button type="submit" className="profile-submit" disabled={busy} aria-busy={busy}>
        {busy ? '提交中…' : '确认修改'}
      </button>
    </form>
  );
}

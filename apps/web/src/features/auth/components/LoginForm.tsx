import Button from 'antd-mobile/es/components/button';
import { MSG_LOGIN_MISSING, TRIAL_ACCOUNT } from '@app/contract/auth';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from '@app/mobile/router';
import { errorMessage } from '@/shared/api/client';
import { useGo } from '@/shared/navigation/useGo';
import { openDesk } from '@/shared/queries/desk';
import { showToast } from '@/shared/ui/toast';
import { useLogin, type LoginInput } from '../api';
import { INPUT_MAX, loginComplete } from '../rules';
import { PasswordInput } from './PasswordInput';

/** 立即注册 (keeping the referrer's pid) and 在线客服. */
function LoginLinks({ pid }: { pid: string }) {
  const go = useGo();
  return (
    <div className="auth-links">
      <a
        href={`#/reg2${pid ? `?pid=${encodeURIComponent(pid)}` : ''}`}
        onClick={(e) => {
          e.preventDefault();
          go(pid ? `/reg2?pid=${encodeURIComponent(pid)}` : '/reg2');
        }}
      >
        立即注册
      </a>
      <button type="button" className="link-button" onClick={openDesk}>
        在线客服
      </button>
    </div>
  );
}

/** /login (spec §2): username, password, 自动登录, 登录, 免费试玩, 忘记密码, 在线客服, 立即注册. */
export function LoginForm({ redirect, pid }: { redirect: string; pid: string }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const login = useLogin();
  const navigate = useNavigate();
  const complete = loginComplete(name, password);

  const signIn = (input: LoginInput) =>
    login.mutate(input, {
      // During a time-out or an exclusion: until when, and withdrawing only (责任博彩).
      onSuccess: ({ onBreak }) => void navigate(onBreak ? '/protection' : redirect, { replace: true }),
      onError: (e) => showToast(errorMessage(e, '登录失败'), 'fail'),
    });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!complete) {
      showToast(MSG_LOGIN_MISSING);
      return;
    }
    if (!login.isPending) signIn({ name, password, remember });
  };
  // With the button disabled the browser does not submit on Enter: say what is missing instead.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !complete) {
      e.preventDefault();
      showToast(MSG_LOGIN_MISSING);
    }
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
      <div className="auth-field">
        <input
          className="auth-input"
          aria-label="用户名"
          placeholder="请输入用户名"
          maxLength={INPUT_MAX}
          autoComplete="username"
          autoCapitalize="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <PasswordInput label="密码" value={password} onChange={setPassword} autoComplete="current-password" />
      <div className="auth-row">
        <label className="auth-check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          自动登录
        </label>
        <button type="button" className="link-button" onClick={openDesk}>
          忘记密码
        </button>
      </div>
      <Button
        type="submit"
        color="primary"
        block
        shape="rounded"
        disabled={!complete}
        loading={login.isPending}
      >
        登录
      </Button>
      <Button
        type="button"
        block
        shape="rounded"
        className="auth-trial"
        disabled={login.isPending}
        onClick={() => signIn({ ...TRIAL_ACCOUNT, remember: false })}
      >
        免费试玩
      </Button>
      <LoginLinks pid={pid} />
    </form>
  );
}

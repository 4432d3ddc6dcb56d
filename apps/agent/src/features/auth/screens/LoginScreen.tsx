import { login } from '@app/contract/auth-forms';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from '@app/mobile/router';
import { errorMessage } from '@/shared/api/client';
import { safeRedirect } from '@/shared/navigation';
import { sessionActions, useIsLoggedIn, useNotice } from '@/shared/session/store';
import { useLogin } from '../api';
import '../auth.css';

/** The first problem of the form, by the contract's own messages; null when it can be sent. */
function formProblem(name: string, password: string): string | null {
  const parsed = login.request.safeParse({ name, password });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '请输入您的账号和密码！');
}

/** #/login: the member's name and password; the reason a session ended, when it did. */
export default function LoginScreen() {
  const loggedIn = useIsLoggedIn();
  const notice = useNotice();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useLogin();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const target = safeRedirect(params.get('redirect')) ?? '/';

  if (loggedIn && !signIn.isPending && !signIn.isSuccess) return <Navigate to={target} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (signIn.isPending) return;
    const local = formProblem(name, password);
    setProblem(local);
    sessionActions.clearNotice();
    if (local) return;
    signIn.mutate({ name: name.trim(), password }, { onSuccess: () => navigate(target, { replace: true }) });
  };
  const shown = problem ?? (signIn.isError ? errorMessage(signIn.error) : null) ?? notice;

  return (
    <div className="auth-page">
      <div className="auth-brand">
        <div className="auth-logo" aria-hidden="true">
          代
        </div>
        <h1>代理后台</h1>
        <p>使用会员账号登录（须为已审核通过的代理）</p>
      </div>
      <form className="auth-card" onSubmit={submit} noValidate>
        <label className="auth-field">
          <span>账号</span>
          <input
            className="auth-input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="请输入会员账号"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={32}
          />
        </label>
        <label className="auth-field">
          <span>密码</span>
          <input
            className="auth-input"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            placeholder="请输入登录密码"
            autoComplete="current-password"
            maxLength={32}
          />
        </label>
        {shown && (
          <p className="auth-error" role="alert">
            {shown}
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={signIn.isPending}>
          {signIn.isPending ? '登录中…' : '登录'}
        </button>
      </form>
      <p className="auth-foot">从会员App「我的 → 代理登录」进入，无需再次输入密码</p>
    </div>
  );
}

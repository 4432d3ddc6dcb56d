import { useSearchParams } from '@/shared/router';
import { safeRedirect } from '@/shared/navigation/redirect';
import { AuthFrame } from '../components/AuthFrame';
import { LoginForm } from '../components/LoginForm';
import { RegisterForm } from '../components/RegisterForm';

/** /login: sign in; `type=1` shows registration instead, `pid` fills the referrer (spec §2). */
export default function LoginScreen() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect')) ?? '/';
  const pid = params.get('pid') ?? '';

  if (params.get('type') === '1') {
    return (
      <AuthFrame heading="账号注册">
        <RegisterForm variant="reg2" initialPid={pid} />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame heading="账号登录">
      <LoginForm redirect={redirect} pid={pid} />
    </AuthFrame>
  );
}

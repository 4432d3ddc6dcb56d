import { useSearchParams } from '@app/mobile/router';
import { safeRedirect } from '@/shared/navigation/redirect';
import { AuthFrame } from '../components/AuthFrame';
import { LoginForm } from '../components/LoginForm';
import { RegisterForm } from '../components/RegisterForm';
import { referralOf } from '../rules';
import ForcedPasswordScreen from './ForcedPasswordScreen';
import { useMustChangePassword } from '@/shared/session/store';

/**
 * /login: sign in; `type=1` shows registration instead, `pid` fills the referrer (spec §2). Signed in
 * with a one-time login password, the app opens this route whatever the address (app/routes.tsx) and
 * it shows the forced 修改登录密码 screen instead: the first load's route table names no other file.
 */
export default function LoginScreen() {
  return useMustChangePassword() ? <ForcedPasswordScreen /> : <SignIn />;
}

function SignIn() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect')) ?? '/';
  const pid = params.get('pid') ?? '';

  if (params.get('type') === '1') {
    return (
      <AuthFrame heading="账号注册">
        <RegisterForm variant="reg2" referral={referralOf(params)} />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame heading="账号登录">
      <LoginForm redirect={redirect} pid={pid} />
    </AuthFrame>
  );
}

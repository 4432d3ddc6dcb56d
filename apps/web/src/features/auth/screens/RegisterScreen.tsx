import { useSearchParams } from '@app/mobile/router';
import { AuthFrame } from '../components/AuthFrame';
import { RegisterForm } from '../components/RegisterForm';
import { referralOf } from '../rules';

/** /reg2: registration; `pid` fills the referrer, `invite` an agent's invite code. */
export default function RegisterScreen() {
  const [params] = useSearchParams();
  return (
    <AuthFrame heading="账号注册">
      <RegisterForm variant="reg2" referral={referralOf(params)} />
    </AuthFrame>
  );
}

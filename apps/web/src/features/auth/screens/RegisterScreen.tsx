import { useSearchParams } from '@/shared/router';
import { AuthFrame } from '../components/AuthFrame';
import { RegisterForm } from '../components/RegisterForm';

/** /reg2: registration; `pid` fills the referrer. */
export default function RegisterScreen() {
  const [params] = useSearchParams();
  return (
    <AuthFrame heading="账号注册">
      <RegisterForm variant="reg2" initialPid={params.get('pid') ?? ''} />
    </AuthFrame>
  );
}

import { useSearchParams } from '@app/mobile/router';
import { AuthFrame } from '../components/AuthFrame';
import { RegisterForm } from '../components/RegisterForm';
import { referralOf } from '../rules';

/** /reg: the registration variant whose button reads 注册并下载APP. */
export default function RegisterDownloadScreen() {
  const [params] = useSearchParams();
  return (
    <AuthFrame heading="账号注册">
      <RegisterForm variant="download" referral={referralOf(params)} />
    </AuthFrame>
  );
}

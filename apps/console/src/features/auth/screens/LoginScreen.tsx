import {
  consoleEnrollTotp,
  consoleLogin,
  consoleSetPassword,
  consoleVerifyTotp,
} from '@app/contract/console-auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { callApi, errorMessage, setCsrf } from '@/shared/api';
import { sessionQuery } from '@/shared/session';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { TotpQr } from '../components/TotpQr';

type Step = 'login' | 'password' | 'enroll' | 'totp';

const TITLES: Record<Step, string> = {
  login: '运营后台登录',
  password: '首次登录：设置新密码',
  enroll: '绑定动态验证码',
  totp: '输入动态验证码',
};

/** Sign-in: password, then (first time) a new password and a TOTP enrolment, then the TOTP code. */
export default function LoginScreen() {
  const [step, setStep] = useState<Step>('login');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';

  const run = async (work: () => Promise<void>) => {
    setError('');
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const login = (v: { name: string; password: string }) =>
    run(async () => {
      const r = await callApi(consoleLogin, v);
      setCsrf(r.csrf);
      // An enrolment's secret belongs to the session that was shown it: a new sign-in asks again.
      queryClient.removeQueries({ queryKey: ENROLL_KEY });
      setStep(r.next);
    });
  const setPassword = (v: { password: string }) =>
    run(async () => {
      const r = await callApi(consoleSetPassword, { password: v.password });
      setStep(r.next);
    });
  const verify = (v: { code: string }) =>
    run(async () => {
      const session = await callApi(consoleVerifyTotp, { code: v.code.trim() });
      setCsrf(session.csrf);
      queryClient.setQueryData(sessionQuery.queryKey, session);
      navigate(from.startsWith('/login') ? '/' : from, { replace: true });
    });

  return (
    <div className="login-page">
      <Card title={TITLES[step]} className="login-card">
        {error && <Alert type="error" title={error} showIcon className="login-alert" role="alert" />}
        {step === 'login' && (
          <Form layout="vertical" onFinish={login} requiredMark={false}>
            <Form.Item label="用户名" name="name" rules={[{ required: true, message: '请输入用户名' }]}>
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              登录
            </Button>
          </Form>
        )}
        {step === 'password' && <NewPasswordForm busy={busy} onFinish={setPassword} />}
        {step === 'enroll' && <EnrollStep onRestart={() => setStep('login')} />}
        {(step === 'enroll' || step === 'totp') && (
          <CodeForm busy={busy} autoFocus={step === 'totp'} onFinish={verify} />
        )}
      </Card>
    </div>
  );
}

function CodeForm(props: { busy: boolean; autoFocus: boolean; onFinish: (v: { code: string }) => void }) {
  return (
    <Form layout="vertical" onFinish={props.onFinish} requiredMark={false}>
      <Form.Item
        label="动态验证码"
        name="code"
        extra="身份验证器（如 Google Authenticator、Microsoft Authenticator）中显示的6位数字"
        rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: '请输入6位动态验证码' }]}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} autoFocus={props.autoFocus} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={props.busy}>
        验证并登录
      </Button>
    </Form>
  );
}

function NewPasswordForm({ busy, onFinish }: { busy: boolean; onFinish: (v: { password: string }) => void }) {
  return (
    <Form layout="vertical" onFinish={onFinish} requiredMark={false}>
      <Typography.Paragraph type="secondary">一次性密码只能用一次，请设置您自己的密码。</Typography.Paragraph>
      <NewPasswordFields autoFocus />
      <Button type="primary" htmlType="submit" block loading={busy}>
        下一步
      </Button>
    </Form>
  );
}

const ENROLL_KEY = ['console', 'enroll'];

/** The secret is shown once per session (the server refuses a second time): never asked again here. */
function EnrollStep({ onRestart }: { onRestart: () => void }) {
  const enroll = useQuery({
    queryKey: ENROLL_KEY,
    queryFn: () => callApi(consoleEnrollTotp),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (enroll.isError) {
    return (
      <Alert
        type="error"
        title={errorMessage(enroll.error)}
        showIcon
        action={
          <Button size="small" onClick={onRestart}>
            重新登录
          </Button>
        }
      />
    );
  }
  if (!enroll.data) return <Typography.Text type="secondary">正在生成密钥…</Typography.Text>;
  return (
    <div className="enroll">
      <Typography.Paragraph>用身份验证器扫描二维码，或手动输入密钥：</Typography.Paragraph>
      <TotpQr url={enroll.data.otpauth_url} />
      <Typography.Paragraph copyable={{ text: enroll.data.secret }} code className="enroll-secret">
        {enroll.data.secret}
      </Typography.Paragraph>
    </div>
  );
}

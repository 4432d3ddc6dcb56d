import Button from 'antd-mobile/es/components/button';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/shared/api/client';
import { useSubmission } from '@/shared/api/intent';
import { useBack, useGo } from '@/shared/navigation/useGo';
import { confirmDialog } from '@/shared/ui/dialog';
import { showToast } from '@/shared/ui/toast';
import { useRegister } from '../api';
import { CAPTCHAS } from '../captcha';
import {
  INPUT_MAX,
  INVITE_CODE_LENGTH,
  MSG_CODE_WRONG,
  nextCaptchaIndex,
  registrationComplete,
  validateRegistration,
  type Referral,
} from '../rules';
import { PasswordInput } from './PasswordInput';

export const MSG_REGISTER_FAILED = '注册失败';

/** 责任博彩: once registered, the member is offered a deposit limit (skippable). */
export const DEPOSIT_LIMIT_INVITE =
  '理性娱乐：您可以现在为存款设置每24小时、每7天或每30天的限额，也可以稍后在「我的 → 责任博彩」中设置。';

/**
 * Registration sends the login password as the payment password too (api.ts): the member is told
 * so under the password, and again once registered, since binding a card and withdrawing ask for it.
 */
export const PAY_PASSWORD_NOTE =
  '您设置的登录密码同时作为初始支付密码（绑定银行卡、取款时使用），登录后可在「修改密码」中修改支付密码。';

const captchaSrc = (file: string) => `${import.meta.env.BASE_URL}captcha/${file}`;

/**
 * The registration form's state: the fields, the captcha shown (a new one after a wrong code), and
 * submit: validateRegistration's message (a wrong code clears it), else the registration.
 */
function useRegisterForm(referral: Referral) {
  const [form, setForm] = useState({ name: '', password: '', confirm: '', code: '', ...referral });
  const [captchaIndex, setCaptchaIndex] = useState(() => nextCaptchaIndex(null, CAPTCHAS.length));
  const captcha = CAPTCHAS[captchaIndex] ?? { file: '1.svg', code: '' };
  const register = useRegister();
  const submission = useSubmission();
  const back = useBack();
  const go = useGo();

  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const changeCaptcha = () => setCaptchaIndex((i) => nextCaptchaIndex(i, CAPTCHAS.length));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (register.isPending) return;
    const problem = validateRegistration(form, captcha.code);
    if (problem) {
      showToast(problem);
      if (problem === MSG_CODE_WRONG) {
        setForm((f) => ({ ...f, code: '' }));
        changeCaptcha();
      }
      return;
    }
    // A second tap while this one runs sends nothing (issue 30: it answered 用户名已存在).
    const intentKey = submission.start(form);
    if (intentKey === null) return;
    register.mutate(
      { form, intentKey },
      {
        onSuccess: (message) => {
          submission.succeeded();
          showToast(message || '注册成功', 'success');
          back();
          // 责任博彩: a deposit limit is offered now (skippable), with the payment password's note.
          void confirmDialog(`${PAY_PASSWORD_NOTE}${DEPOSIT_LIMIT_INVITE}`, '温馨提示', undefined, {
            confirm: '设置存款限额',
            cancel: '稍后',
          }).then((set) => set && go('/protection'));
        },
        onError: (error) => {
          submission.failed(error);
          const known = error instanceof ApiError && error.kind !== 'network' && error.kind !== 'timeout';
          showToast(known ? error.message : MSG_REGISTER_FAILED, 'fail');
        },
      },
    );
  };
  return { form, set, captcha, changeCaptcha, onSubmit, pending: register.isPending };
}

/**
 * The referrer's id (推荐人ID), or, when the page came through an agent's invite link, its code: the
 * code places the member, so the referrer field is not shown then.
 */
function ReferralField({
  invite,
  value,
  onChange,
}: {
  invite: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  return invite ? (
    <div className="auth-field">
      {/* Filled from the link, the field has no placeholder left to say what the code is. */}
      <span className="auth-field-label" aria-hidden="true">
        邀请码
      </span>
      <input
        className="auth-input"
        aria-label="邀请码"
        placeholder="邀请码（选填）"
        maxLength={INVITE_CODE_LENGTH}
        autoCapitalize="characters"
        value={value}
        onChange={(e) => onChange(e.target.value.toUpperCase())}
      />
    </div>
  ) : (
    <div className="auth-field">
      <input
        className="auth-input"
        aria-label="推荐人ID"
        placeholder="推荐人ID（选填）"
        inputMode="numeric"
        maxLength={INPUT_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      />
    </div>
  );
}

/** The registration form of /reg2, /reg ('注册并下载APP') and /login?type=1 (spec §2, §5). */
export function RegisterForm({ variant, referral }: { variant: 'reg2' | 'download'; referral: Referral }) {
  const { form, set, captcha, changeCaptcha, onSubmit, pending } = useRegisterForm(referral);
  const go = useGo();
  const complete = registrationComplete(form);

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <div className="auth-field">
        <input
          className="auth-input"
          aria-label="用户名"
          placeholder="请输入用户名"
          maxLength={INPUT_MAX}
          autoComplete="username"
          autoCapitalize="off"
          value={form.name}
          onChange={(e) => set('name')(e.target.value)}
        />
      </div>
      <PasswordInput
        label="密码"
        value={form.password}
        onChange={set('password')}
        autoComplete="new-password"
      />
      <PasswordInput
        label="确认密码"
        placeholder="请再次输入密码"
        value={form.confirm}
        onChange={set('confirm')}
        autoComplete="new-password"
      />
      <p data-testid="pay-password-note" style={{ margin: 0, fontSize: 12, color: 'var(--app-text-2)' }}>
        {PAY_PASSWORD_NOTE}
      </p>
      <ReferralField
        invite={referral.invite !== ''}
        value={referral.invite ? form.invite : form.pid}
        onChange={set(referral.invite ? 'invite' : 'pid')}
      />
      {form.password !== '' && (
        <div className="auth-field">
          <input
            className="auth-input"
            aria-label="验证码"
            placeholder="请输入验证码"
            maxLength={INPUT_MAX}
            autoComplete="off"
            autoCapitalize="off"
            value={form.code}
            onChange={(e) => set('code')(e.target.value)}
          />
          <button type="button" className="auth-captcha" aria-label="看不清？换一张" onClick={changeCaptcha}>
            <img src={captchaSrc(captcha.file)} alt="验证码" width={96} height={35} />
          </button>
        </div>
      )}
      <Button type="submit" color={complete ? 'primary' : 'default'} block shape="rounded" loading={pending}>
        {variant === 'download' ? '注册并下载APP' : '注册'}
      </Button>
      <div className="auth-links">
        <a
          href="#/login"
          onClick={(e) => {
            e.preventDefault();
            go('/login');
          }}
        >
          返回登录
        </a>
      </div>
    </form>
  );
}

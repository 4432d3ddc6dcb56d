import { MSG_MUST_CHANGE_PAY_PASSWORD } from '@app/contract/withdrawals';
import { useGo } from '@/shared/navigation/useGo';

/** The customer-service page, as the tab bar's 客服 opens it. */
export const SERVICE_PATH = '/kefu';
/** Where the payment password is changed (修改密码, the payment password's tab). */
export const PAY_PASSWORD_PATH = '/password?type=2';

/**
 * What the 支付密码 is (registration sends the login password as the payment password), where to change
 * it, and whom to ask when it is forgotten; under every payment-password field.
 */
export function PayPasswordHint() {
  const go = useGo();
  return (
    <p className="wallet-hint" data-testid="pay-password-hint">
      支付密码初始为注册时设置的登录密码，可在
      <button type="button" className="link-button wallet-inline-link" onClick={() => go(PAY_PASSWORD_PATH)}>
        修改密码
      </button>
      中修改；忘记支付密码请
      <button type="button" className="link-button wallet-inline-link" onClick={() => go(SERVICE_PATH)}>
        联系在线客服
      </button>
      。
    </p>
  );
}

/** The help line under a money form: questions go to customer service. */
export function ServiceLine() {
  const go = useGo();
  return (
    <p className="wallet-muted wallet-service-line">
      如有疑问，请联系
      <button type="button" className="link-button wallet-inline-link" onClick={() => go(SERVICE_PATH)}>
        在线客服
      </button>
    </p>
  );
}

/** Where a member sets a deposit limit (责任博彩), under the deposit form. */
export function ProtectionLine() {
  const go = useGo();
  return (
    <p className="wallet-muted wallet-service-line">
      理性娱乐，可
      <button type="button" className="link-button wallet-inline-link" onClick={() => go('/protection')}>
        设置存款限额
      </button>
    </p>
  );
}

/**
 * The payment password is a one-time one an operator set: withdrawals wait until the member changes
 * it (the server refuses them with the same words); the button opens 修改支付密码.
 */
export function PayPasswordResetNotice() {
  const go = useGo();
  return (
    <section className="wallet-card wallet-reset-notice" role="alert" data-testid="pay-password-reset">
      <p>{MSG_MUST_CHANGE_PAY_PASSWORD}</p>
      <p className="wallet-muted">
        请在「修改密码」中用客服提供的一次性支付密码作为旧密码，设置只有您自己知道的新支付密码。
      </p>
      <button type="button" className="wallet-submit" onClick={() => go(PAY_PASSWORD_PATH)}>
        修改支付密码
      </button>
    </section>
  );
}

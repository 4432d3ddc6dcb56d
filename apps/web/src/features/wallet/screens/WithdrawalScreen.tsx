import type { WithdrawKind } from '@app/contract/enums';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueries, useBalance, useCurrentUser } from '@/shared/session/api';
import { Tabs, type TabItem } from '@/shared/ui/Tabs';
import { Field } from '../components/Field';
import { PayPasswordHint, PayPasswordResetNotice, ServiceLine } from '../components/PayPasswordHint';
import { PhonePopup } from '../components/PhonePopup';
import {
  Turnover,
  UsdtReceipt,
  WithdrawAmount,
  WithdrawBalances,
  WithdrawPayee,
} from '../components/WithdrawalSections';
import { useWithdrawalForm } from '../hooks/useWithdrawalForm';
import '../wallet.css';

/** The tabs of spec §2 by type: 1 USDT, 2 bank card, 3 alipay, 4 wechat QR. */
const TABS: TabItem<WithdrawKind>[] = [
  { value: 'usdt', label: 'USDT' },
  { value: 'bank', label: '银行卡' },
  { value: 'alipay', label: '支付宝' },
  { value: 'wechat', label: '微信' },
];

/**
 * /withdrawal and /withdrawAccount (login): 取款 to a USDT address, bank card, alipay or wechat QR; the
 * tab is in the address (`?type=2`), so coming back from adding a card lands on the same tab.
 */
export default function WithdrawalScreen() {
  const { user } = useCurrentUser();
  const qc = useQueryClient();
  // The member again on each visit: a payment password an operator just reset shows at once.
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: sessionQueries.user().queryKey });
  }, [qc]);
  const central = useBalance() ?? user?.balance;
  const form = useWithdrawalForm(user, central);
  const { kind, card, amount, password } = form.values;
  /** A one-time payment password (an operator reset it): no withdrawal before it is changed. */
  const payReset = user?.mustChangePayPassword === true;

  return (
    <form
      className="wallet-screen"
      aria-label="取款"
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <Tabs
        className="wallet-tabs"
        tabClassName="wallet-tab"
        label="取款方式"
        items={TABS}
        value={kind}
        onChange={form.switchTab}
      />
      {payReset && <PayPasswordResetNotice />}
      <WithdrawBalances central={central} game={user?.gameBalance} />

      <section className="wallet-card" aria-label="取款信息">
        <WithdrawPayee form={form} />
        <Turnover />
        <WithdrawAmount form={form} central={central} />
        {kind === 'usdt' && <UsdtReceipt card={card} amount={amount} terms={user} />}
        <Field
          label="支付密码"
          placeholder="请输入支付密码"
          type="password"
          maxLength={18}
          value={password}
          onChange={(e) => form.setPassword(e.target.value)}
        />
        <PayPasswordHint />
      </section>

      <button
        type="submit"
        className="wallet-submit"
        disabled={form.send.pending || payReset}
        aria-busy={form.send.pending}
      >
        立即取款
      </button>
      <ServiceLine />
      <PhonePopup
        visible={form.send.phoneOpen}
        onClose={form.send.closePhone}
        onBound={form.send.onPhoneBound}
      />
    </form>
  );
}

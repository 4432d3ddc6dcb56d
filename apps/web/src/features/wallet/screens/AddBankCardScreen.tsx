import { useState } from 'react';
import { showToast } from '@/shared/ui/toast';
import { BankPicker } from '../components/BankPicker';
import { Field } from '../components/Field';
import { PayPasswordHint } from '../components/PayPasswordHint';
import { useBindOnce } from '../components/useBindOnce';
import { useLeave } from '../components/useLeave';
import { validateBankCard, type BankCardForm } from '../rules';
import '../wallet.css';

const EMPTY: BankCardForm = { holder: '', bank: '', branch: '', cardNo: '', payPass: '' };

/**
 * /addBankCard (login): holder, bank (from banklist), card number, branch, payment password. Then
 * back where the member came from (the /wallet bank-card tab or the withdrawal's), else that tab.
 */
export default function AddBankCardScreen() {
  const bind = useBindOnce(useLeave('/wallet?name=2'));
  const [form, setForm] = useState(EMPTY);
  const set = (name: keyof BankCardForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));

  const submit = () => {
    const message = validateBankCard(form);
    if (message) {
      showToast(message, 'fail');
      return;
    }
    bind.submit({
      bank: form.bank,
      bank_owner: form.holder,
      bank_no: form.cardNo,
      bank_address: form.branch,
      pay_pass: form.payPass,
    });
  };

  return (
    <form
      className="wallet-screen"
      aria-label="添加银行卡"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="wallet-card">
        <Field
          label="持卡人姓名"
          placeholder="请输入姓名"
          maxLength={32}
          value={form.holder}
          onChange={set('holder')}
        />
        <BankPicker value={form.bank} onChange={(bank) => setForm((f) => ({ ...f, bank }))} />
        <Field
          label="银行卡号"
          placeholder="请输入银行卡号"
          inputMode="numeric"
          maxLength={32}
          value={form.cardNo}
          onChange={set('cardNo')}
        />
        <Field
          label="开户行地址"
          placeholder="请输入开户行地址"
          maxLength={128}
          value={form.branch}
          onChange={set('branch')}
        />
        <Field
          label="支付密码"
          placeholder="请输入支付密码"
          type="password"
          maxLength={18}
          value={form.payPass}
          onChange={set('payPass')}
        />
        <PayPasswordHint />
      </div>
      <button type="submit" className="wallet-submit" disabled={bind.pending} aria-busy={bind.pending}>
        确认绑定
      </button>
    </form>
  );
}

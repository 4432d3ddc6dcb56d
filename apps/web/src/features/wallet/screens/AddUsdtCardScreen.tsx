import { USDT_PROTOCOLS, type UsdtProtocol } from '@app/contract/enums';
import { useState } from 'react';
import { useGo } from '@/shared/navigation/useGo';
import { Tabs } from '@/shared/ui/Tabs';
import { showToast } from '@/shared/ui/toast';
import { Field } from '../components/Field';
import { PayPasswordHint } from '../components/PayPasswordHint';
import { useBindOnce } from '../components/useBindOnce';
import { useLeave } from '../components/useLeave';
import { validateUsdtAddress } from '../rules';
import '../wallet.css';

/** /addUsdtCard (login): protocol (TRC20 by default, or ERC20), address, payment password. */
export default function AddUsdtCardScreen() {
  const go = useGo();
  const bind = useBindOnce(useLeave('/wallet?name=1'));
  const [protocol, setProtocol] = useState<UsdtProtocol>('TRC20');
  const [address, setAddress] = useState('');
  const [payPass, setPayPass] = useState('');

  const submit = () => {
    const message = validateUsdtAddress({ protocol, address, payPass });
    if (message) {
      showToast(message, 'fail');
      return;
    }
    bind.submit({ bank: 'USDT', bank_owner: protocol, bank_no: address.trim(), pay_pass: payPass });
  };

  return (
    <form
      className="wallet-screen"
      aria-label="添加USDT地址"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="wallet-card">
        <div className="wallet-field">
          <span className="wallet-field-label" id="usdt-protocol">
            钱包协议
          </span>
          <Tabs
            role="radiogroup"
            className="wallet-tabs"
            tabClassName="wallet-tab"
            labelledBy="usdt-protocol"
            items={USDT_PROTOCOLS.map((p) => ({ value: p, label: p }))}
            value={protocol}
            onChange={setProtocol}
          />
        </div>
        <Field
          label="USDT地址"
          placeholder="请输入USDT地址"
          maxLength={128}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
        <Field
          label="支付密码"
          placeholder="请输入支付密码"
          type="password"
          maxLength={18}
          value={payPass}
          onChange={(e) => setPayPass(e.target.value)}
        />
        <PayPasswordHint />
        <button type="button" className="link-button" onClick={() => go('/usdtmore')}>
          TRC20 与 ERC20 有什么区别？
        </button>
      </div>
      <button type="submit" className="wallet-submit" disabled={bind.pending} aria-busy={bind.pending}>
        确认绑定
      </button>
    </form>
  );
}

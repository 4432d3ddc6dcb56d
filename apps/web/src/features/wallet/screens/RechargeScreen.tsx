import { useCurrentUser } from '@/shared/session/api';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { Tabs } from '@/shared/ui/Tabs';
import {
  DepositAmount,
  DepositorBankFields,
  DepositProtocol,
  ManualDeposit,
  ReceivingCards,
  VoucherPicker,
} from '../components/RechargeSections';
import { DepositLimitPrompt } from '../components/DepositLimitPrompt';
import { ProtectionLine, ServiceLine } from '../components/PayPasswordHint';
import { isManual, useRechargeForm, withBank, type RechargeForm } from '../hooks/useRechargeForm';
import { DEPOSIT_METHOD_LABELS } from '../labels';
import '../wallet.css';

/** /recharge (login): deposit by the methods the site enables, manual deposit always. */
export default function RechargeScreen() {
  const form = useRechargeForm();
  const { user } = useCurrentUser();
  const { ways, method } = form;

  if (ways.isPending) return <BlockLoading lines={5} />;
  if (ways.isError) return <BlockError error={ways.error} onRetry={() => void ways.refetch()} />;

  return (
    <form
      className="wallet-screen"
      aria-label="存款"
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <DepositLimitPrompt />
      <Tabs
        className="wallet-tabs deposit-tabs"
        tabClassName="wallet-tab"
        label="存款方式"
        items={form.methods.map((m) => ({ value: m, label: DEPOSIT_METHOD_LABELS[m] }))}
        value={method}
        onChange={form.switchMethod}
      />

      {isManual(method) ? <ManualDeposit /> : <DepositForm form={form} usdtRate={user?.usdtRate} />}
      <ServiceLine />
      <ProtectionLine />
    </form>
  );
}

/** The deposit form of a method with its own details (all but 人工存款). */
function DepositForm({ form, usdtRate }: { form: RechargeForm; usdtRate: number | undefined }) {
  const { method } = form;
  return (
    <>
      {withBank(method) && (
        <section className="wallet-card" aria-label="收款账户信息">
          <h2 className="wallet-card-title">收款账户</h2>
          <ReceivingCards />
        </section>
      )}

      <section className="wallet-card" aria-label="存款信息">
        {method === 'usdt' && <DepositProtocol form={form} />}
        {withBank(method) && <DepositorBankFields form={form} />}
        <DepositAmount form={form} usdtRate={usdtRate} />
        {withBank(method) && <VoucherPicker voucher={form.voucher} />}
      </section>

      <button type="submit" className="wallet-submit" disabled={form.pending} aria-busy={form.pending}>
        立即充值
      </button>
    </>
  );
}

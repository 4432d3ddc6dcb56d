import { USDT_PROTOCOLS } from '@app/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/shared/api/client';
import { formatMoney } from '@/shared/format';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { Tabs } from '@/shared/ui/Tabs';
import { walletQueries } from '../api';
import type { RechargeForm } from '../hooks/useRechargeForm';
import { amountCents, usdtEquivalent } from '../rules';
import { Field } from './Field';

/* The sections of /recharge (RechargeScreen), top to bottom. */

/** The platform's receiving cards for a bank transfer. */
export function ReceivingCards() {
  const query = useQuery(walletQueries.receivingCards());
  if (query.isPending) return <BlockLoading lines={3} />;
  if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <BlockEmpty>暂无收款账户，请联系客服</BlockEmpty>;
  return (
    <ul aria-label="收款账户" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {query.data.map((c) => (
        <li key={c.id ?? c.cardNo} className="wallet-record">
          <span className="wallet-muted">收款银行</span>
          <span>{c.bankName}</span>
          <span className="wallet-muted">收款人</span>
          <span>{c.holder}</span>
          <span className="wallet-muted">收款账号</span>
          <span className="wallet-amount">{c.cardNo}</span>
          <span className="wallet-muted">开户行</span>
          <span>{c.branch}</span>
        </li>
      ))}
    </ul>
  );
}

/** 钱包协议 of a USDT deposit (TRC20 or ERC20). */
export function DepositProtocol({ form }: { form: RechargeForm }) {
  return (
    <div className="wallet-field">
      <span className="wallet-field-label" id="deposit-protocol">
        钱包协议
      </span>
      <Tabs
        role="radiogroup"
        className="wallet-tabs"
        tabClassName="wallet-tab"
        labelledBy="deposit-protocol"
        items={USDT_PROTOCOLS.map((p) => ({ value: p, label: p }))}
        value={form.protocol}
        onChange={form.setProtocol}
      />
    </div>
  );
}

/** The depositor's bank details of a bank or manual deposit. */
export function DepositorBankFields({ form }: { form: RechargeForm }) {
  return (
    <>
      <Field
        label="存款人姓名"
        placeholder="请输入存款人姓名"
        maxLength={32}
        value={form.bank.name}
        onChange={form.setBankField('name')}
      />
      <Field
        label="银行类型"
        placeholder="请输入银行类型"
        maxLength={64}
        value={form.bank.bankType}
        onChange={form.setBankField('bankType')}
      />
      <Field
        label="银行卡号"
        placeholder="请输入银行卡号"
        inputMode="numeric"
        maxLength={32}
        value={form.bank.cardNo}
        onChange={form.setBankField('cardNo')}
      />
      <Field
        label="开户行地址"
        placeholder="请输入银行开户行地址"
        maxLength={128}
        value={form.bank.branch}
        onChange={form.setBankField('branch')}
      />
    </>
  );
}

/** 存款金额 with the method's single-deposit range and, for USDT, the equivalent at the member's rate. */
export function DepositAmount({ form, usdtRate }: { form: RechargeForm; usdtRate: number | undefined }) {
  const { range } = form;
  const cents = amountCents(form.amount) ?? 0;
  return (
    <>
      <Field
        label="存款金额"
        placeholder="请输入充值金额"
        inputMode="decimal"
        maxLength={12}
        value={form.amount}
        onChange={(e) => form.setAmount(e.target.value)}
      />
      <p className="wallet-muted" data-testid="deposit-range">
        {range.data
          ? `单笔限额：${formatMoney(range.data.min)} - ${formatMoney(range.data.max)}`
          : range.isError
            ? errorMessage(range.error)
            : '单笔限额加载中…'}
      </p>
      {form.method === 'usdt' && (
        <p className="wallet-muted" data-testid="deposit-usdt">
          约合 {formatMoney(usdtEquivalent(cents, usdtRate ?? 0))} USDT（汇率 {usdtRate || '--'}）
        </p>
      )}
    </>
  );
}

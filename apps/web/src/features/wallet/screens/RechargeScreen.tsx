import { USDT_PROTOCOLS, type PayRangeType, type UsdtProtocol } from '@app/contract/enums';
import { MSG_WITHDRAW_SUBMITTED, type DepositRequest } from '@app/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type * as z from 'zod/mini';
import { errorMessage } from '@/shared/api/client';
import { formatMoney } from '@/shared/format';
import { sessionQueries } from '@/shared/session/api';
import { useUser } from '@/shared/session/store';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { showToast } from '@/shared/ui/toast';
import { useDeposit, walletQueries } from '../api';
import { Field } from '../components/Field';
import { useIntentKey } from '@/shared/api/intent';
import { amountCents, usdtEquivalent, validateDeposit } from '../rules';
import '../wallet.css';

type Method = 'bank' | 'usdt' | 'wechat' | 'alipay' | 'manual';

const LABELS: Record<Method, string> = {
  bank: '银行卡',
  usdt: 'USDT',
  wechat: '微信',
  alipay: '支付宝',
  manual: '人工存款',
};

/** The range type of getPayRange for a method (USDT per protocol). */
function rangeType(method: Method, protocol: UsdtProtocol): PayRangeType {
  if (method === 'usdt') return protocol === 'ERC20' ? 'usdt-erc20' : 'usdt-trc20';
  if (method === 'wechat' || method === 'alipay') return method;
  return 'bank';
}

/** The platform's receiving cards for a bank transfer. */
function ReceivingCards() {
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

const EMPTY_BANK = { name: '', bankType: '', cardNo: '', branch: '' };

/** /recharge (login): deposit by the methods the site enables, manual deposit always. */
export default function RechargeScreen() {
  const navigate = useNavigate();
  const ways = useQuery(walletQueries.payWays());
  const userQuery = useQuery(sessionQueries.user());
  const storeUser = useUser();
  const user = userQuery.data ?? storeUser;
  const [picked, setMethod] = useState<Method | null>(null);
  const [protocol, setProtocol] = useState<UsdtProtocol>('TRC20');
  const [amount, setAmount] = useState('');
  const [bank, setBank] = useState(EMPTY_BANK);
  const deposit = useDeposit();
  const intent = useIntentKey();

  const methods: Method[] = ways.data
    ? [...(['bank', 'usdt', 'wechat', 'alipay'] as const).filter((m) => ways.data[m]), 'manual' as const]
    : [];
  const method = picked && methods.includes(picked) ? picked : (methods[0] ?? 'manual');
  const range = useQuery({ ...walletQueries.payRange(rangeType(method, protocol)), enabled: !!ways.data });
  const withBank = method === 'bank' || method === 'manual';

  if (ways.isPending) return <BlockLoading lines={5} />;
  if (ways.isError) return <BlockError error={ways.error} onRetry={() => void ways.refetch()} />;

  const switchMethod = (m: Method) => {
    setMethod(m);
    setAmount('');
  };

  const submit = () => {
    if (!range.data) {
      showToast(range.isError ? errorMessage(range.error) : '加载中，请稍候', 'fail');
      return;
    }
    const message = validateDeposit({ amount, range: range.data, bank: withBank ? bank : undefined });
    if (message) {
      showToast(message, 'fail');
      return;
    }
    const text = amount.trim();
    let body: z.input<typeof DepositRequest>;
    if (withBank) {
      body = {
        paytype: 'bank',
        amount: text,
        bank_owner: bank.name,
        bank: bank.bankType,
        bank_no: bank.cardNo,
        bank_address: bank.branch,
      };
    } else if (method === 'usdt') body = { paytype: 'usdt', amount: text, catepay: protocol };
    else body = { paytype: method === 'wechat' ? 'wxpay' : 'alipay', amount: text };
    deposit.mutate(
      { body, intentKey: intent.keyFor(body) },
      {
        onSuccess: ({ data, message: text2 }) => {
          intent.done();
          if (withBank) {
            showToast(MSG_WITHDRAW_SUBMITTED, 'success');
            setAmount('');
            setBank(EMPTY_BANK);
            void navigate('/transRecord');
            return;
          }
          const no = data.depositNo ?? text2;
          void navigate(`/payInfo?deposit_no=${encodeURIComponent(no)}`);
        },
        onError: (e) => {
          intent.failed(e);
          showToast(errorMessage(e), 'fail');
        },
      },
    );
  };

  const cents = amountCents(amount) ?? 0;
  const setBankField = (name: keyof typeof EMPTY_BANK) => (e: { target: { value: string } }) =>
    setBank((b) => ({ ...b, [name]: e.target.value }));

  return (
    <form
      className="wallet-screen"
      aria-label="存款"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="wallet-tabs" role="tablist" aria-label="存款方式">
        {methods.map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            className="wallet-tab"
            aria-selected={m === method}
            onClick={() => switchMethod(m)}
          >
            {LABELS[m]}
          </button>
        ))}
      </div>

      {withBank && (
        <section className="wallet-card" aria-label="收款账户信息">
          <h2 className="wallet-card-title">收款账户</h2>
          <ReceivingCards />
        </section>
      )}

      <section className="wallet-card" aria-label="存款信息">
        {method === 'usdt' && (
          <div className="wallet-field">
            <span className="wallet-field-label" id="deposit-protocol">
              钱包协议
            </span>
            <div className="wallet-tabs" role="radiogroup" aria-labelledby="deposit-protocol">
              {USDT_PROTOCOLS.map((p) => (
                <button
                  key={p}
                  type="button"
                  role="radio"
                  className="wallet-tab"
                  aria-checked={p === protocol}
                  onClick={() => setProtocol(p)}
                >
                  {p}
                </button>
              ))}
            </div>
          </div>
        )}
        {withBank && (
          <>
            <Field
              label="存款人姓名"
              placeholder="请输入存款人姓名"
              maxLength={32}
              value={bank.name}
              onChange={setBankField('name')}
            />
            <Field
              label="银行类型"
              placeholder="请输入银行类型"
              maxLength={64}
              value={bank.bankType}
              onChange={setBankField('bankType')}
            />
            <Field
              label="银行卡号"
              placeholder="请输入银行卡号"
              inputMode="numeric"
              maxLength={32}
              value={bank.cardNo}
              onChange={setBankField('cardNo')}
            />
            <Field
              label="开户行地址"
              placeholder="请输入银行开户行地址"
              maxLength={128}
              value={bank.branch}
              onChange={setBankField('branch')}
            />
          </>
        )}
        <Field
          label="存款金额"
          placeholder="请输入充值金额"
          inputMode="decimal"
          maxLength={12}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <p className="wallet-muted" data-testid="deposit-range">
          {range.data
            ? `单笔限额：${formatMoney(range.data.min)} - ${formatMoney(range.data.max)}`
            : range.isError
              ? errorMessage(range.error)
              : '单笔限额加载中…'}
        </p>
        {method === 'usdt' && (
          <p className="wallet-muted" data-testid="deposit-usdt">
            约合 {formatMoney(usdtEquivalent(cents, user?.usdtRate ?? 0))} USDT（汇率 {user?.usdtRate || '--'}
            ）
          </p>
        )}
      </section>

      <button
        type="submit"
        className="wallet-submit"
        disabled={deposit.isPending}
        aria-busy={deposit.isPending}
      >
        立即充值
      </button>
      <p className="wallet-muted" style={{ textAlign: 'center' }}>
        充值遇到问题？请联系在线客服
      </p>
    </form>
  );
}

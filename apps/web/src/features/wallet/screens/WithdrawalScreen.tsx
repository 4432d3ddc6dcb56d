import { CARD_TYPES, type WithdrawKind } from '@app/contract/enums';
import { MSG_WITHDRAW_SUBMITTED, type Card } from '@app/contract/wallet';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/shared/api/client';
import { formatMoney } from '@/shared/format';
import { sessionQueries, useBalance } from '@/shared/session/api';
import { useUser } from '@/shared/session/store';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { RefreshBalanceButton } from '@/shared/ui/RefreshBalanceButton';
import { showToast } from '@/shared/ui/toast';
import { useWithdraw, walletQueries, type WithdrawInput } from '../api';
import { CardPicker } from '../components/CardPicker';
import { Field } from '../components/Field';
import { PhonePopup } from '../components/PhonePopup';
import { RecoverAllButton } from '../components/RecoverAllButton';
import { VenueList } from '../components/VenueList';
import { endsIntent } from '@/shared/api/intent';
import {
  AFTER_WITHDRAW_MS,
  amountCents,
  centsToInput,
  PHONE_RESUBMIT_MS,
  requiredTurnover,
  turnoverProgress,
  usdtEquivalent,
  usdtFee,
  usdtReceive,
  validateWithdraw,
  VENUE_POLL_MS,
  VENUE_ROWS,
  WITHDRAW_QUICK_AMOUNTS,
} from '../rules';
import { clearWithdrawCache, withdrawKey } from '../withdrawCache';
import '../wallet.css';

/** The tabs of spec §2 by type: 1 USDT, 2 bank card, 3 alipay, 4 wechat QR. */
const TABS: { kind: WithdrawKind; label: string }[] = [
  { kind: 'usdt', label: 'USDT' },
  { kind: 'bank', label: '银行卡' },
  { kind: 'alipay', label: '支付宝' },
  { kind: 'wechat', label: '微信' },
];

/** The server's answer when the member has no phone yet (the client then opens phone binding). */
const MSG_NEEDS_MOBILE = '请先绑定手机号';

const usdtText = (cents: number) => `${formatMoney(cents)} USDT`;

function Turnover() {
  const turnover = useQuery(walletQueries.turnover());
  const fee = useQuery(walletQueries.withdrawFee());
  if (turnover.isError) return <BlockError error={turnover.error} onRetry={() => void turnover.refetch()} />;
  if (!turnover.data) return <BlockLoading lines={1} />;
  const required = requiredTurnover(turnover.data.rechargeAmount, fee.data ?? 1);
  const progress = turnoverProgress(turnover.data.betAmount, required);
  return (
    <div className="wallet-row" aria-label="打码量">
      <span>打码量</span>
      <span className="wallet-amount" data-testid="withdraw-turnover">
        {formatMoney(turnover.data.betAmount)} / {formatMoney(required)}（{progress}%）
      </span>
    </div>
  );
}

/** /withdrawal and /withdrawAccount (login): 取款 to a USDT address, bank card, alipay or wechat QR. */
export default function WithdrawalScreen() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const userQuery = useQuery(sessionQueries.user());
  const storeUser = useUser();
  const user = userQuery.data ?? storeUser;
  const central = useBalance() ?? user?.balance;
  const venuesQuery = useQuery(walletQueries.venues({ pollMs: VENUE_POLL_MS.wallet }));
  const game = venuesQuery.data ? venuesQuery.data.reduce((s, v) => s + v.balance, 0) : user?.gameBalance;

  const [kind, setKind] = useState<WithdrawKind>('usdt');
  const [card, setCard] = useState<Card | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [alipayAccount, setAlipayAccount] = useState('');
  const [alipayName, setAlipayName] = useState('');
  const [wechatQrcode, setWechatQrcode] = useState<File | null>(null);
  const [phoneOpen, setPhoneOpen] = useState(false);
  /** The submission that waits for phone binding (resubmitted 1 s after the phone is bound). */
  const waiting = useRef<WithdrawInput | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const withCards = kind === 'usdt' || kind === 'bank';
  const cardsQuery = useQuery({
    ...walletQueries.cards(kind === 'usdt' ? CARD_TYPES.usdt : CARD_TYPES.bank),
    enabled: withCards,
  });
  const withdraw = useWithdraw();

  const later = (fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  };

  const reset = () => {
    setCard(null);
    setAmount('');
    setPassword('');
  };

  const switchTab = (next: WithdrawKind) => {
    if (next === kind) return;
    setKind(next);
    reset(); // card, amount, password (and with the card, the fee)
  };

  const run = (input: WithdrawInput) => {
    withdraw.mutate(input, {
      onSuccess: ({ message }) => {
        clearWithdrawCache();
        showToast(message || MSG_WITHDRAW_SUBMITTED, 'success');
        reset();
        setAlipayAccount('');
        setAlipayName('');
        setWechatQrcode(null);
        later(() => void navigate('/transRecord'), AFTER_WITHDRAW_MS);
      },
      onError: (e) => {
        if (endsIntent(e)) clearWithdrawCache();
        if (errorMessage(e).includes(MSG_NEEDS_MOBILE)) {
          waiting.current = input;
          setPhoneOpen(true);
          return;
        }
        showToast(errorMessage(e), 'fail');
      },
    });
  };

  const submit = () => {
    const message = validateWithdraw({
      kind,
      amount,
      cardId: card?.id ?? null,
      password,
      alipayAccount,
      alipayName,
      wechatQrcode,
    });
    if (message) {
      showToast(message, 'fail');
      return;
    }
    const text = amount.trim();
    const intentKey = withdrawKey({
      userId: user?.id ?? 0,
      withdrawType: kind,
      amount: text,
      cardId: card?.id ?? null,
      account: kind === 'alipay' ? alipayAccount.trim() : '',
    });
    let input: WithdrawInput;
    if (kind === 'usdt' || kind === 'bank') {
      input = { form: 'json', intentKey, body: { type: kind, amount: text, bank: card?.id ?? 0, password } };
    } else if (kind === 'alipay') {
      input = {
        form: 'multipart',
        intentKey,
        body: {
          type: 'alipay',
          amount: text,
          password,
          alipay_account: alipayAccount,
          alipay_name: alipayName,
        },
      };
    } else {
      input = {
        form: 'multipart',
        intentKey,
        body: { type: 'wechat', amount: text, password, wechat_qrcode: wechatQrcode ?? undefined },
      };
    }
    if (user && !user.mobile) {
      waiting.current = input;
      setPhoneOpen(true);
      return;
    }
    run(input);
  };

  const onPhoneBound = () => {
    setPhoneOpen(false);
    // Refresh and cache the member (now with a phone), then resubmit the withdrawal after 1 s.
    void qc.fetchQuery({ ...sessionQueries.user(), staleTime: 0 }).catch(() => undefined);
    later(() => {
      const input = waiting.current;
      waiting.current = null;
      if (input) run({ ...input, intentKey: withdrawKeyAgain(input) });
    }, PHONE_RESUBMIT_MS);
  };

  /** The resubmission after phone binding: the same intent (its key, unless the server ended it). */
  const withdrawKeyAgain = (input: WithdrawInput) =>
    withdrawKey({
      userId: user?.id ?? 0,
      withdrawType: input.body.type,
      amount: String(input.body.amount),
      cardId: 'bank' in input.body ? Number(input.body.bank) : null,
      account: 'alipay_account' in input.body ? String(input.body.alipay_account).trim() : '',
    });

  const cents = amountCents(amount) ?? 0;
  const rate = user ? user.withdrawUsdtRate || user.usdtRate : 0;
  const fees = { erc20: user?.withdrawFeeErc20 ?? 0, trc20: user?.withdrawFeeTrc20 ?? 0 };

  return (
    <form
      className="wallet-screen"
      aria-label="取款"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="wallet-tabs" role="tablist" aria-label="取款方式">
        {TABS.map((t) => (
          <button
            key={t.kind}
            type="button"
            role="tab"
            className="wallet-tab"
            aria-selected={t.kind === kind}
            onClick={() => switchTab(t.kind)}
          >
            {t.label}
          </button>
        ))}
      </div>

      <section className="wallet-card" aria-label="钱包余额">
        <div className="wallet-row">
          <span>
            中心钱包{' '}
            <span className="wallet-amount" data-testid="withdraw-central">
              {formatMoney(central)}
            </span>
          </span>
          <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            <RefreshBalanceButton />
            <RecoverAllButton className="wallet-button" />
          </span>
        </div>
        <div className="wallet-row">
          <span>
            游戏钱包 <span className="wallet-amount">{formatMoney(game)}</span>
          </span>
        </div>
        <VenueList
          venues={venuesQuery.data}
          error={venuesQuery.error}
          rows={VENUE_ROWS.withdraw}
          onRetry={() => void venuesQuery.refetch()}
        />
      </section>

      <section className="wallet-card" aria-label="取款信息">
        {withCards && (
          <div className="wallet-field">
            <span className="wallet-field-label">{kind === 'usdt' ? 'USDT地址' : '银行卡'}</span>
            <CardPicker
              key={kind}
              usdt={kind === 'usdt'}
              cards={cardsQuery.data}
              error={cardsQuery.error}
              onRetry={() => void cardsQuery.refetch()}
              selected={card}
              onSelect={(c) => {
                setCard(c);
                setPassword('');
                setAmount('');
              }}
            />
          </div>
        )}
        {kind === 'alipay' && (
          <>
            <Field
              label="支付宝账号"
              placeholder="请输入支付宝账号"
              maxLength={64}
              value={alipayAccount}
              onChange={(e) => setAlipayAccount(e.target.value)}
            />
            <Field
              label="真实姓名"
              placeholder="请输入真实姓名"
              maxLength={32}
              value={alipayName}
              onChange={(e) => setAlipayName(e.target.value)}
            />
          </>
        )}
        {kind === 'wechat' && (
          <Field
            label="微信收款码"
            type="file"
            accept="image/*"
            onChange={(e) => setWechatQrcode(e.target.files?.[0] ?? null)}
          />
        )}
        <Turnover />
        <Field
          label="取款金额"
          placeholder="请输入取款金额"
          inputMode="decimal"
          maxLength={12}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <div className="wallet-filters" style={{ flexWrap: 'wrap' }} role="group" aria-label="快捷金额">
          {WITHDRAW_QUICK_AMOUNTS.map((n) => (
            <button key={n} type="button" className="wallet-button" onClick={() => setAmount(String(n))}>
              {n}
            </button>
          ))}
          <button
            type="button"
            className="wallet-button"
            onClick={() => setAmount(centsToInput(central ?? 0))}
          >
            最大
          </button>
        </div>
        {kind === 'usdt' && (
          <div aria-label="USDT到账">
            <div className="wallet-row">
              <span>手续费</span>
              <span data-testid="usdt-fee">{card ? usdtText(usdtFee(card.protocol, fees)) : '--'}</span>
            </div>
            <div className="wallet-row">
              <span>约合USDT</span>
              <span data-testid="usdt-equivalent">{usdtText(usdtEquivalent(cents, rate))}</span>
            </div>
            <div className="wallet-row">
              <span>实际到账</span>
              <span data-testid="usdt-receive">
                {card ? usdtText(usdtReceive(cents, rate, card.protocol, fees)) : '--'}
              </span>
            </div>
          </div>
        )}
        <Field
          label="支付密码"
          placeholder="请输入支付密码"
          type="password"
          maxLength={18}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </section>

      <button
        type="submit"
        className="wallet-submit"
        disabled={withdraw.isPending}
        aria-busy={withdraw.isPending}
      >
        立即取款
      </button>
      <p className="wallet-muted" style={{ textAlign: 'center' }}>
        如有疑问，请联系在线客服
      </p>
      <PhonePopup visible={phoneOpen} onClose={() => setPhoneOpen(false)} onBound={onPhoneBound} />
    </form>
  );
}

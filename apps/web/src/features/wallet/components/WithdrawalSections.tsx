import type { Card } from '@app/contract/cashier';
import type { TurnoverItem } from '@app/contract/withdrawals';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@/shared/format';
import { venueQueries } from '@/shared/queries/venues';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { RefreshBalanceButton } from '@/shared/ui/RefreshBalanceButton';
import { walletQueries } from '../api';
import type { WithdrawalForm } from '../hooks/useWithdrawalForm';
import {
  amountCents,
  centsToInput,
  MSG_TURNOVER_NONE,
  requiredTurnover,
  turnoverProgress,
  usdtEquivalent,
  usdtFee,
  usdtReceive,
  VENUE_POLL_MS,
  VENUE_ROWS,
  WITHDRAW_QUICK_AMOUNTS,
} from '../rules';
import { CardPicker } from './CardPicker';
import { Field } from './Field';
import { RecoverAllButton } from './RecoverAllButton';
import { VenueList } from './VenueList';
import { WechatQrUpload } from './WechatQrUpload';

/* The sections of /withdrawal (WithdrawalScreen), top to bottom. */

const usdtText = (cents: number) => `${formatMoney(cents)} USDT`;

/** 钱包余额: the central wallet, the venues' total (the member's figure until the venues load), each venue. */
export function WithdrawBalances({
  central,
  game,
}: {
  central: number | undefined;
  game: number | undefined;
}) {
  const venuesQuery = useQuery(venueQueries.balances({ pollMs: VENUE_POLL_MS.wallet }));
  const venuesTotal = venuesQuery.data ? venuesQuery.data.reduce((s, v) => s + v.balance, 0) : game;
  return (
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
          游戏钱包 <span className="wallet-amount">{formatMoney(venuesTotal)}</span>
        </span>
      </div>
      <VenueList
        venues={venuesQuery.data}
        error={venuesQuery.error}
        rows={VENUE_ROWS.withdraw}
        onRetry={() => void venuesQuery.refetch()}
      />
    </section>
  );
}

/** Where the money goes: a bound card (USDT, bank card), an alipay account, or a wechat QR code. */
export function WithdrawPayee({ form }: { form: WithdrawalForm }) {
  const { kind, card, alipayAccount, alipayName } = form.values;
  if (kind === 'usdt' || kind === 'bank') {
    return (
      <div className="wallet-field">
        <span className="wallet-field-label">{kind === 'usdt' ? 'USDT地址' : '银行卡'}</span>
        <CardPicker
          key={kind}
          usdt={kind === 'usdt'}
          cards={form.cards.data}
          error={form.cards.error}
          onRetry={() => void form.cards.refetch()}
          selected={card}
          onSelect={form.selectCard}
        />
      </div>
    );
  }
  if (kind === 'alipay') {
    return (
      <>
        <Field
          label="支付宝账号"
          placeholder="请输入支付宝账号"
          maxLength={64}
          value={alipayAccount}
          onChange={(e) => form.setAlipayAccount(e.target.value)}
        />
        <Field
          label="真实姓名"
          placeholder="请输入真实姓名"
          maxLength={32}
          value={alipayName}
          onChange={(e) => form.setAlipayName(e.target.value)}
        />
      </>
    );
  }
  if (kind === 'wechat') {
    return <WechatQrUpload file={form.values.wechatQrcode} onChange={form.setWechatQrcode} />;
  }
  return null;
}

/** One open part of the requirement: its source, done / required, and how much each game counts. */
function TurnoverItemRow({ item }: { item: TurnoverItem }) {
  return (
    <li className="wallet-turnover-item">
      <span className="wallet-turnover-source">
        {item.source}
        {item.createdAt && <span className="wallet-muted"> {item.createdAt.slice(0, 16)}</span>}
      </span>
      <span className="wallet-amount">
        {formatMoney(item.done)} / {formatMoney(item.required)}
      </span>
      {item.multiple > 0 && (
        <span className="wallet-muted wallet-turnover-basis">
          {formatMoney(item.base)} × {item.multiple}倍 = {formatMoney(item.required)}
        </span>
      )}
      <span className="wallet-muted wallet-turnover-weights">{item.weights}</span>
    </li>
  );
}

/** What 打码量 is, said where it blocks: the member learns it before any other requirement. */
export const TURNOVER_EXPLAINED =
  '打码量即有效投注额：每笔存款按 1 倍计入，活动彩金按活动规定的倍数计入，返水、红包和人工加款按 1 倍计入；全部完成后方可取款。';

/**
 * 打码量 (read only): the valid bets against the turnover still owed and its progress, then the open
 * parts of it oldest first (the order valid bets pay them), each with how much each game counts.
 */
export function Turnover() {
  const turnover = useQuery(walletQueries.turnover());
  const fee = useQuery(walletQueries.withdrawFee());
  if (turnover.isError) return <BlockError error={turnover.error} onRetry={() => void turnover.refetch()} />;
  if (!turnover.data) return <BlockLoading lines={1} />;
  const required = requiredTurnover(turnover.data.rechargeAmount, fee.data ?? 1);
  const done = turnover.data.betAmount;
  const progress = turnoverProgress(done, required);
  const { items } = turnover.data;
  const met = done >= required;
  return (
    <div role="group" aria-label="打码量" className="wallet-turnover">
      <div className="wallet-row">
        <span>打码量</span>
        <span className="wallet-amount" data-testid="withdraw-turnover">
          {!met ? `${formatMoney(done)} / ${formatMoney(required)}（${progress}%）` : MSG_TURNOVER_NONE}
        </span>
      </div>
      {!met && (
        <>
          <div className="wallet-row wallet-muted" data-testid="withdraw-turnover-left">
            <span>
              所需 {formatMoney(required)} · 已完成 {formatMoney(done)}
            </span>
            <span>
              还需 <strong className="wallet-turnover-left">{formatMoney(required - done)}</strong>
            </span>
          </div>
          <p className="wallet-hint">{TURNOVER_EXPLAINED}</p>
        </>
      )}
      {!met && items.length > 0 && (
        <>
          {items.length > 1 && <p className="wallet-hint">有效投注按以下顺序依次计入：</p>}
          <ul className="wallet-turnover-items" aria-label="打码量明细">
            {items.map((item, i) => (
              <TurnoverItemRow key={`${i}-${item.source}-${item.createdAt}`} item={item} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** 取款金额 with the quick amounts and 最大 (the whole central wallet). */
export function WithdrawAmount({ form, central }: { form: WithdrawalForm; central: number | undefined }) {
  return (
    <>
      <Field
        label="取款金额"
        placeholder="请输入取款金额"
        inputMode="decimal"
        maxLength={12}
        value={form.values.amount}
        onChange={(e) => form.setAmount(e.target.value)}
      />
      <div className="wallet-quick-amounts" role="group" aria-label="快捷金额">
        {WITHDRAW_QUICK_AMOUNTS.map((n) => (
          <button key={n} type="button" className="wallet-button" onClick={() => form.setAmount(String(n))}>
            {n}
          </button>
        ))}
        <button
          type="button"
          className="wallet-button"
          onClick={() => form.setAmount(centsToInput(central ?? 0))}
        >
          最大
        </button>
      </div>
    </>
  );
}

/** The member's USDT withdrawal rate and fees per network (from the member's record). */
export interface UsdtTerms {
  withdrawUsdtRate: number;
  usdtRate: number;
  withdrawFeeErc20: number;
  withdrawFeeTrc20: number;
}

/** USDT到账: the fee of the card's network, the USDT equivalent, and what arrives. */
export function UsdtReceipt({
  card,
  amount,
  terms,
}: {
  card: Card | null;
  amount: string;
  terms: UsdtTerms | null | undefined;
}) {
  const cents = amountCents(amount) ?? 0;
  const rate = terms ? terms.withdrawUsdtRate || terms.usdtRate : 0;
  const fees = { erc20: terms?.withdrawFeeErc20 ?? 0, trc20: terms?.withdrawFeeTrc20 ?? 0 };
  return (
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
  );
}

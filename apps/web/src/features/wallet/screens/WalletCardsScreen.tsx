import { CARD_TYPES } from '@app/contract/enums';
import { type Card, MAX_CARDS_PER_TYPE } from '@app/contract/cashier';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from '@app/mobile/router';
import { errorMessage } from '@/shared/api/client';
import { useGo } from '@/shared/navigation/useGo';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { Tabs } from '@/shared/ui/Tabs';
import { showToast } from '@/shared/ui/toast';
import { useDeleteCard, walletQueries } from '../api';
import { Field } from '../components/Field';
import { PayPasswordHint } from '../components/PayPasswordHint';
import { maskCardNo, MSG_UNBIND_CONFIRM, MSG_UNBIND_TITLE, MSG_UNBOUND, validateUnbind } from '../rules';
import '../wallet.css';

/** The tabs of spec §2: name 1 USDT, name 2 bank card. */
const TABS = [
  { name: 1, label: 'USDT', type: CARD_TYPES.usdt, add: '/addUsdtCard', addLabel: '添加USDT地址' },
  { name: 2, label: '银行卡', type: CARD_TYPES.bank, add: '/addBankCard', addLabel: '添加银行卡' },
] as const;

/**
 * Unbinding asks the payment password, as binding does (the same field and hint); the server checks it
 * and its message (支付密码错误, the lockout) is shown as it comes.
 */
function UnbindForm({ card, title, onClose }: { card: Card; title: string; onClose: () => void }) {
  const remove = useDeleteCard();
  const [payPass, setPayPass] = useState('');
  const submit = () => {
    const message = validateUnbind(card.id, payPass);
    if (message) {
      showToast(message, 'fail');
      return;
    }
    remove.mutate(
      { id: card.id, payPass },
      {
        onSuccess: ({ message: text }) => showToast(text || MSG_UNBOUND, 'success'),
        onError: (e) => showToast(errorMessage(e), 'fail'),
      },
    );
  };
  return (
    <form
      aria-label={`解绑 ${title}`}
      style={{ display: 'grid', gap: 8 }}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p>
        <strong>{MSG_UNBIND_TITLE}</strong>：{MSG_UNBIND_CONFIRM}
      </p>
      <Field
        label="支付密码"
        placeholder="请输入支付密码"
        type="password"
        maxLength={18}
        value={payPass}
        onChange={(e) => setPayPass(e.target.value)}
      />
      <PayPasswordHint />
      <span className="wallet-row">
        <button type="button" className="wallet-button" onClick={onClose}>
          取消
        </button>
        <button
          type="submit"
          className="wallet-button"
          disabled={remove.isPending}
          aria-busy={remove.isPending}
        >
          确认解绑
        </button>
      </span>
    </form>
  );
}

function CardRow({ card, usdt }: { card: Card; usdt: boolean }) {
  const [asking, setAsking] = useState(false);
  const title = usdt ? `USDT-${card.protocol ?? card.holder}` : card.bank;
  return (
    <li className="wallet-card" style={{ display: 'grid', gap: 8 }}>
      <span className="wallet-row">
        <span style={{ display: 'grid', gap: 4 }}>
          <strong>{title}</strong>
          {!usdt && <span className="wallet-muted">{card.holder}</span>}
          <span className="wallet-amount">{maskCardNo(card.cardNo)}</span>
        </span>
        <button
          type="button"
          className="wallet-button"
          aria-label={`解绑 ${title} ${card.cardNo.slice(-4)}`}
          aria-expanded={asking}
          onClick={() => setAsking((v) => !v)}
        >
          解绑
        </button>
      </span>
      {asking && (
        <UnbindForm
          card={card}
          title={`${title} ${card.cardNo.slice(-4)}`}
          onClose={() => setAsking(false)}
        />
      )}
    </li>
  );
}

function CardList({ tab }: { tab: (typeof TABS)[number] }) {
  const go = useGo();
  const query = useQuery(walletQueries.cards(tab.type));
  const usdt = tab.type === CARD_TYPES.usdt;
  if (query.isPending) return <BlockLoading lines={3} />;
  if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  const list = query.data;
  return (
    <>
      {list.length === 0 ? (
        <BlockEmpty>{usdt ? '暂未绑定USDT地址' : '暂未绑定银行卡'}</BlockEmpty>
      ) : (
        <ul
          aria-label={tab.label}
          style={{ display: 'grid', gap: 8, margin: 0, padding: 0, listStyle: 'none' }}
        >
          {list.map((c) => (
            <CardRow key={c.id} card={c} usdt={usdt} />
          ))}
        </ul>
      )}
      {list.length < MAX_CARDS_PER_TYPE ? (
        <button type="button" className="wallet-submit" onClick={() => go(tab.add)}>
          {tab.addLabel}
        </button>
      ) : (
        <p className="wallet-muted">最多可绑定{MAX_CARDS_PER_TYPE}个</p>
      )}
      {usdt && (
        <button type="button" className="link-button" onClick={() => go('/usdtmore')}>
          TRC20 与 ERC20 有什么区别？
        </button>
      )}
    </>
  );
}

/**
 * /wallet (login): bound USDT addresses and bank cards, unbinding with the payment password, adding up to 5. The tab
 * is the address's `name` (spec: 1 USDT, 2 bank card): back from adding a card lands on its tab.
 */
export default function WalletCardsScreen() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => String(t.name) === params.get('name')) ?? TABS[0];
  const name = tab.name;
  const setName = (next: 1 | 2) => setParams({ name: String(next) }, { replace: true });
  return (
    <div className="wallet-screen">
      <Tabs
        className="wallet-tabs"
        tabClassName="wallet-tab"
        label="卡片类型"
        items={TABS.map((t) => ({ value: t.name, label: t.label }))}
        value={name}
        onChange={setName}
      />
      <div role="tabpanel" aria-label={tab.label} style={{ display: 'grid', gap: 12 }}>
        <CardList key={tab.name} tab={tab} />
      </div>
    </div>
  );
}

import { type Card, MAX_CARDS_PER_TYPE } from '@app/contract/cashier';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useGo } from '@/shared/navigation/useGo';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { maskCardNo } from '../rules';

/** The card or address of a withdrawal, picked in a bottom popup that also links to adding one. */
export function CardPicker({
  usdt,
  cards,
  error,
  onRetry,
  selected,
  onSelect,
}: {
  usdt: boolean;
  cards: Card[] | undefined;
  error: unknown;
  onRetry: () => void;
  selected: Card | null;
  onSelect: (card: Card) => void;
}) {
  const go = useGo();
  const [open, setOpen] = useState(false);
  const what = usdt ? 'USDT地址' : '银行卡';
  const title = (c: Card) => (usdt ? `USDT-${c.protocol ?? c.holder}` : c.bank);
  return (
    <>
      <button
        type="button"
        className="wallet-row wallet-input"
        style={{ width: '100%', flex: 'none' }}
        aria-haspopup="dialog"
        aria-label={`选择${what}`}
        onClick={() => setOpen(true)}
      >
        <span>{selected ? `${title(selected)} ${maskCardNo(selected.cardNo)}` : `请选择${what}`}</span>
        <span aria-hidden="true">›</span>
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
        <div className="wallet-screen" role="dialog" aria-label={`选择${what}`}>
          <h2 className="wallet-card-title">选择{what}</h2>
          {!cards ? (
            error ? (
              <BlockError error={error} onRetry={onRetry} />
            ) : (
              <BlockLoading lines={2} />
            )
          ) : (
            <>
              {cards.length === 0 && <p className="wallet-muted">您还没有绑定{what}</p>}
              <div role="radiogroup" aria-label={what} style={{ display: 'grid', gap: 8 }}>
                {cards.map((c) => (
                  <button
                    key={c.id}
                    type="button"
                    role="radio"
                    aria-checked={selected?.id === c.id}
                    className="wallet-row wallet-input"
                    onClick={() => {
                      onSelect(c);
                      setOpen(false);
                    }}
                  >
                    <span>{title(c)}</span>
                    <span className="wallet-amount">{maskCardNo(c.cardNo)}</span>
                  </button>
                ))}
              </div>
              {cards.length < MAX_CARDS_PER_TYPE && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => go(usdt ? '/addUsdtCard' : '/addBankCard')}
                >
                  添加{what}
                </button>
              )}
            </>
          )}
        </div>
      </Popup>
    </>
  );
}

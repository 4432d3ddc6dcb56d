import type { ReactNode } from 'react';
import { useBack } from '@/shared/navigation/useGo';
import { BackIcon } from '@/shared/ui/icons';

/** The top bar of a wallet screen whose route hides the app header: back arrow, title, one action. */
export function WalletTopBar({ title, action }: { title: string; action?: ReactNode }) {
  const back = useBack();
  return (
    <header className="wallet-topbar">
      <div className="wallet-topbar-side" style={{ justifyContent: 'flex-start' }}>
        <button type="button" className="icon-button" aria-label="返回" onClick={back}>
          <BackIcon />
        </button>
      </div>
      <h1 className="wallet-topbar-title">{title}</h1>
      <div className="wallet-topbar-side">{action}</div>
    </header>
  );
}

import { assetUrl } from '@/shared/api/client';
import { useGo } from '@/shared/navigation/useGo';
import { useAppInfo, useIsLoggedIn } from '@/shared/session/store';
import { BalanceText } from '@/shared/ui/BalanceText';
import { RefreshBalanceButton } from '@/shared/ui/RefreshBalanceButton';
import { TitleBar } from '@/shared/ui/TitleBar';
import { lazy, Suspense } from 'react';

/**
 * 'main': logo, balance or 登录/注册 (with `title`, a slim title bar with a back arrow under it);
 * 'back': the title bar alone (back arrow and title); 'none': the screen draws its own top.
 */
export type HeaderVariant = 'main' | 'back' | 'none';

function Brand() {
  const info = useAppInfo();
  const title = info?.title || '娱乐城';
  return (
    <div className="app-brand">
      {info?.logo ? <img className="app-logo" src={assetUrl(info.logo)} alt={title} /> : <span>{title}</span>}
    </div>
  );
}

/** 一键回收 and its intent and mutation code: a member's header only, so not a visitor's first load. */
const RecoverAllButton = lazy(() =>
  import('@/features/wallet/components/RecoverAllButton').then((m) => ({ default: m.RecoverAllButton })),
);
/** The same button, inert, for the moment its code takes to arrive: nothing moves in the header. */
const RecoverAllPlaceholder = (
  <button type="button" className="header-button" disabled>
    一键回收
  </button>
);

/** Member: the central balance with refresh and the one-tap recover-all (一键回收). */
function HeaderWallet() {
  return (
    <div className="header-wallet">
      <span className="header-wallet-label">余额</span>
      <BalanceText className="header-balance" testId="header-balance" />
      <RefreshBalanceButton />
      <Suspense fallback={RecoverAllPlaceholder}>
        <RecoverAllButton />
      </Suspense>
    </div>
  );
}

function VisitorButtons() {
  const go = useGo();
  return (
    <div className="header-actions">
      <button type="button" className="header-button" onClick={() => go('/login')}>
        登录
      </button>
      <button type="button" className="header-button solid" onClick={() => go('/reg2')}>
        注册
      </button>
    </div>
  );
}

function MainHeader() {
  const loggedIn = useIsLoggedIn();
  return (
    <header className="app-header">
      <Brand />
      {loggedIn ? <HeaderWallet /> : <VisitorButtons />}
    </header>
  );
}

/** Height of what Header draws, for screens that fill the rest of the viewport (--app-top-height). */
export function headerHeight(variant: HeaderVariant, title: string): string {
  if (variant === 'none') return '0px';
  if (variant === 'back') return 'var(--app-title-bar-height)';
  if (variant === 'main' && title) return 'calc(var(--app-header-height) + var(--app-title-bar-height))';
  return 'var(--app-header-height)';
}

/**
 * The route's top (spec §2). The main header stays on top while the page scrolls, with the title bar
 * under it; on a screen with its own sticky bar (`ownTop`) it scrolls away so that bar can stay.
 */
export function Header({
  variant,
  title,
  ownTop = false,
}: {
  variant: HeaderVariant;
  title: string;
  ownTop?: boolean;
}) {
  if (variant === 'none') return null;
  if (variant === 'back') return <TitleBar title={title} standalone />;
  return (
    <div className={ownTop ? 'app-top scrolls' : 'app-top'}>
      <MainHeader />
      {title && <TitleBar title={title} />}
    </div>
  );
}

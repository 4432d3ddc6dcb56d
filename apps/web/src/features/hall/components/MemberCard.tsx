import { lazy, Suspense } from 'react';
import { useGo } from '@/shared/navigation/useGo';
import { useBalance } from '@/shared/session/api';
import { useIsLoggedIn, useSession, useUsername, useVipLevel } from '@/shared/session/store';
import { BalanceText } from '@/shared/ui/BalanceText';
import { RefreshBalanceButton } from '@/shared/ui/RefreshBalanceButton';

function VisitorCard() {
  const go = useGo();
  return (
    <div className="hall-card">
      <p className="hall-card-greeting">您好，欢迎光临</p>
      <div className="hall-card-actions">
        <button type="button" className="hall-card-button" onClick={() => go('/login')}>
          登录
        </button>
        <button type="button" className="hall-card-button solid" onClick={() => go('/reg2')}>
          注册
        </button>
      </div>
    </div>
  );
}

const VenueMoneyHint = lazy(() => import('./VenueMoneyHint'));

/** An empty central wallet: where the money is, if a venue holds it (its own poll, like BalanceText). */
function WhereIsTheMoney() {
  const polled = useBalance();
  const fromUser = useSession((s) => s.user?.balance);
  if ((polled ?? fromUser) !== 0) return null;
  return (
    <Suspense fallback={null}>
      <VenueMoneyHint />
    </Suspense>
  );
}

function MemberDetails() {
  const username = useUsername();
  const vip = useVipLevel();
  return (
    <div className="hall-card">
      <div>
        <p className="hall-card-name">
          <span>{username || '--'}</span>
          <span className="vip-badge">VIP{vip}</span>
        </p>
        <p className="hall-card-balance">
          <span className="hall-card-label">中心钱包</span>
          <BalanceText className="hall-card-amount" />
          <RefreshBalanceButton className="hall-card-refresh" />
        </p>
        <WhereIsTheMoney />
      </div>
    </div>
  );
}

/** Visitor: welcome with 登录 / 注册; member: name, VIP badge and central balance with refresh. */
export function MemberCard() {
  return useIsLoggedIn() ? <MemberDetails /> : <VisitorCard />;
}

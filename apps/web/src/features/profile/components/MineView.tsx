import { useEffect, useState, type MouseEvent } from 'react';
import { useGo } from '@/shared/navigation/useGo';
import { useCurrentUser, useLogout } from '@/shared/session/api';
import { BalanceText } from '@/shared/ui/BalanceText';
import { BlockError } from '@/shared/ui/BlockStates';
import { confirmDialog, preloadDialog } from '@/shared/ui/dialog';
import { openDesk } from '@/shared/queries/desk';
import { HeadsetIcon } from '@/shared/ui/icons';
import { RefreshBalanceButton } from '@/shared/ui/RefreshBalanceButton';
import { MSG_LOGOUT_CONFIRM } from '../rules';
import { AvatarPicker } from './AvatarPicker';
import { AGENT_LOGIN, APPLY_AGENT, MINE_TILES, type MineTile } from './tiles';

/** The headset: customer service (getservicerurl) in a new window; the address is asked on the tap. */
function ServiceButton() {
  return (
    <button type="button" className="icon-button mine-service" aria-label="客服" onClick={openDesk}>
      <HeadsetIcon />
    </button>
  );
}

/** 今天加入 on the day of joining, else 加入N天. */
function joinDaysText(days: number): string {
  return days > 0 ? `加入${days}天` : '今天加入';
}

/** An in-app link: a real href (long press, screen readers), navigation through the app's `go`. */
function TileLink({ to, label, Icon }: MineTile) {
  const go = useGo();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    go(to);
  };
  return (
    <a className="mine-tile" href={`#${to}`} onClick={onClick}>
      <Icon className="mine-tile-icon" />
      <span>{label}</span>
    </a>
  );
}

/**
 * /mine and /mine_old (login): avatar (upload), name, VIP badge, days since joining, balance with
 * refresh, the tiles of spec §2, the agent entry by isagent, 退出登录 after a confirmation, and support.
 * `layout`: 'grid' (/mine) or 'list' (/mine_old).
 */
export function MineView({ layout }: { layout: 'grid' | 'list' }) {
  const { user, query: userQuery } = useCurrentUser();
  const logout = useLogout();
  const [leaving, setLeaving] = useState(false);
  useEffect(() => preloadDialog(), []);

  const onLogout = async () => {
    if (!(await confirmDialog(MSG_LOGOUT_CONFIRM))) return;
    setLeaving(true);
    await logout();
  };

  const agent = user?.isAgent ? AGENT_LOGIN : APPLY_AGENT;

  return (
    <div className={`mine mine-${layout}`}>
      <section className="mine-hero" aria-label="会员信息">
        <AvatarPicker avatar={user?.avatar ?? ''} />
        <div className="mine-who">
          {user ? (
            <>
              <p className="mine-name">
                <span data-testid="mine-username">{user.username}</span>
                <span className="mine-vip">VIP{user.vipLevel}</span>
              </p>
              <p className="mine-days">{joinDaysText(user.joinDays)}</p>
            </>
          ) : userQuery.isError ? (
            <BlockError error={userQuery.error} onRetry={() => void userQuery.refetch()} />
          ) : (
            <div className="skeleton skeleton-line" role="status" aria-label="加载中" />
          )}
        </div>
        <ServiceButton />
      </section>

      <section className="mine-wallet" aria-label="中心钱包">
        <span className="mine-wallet-label">中心钱包（元）</span>
        <BalanceText className="mine-balance" testId="mine-balance" />
        <RefreshBalanceButton />
      </section>

      <nav className="mine-tiles" aria-label="会员中心">
        {MINE_TILES.map((t) => (
          <TileLink key={t.to} {...t} />
        ))}
        {user && <TileLink {...agent} />}
      </nav>

      <button
        type="button"
        className="settings-logout"
        disabled={leaving}
        aria-busy={leaving}
        onClick={() => void onLogout()}
      >
        退出登录
      </button>
    </div>
  );
}

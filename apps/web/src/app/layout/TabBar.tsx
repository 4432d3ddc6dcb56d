import type { ComponentType, MouseEvent } from 'react';
import { useLocation } from '@app/mobile/router';
import { useGo } from '@/shared/navigation/useGo';
import { useMessageNum } from '@/shared/session/store';
import { CompassIcon, GiftIcon, HeadsetIcon, HomeIcon, UserIcon } from '@/shared/ui/icons';

interface Tab {
  to: string;
  label: string;
  Icon: ComponentType<{ className?: string }>;
}

/** Bottom tab bar (spec §2): customer service, hall, discover, promotions, mine. */
const TABS: Tab[] = [
  { to: '/kefu', label: '客服', Icon: HeadsetIcon },
  { to: '/', label: '大厅', Icon: HomeIcon },
  { to: '/discover', label: '发现', Icon: CompassIcon },
  { to: '/activity', label: '优惠', Icon: GiftIcon },
  { to: '/mine', label: '我的', Icon: UserIcon },
];

/** messageNum (spec §3) on 我的, where the 消息 tile is. */
function MessageBadge() {
  const count = useMessageNum();
  if (count <= 0) return null;
  return (
    <span
      className="tab-bar-badge"
      data-testid="message-badge"
      title={`${count} 条新消息`}
      aria-hidden="true"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function TabBar() {
  const { pathname } = useLocation();
  const go = useGo();
  const onClick = (e: MouseEvent<HTMLAnchorElement>, to: string) => {
    e.preventDefault();
    go(to);
  };
  return (
    <nav className="tab-bar" aria-label="底部导航">
      {TABS.map(({ to, label, Icon }) => {
        const active = pathname === to;
        return (
          <a
            key={to}
            href={`#${to}`}
            className={active ? 'tab-bar-item active' : 'tab-bar-item'}
            aria-current={active ? 'page' : undefined}
            onClick={(e) => onClick(e, to)}
          >
            <Icon className="tab-bar-icon" />
            <span>{label}</span>
            {to === '/mine' && <MessageBadge />}
          </a>
        );
      })}
    </nav>
  );
}

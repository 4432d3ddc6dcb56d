import type { ComponentType, MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { useGo } from '@/shared/navigation/useGo';
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
          </a>
        );
      })}
    </nav>
  );
}

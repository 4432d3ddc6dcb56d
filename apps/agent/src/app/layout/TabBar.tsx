import type { MouseEvent, ReactNode } from 'react';
import { useLocation, useNavigate } from '@app/mobile/router';

const icon = (d: ReactNode) => (
  <svg className="tab-bar-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      {d}
    </g>
  </svg>
);

/** The five main screens: 概览 / 会员 / 账单 / 推广 / 更多. */
const TABS = [
  { to: '/', label: '概览', icon: icon(<path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />) },
  {
    to: '/members',
    label: '会员',
    icon: icon(
      <>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
      </>,
    ),
  },
  {
    to: '/statements',
    label: '账单',
    icon: icon(<path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3" />),
  },
  {
    to: '/invites',
    label: '推广',
    icon: icon(
      <>
        <rect x="3" y="3" width="7" height="7" />
        <rect x="14" y="3" width="7" height="7" />
        <rect x="3" y="14" width="7" height="7" />
        <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
      </>,
    ),
  },
  {
    to: '/more',
    label: '更多',
    icon: icon(
      <>
        <circle cx="5" cy="12" r="1.5" />
        <circle cx="12" cy="12" r="1.5" />
        <circle cx="19" cy="12" r="1.5" />
      </>,
    ),
  },
];

export function TabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLAnchorElement>, to: string) => {
    e.preventDefault();
    navigate(to, { replace: pathname === to });
  };
  return (
    <nav className="tab-bar" aria-label="底部导航">
      {TABS.map(({ to, label, icon: drawn }) => {
        const active = pathname === to;
        return (
          <a
            key={to}
            href={`#${to}`}
            className={active ? 'tab-bar-item active' : 'tab-bar-item'}
            aria-current={active ? 'page' : undefined}
            onClick={(e) => onClick(e, to)}
          >
            {drawn}
            <span>{label}</span>
          </a>
        );
      })}
    </nav>
  );
}

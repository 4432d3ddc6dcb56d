import { useEffect, useRef } from 'react';
import { useGo } from '@/shared/navigation/useGo';
import { useIsLoggedIn } from '@/shared/session/store';

const ENTRIES = [
  { to: '/', label: '大厅' },
  { to: '/activity', label: '优惠活动' },
  { to: '/vip', label: 'VIP特权' },
  { to: '/message', label: '消息中心' },
  { to: '/boutBallBet', label: '帮助中心' },
  { to: '/app', label: 'APP下载' },
  { to: '/kefu', label: '在线客服' },
  { to: '/index_old', label: '旧版首页' },
] as const;

/** The side menu of /home: a drawer from the left with the site's main entries. */
export function SideMenu({ onClose }: { onClose: () => void }) {
  const go = useGo();
  const loggedIn = useIsLoggedIn();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const open = (to: string) => {
    onClose();
    go(to);
  };
  return (
    <div className="home-drawer-mask" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <nav className="home-drawer" aria-label="侧边菜单">
        <button
          ref={first}
          type="button"
          className="home-drawer-close"
          aria-label="关闭菜单"
          onClick={onClose}
        >
          ×
        </button>
        <ul>
          {ENTRIES.map((e) => (
            <li key={e.to}>
              <button type="button" onClick={() => open(e.to)}>
                {e.label}
              </button>
            </li>
          ))}
          {!loggedIn && (
            <li>
              <button type="button" onClick={() => open('/login')}>
                登录 / 注册
              </button>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}

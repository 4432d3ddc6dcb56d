import { useEffect, type ReactNode } from 'react';
import { useLocation } from '@app/mobile/router';
import { TabBar } from '@/app/layout/TabBar';

/** Scrolls to the top after each navigation (spec §2). */
function useScrollToTopOnNavigate() {
  const { key } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
}

/** The page frame: the route (its header variant and screen, see routes.tsx) and the tab bar on layout children. */
export function Shell({ tabs, children }: { tabs: boolean; children: ReactNode }) {
  useScrollToTopOnNavigate();
  return (
    <div className={tabs ? 'app-shell with-tabs' : 'app-shell'}>
      {children}
      {tabs && <TabBar />}
    </div>
  );
}

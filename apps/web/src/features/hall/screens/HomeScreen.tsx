import { useState } from 'react';
import { BannerCarousel } from '@/shared/ui/BannerCarousel';
import { TitleBar } from '@/shared/ui/TitleBar';
import { CategoryTabs } from '../components/CategoryTabs';
import { DownloadBanner, FloatPopup } from '../components/Dismissable';
import { NoticeBar } from '../components/NoticeBar';
import { SideMenu } from '../components/SideMenu';
import { WelcomeModal } from '../components/WelcomeModal';
import '../home.css';

/**
 * /home, the alternate home (spec §2), under the main header (its logo and 登录/balance, so no second
 * header here: walk-through 2026-11-27): the title bar with the side menu, app download banner, banners, notices (a tap opens
 * the notice modal), the category sidebar with platform icon grids, the welcome modal (once per
 * session) and a dismissable red-packet popup.
 */
export default function HomeScreen() {
  const [menu, setMenu] = useState(false);
  return (
    <div className="home">
      <TitleBar
        title="首页"
        start={
          <button type="button" className="icon-button" aria-label="打开菜单" onClick={() => setMenu(true)}>
            <span aria-hidden="true">☰</span>
          </button>
        }
      />
      <DownloadBanner />
      <BannerCarousel label="横幅" />
      <NoticeBar look="card" />
      <CategoryTabs layout="side" />
      <FloatPopup />
      <WelcomeModal />
      {menu && <SideMenu onClose={() => setMenu(false)} />}
    </div>
  );
}

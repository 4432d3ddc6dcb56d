import { useState } from 'react';
import { Link } from '@/shared/router';
import { assetUrl } from '@/shared/api/client';
import { useAppInfo, useIsLoggedIn } from '@/shared/session/store';
import { BannerCarousel } from '@/shared/ui/BannerCarousel';
import { CategoryTabs } from '../components/CategoryTabs';
import { DownloadBanner, FloatPopup } from '../components/Dismissable';
import { NoticeBar } from '../components/NoticeBar';
import { SideMenu } from '../components/SideMenu';
import { WelcomeModal } from '../components/WelcomeModal';
import '../home.css';

/**
 * /home, the alternate home (spec §2): side menu, app download banner, banners, notices (a tap opens
 * the notice modal), the category sidebar with platform icon grids, the welcome modal (once per
 * session) and a dismissable red-packet popup.
 */
export default function HomeScreen() {
  const [menu, setMenu] = useState(false);
  const info = useAppInfo();
  const loggedIn = useIsLoggedIn();
  return (
    <div className="home">
      <div className="home-topbar">
        <button
          type="button"
          className="home-menu-button"
          aria-label="打开菜单"
          onClick={() => setMenu(true)}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <h1 className="home-topbar-title">
          {info?.logo ? (
            <img src={assetUrl(info.logo)} alt={info.title || '首页'} height={28} />
          ) : (
            info?.title || '首页'
          )}
        </h1>
        {loggedIn ? (
          <Link className="home-topbar-link" to="/mine">
            我的
          </Link>
        ) : (
          <Link className="home-topbar-link" to="/login">
            登录
          </Link>
        )}
      </div>
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

import { Link } from '@app/mobile/router';
import { BannerCarousel } from '@/shared/ui/BannerCarousel';
import { CategoryTabs } from '../components/CategoryTabs';
import { NoticeBar } from '../components/NoticeBar';
import '../home.css';

const LINKS = [
  { to: '/activity', label: '优惠活动' },
  { to: '/vip', label: 'VIP特权' },
  { to: '/boutBallBet', label: '帮助中心' },
  { to: '/kefu', label: '在线客服' },
] as const;

/** /index_old, the older home layout: banners, notices, quick links, platforms in tabs across the top. */
export default function IndexOldScreen() {
  return (
    <div className="home home-old">
      <h1 className="visually-hidden">首页</h1>
      <BannerCarousel label="横幅" />
      <NoticeBar look="card" />
      <nav className="home-quick" aria-label="快捷入口">
        {LINKS.map((l) => (
          <Link key={l.to} to={l.to}>
            {l.label}
          </Link>
        ))}
      </nav>
      <CategoryTabs layout="top" />
    </div>
  );
}

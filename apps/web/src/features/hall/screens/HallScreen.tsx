import { BackToTop } from '@/shared/ui/BackToTop';
import { BannerCarousel } from '@/shared/ui/BannerCarousel';
import { CategoryTabs } from '../components/CategoryTabs';
import { MemberCard } from '../components/MemberCard';
import { NoticeBar } from '../components/NoticeBar';
import { Shortcuts } from '../components/Shortcuts';
import '../hall.css';

/** The hall (/): carousel, notices, member card, shortcuts, platforms by category (spec §2). */
export default function HallScreen() {
  return (
    <div className="hall">
      <h1 className="visually-hidden">大厅</h1>
      {/* Named as index.html's first frame names its banner area, which this replaces in place. */}
      <BannerCarousel label="轮播图" emptyText="暂无轮播图" className="hall-banner" />
      <NoticeBar look="strip" />
      <MemberCard />
      <Shortcuts />
      <CategoryTabs layout="hall" />
      <BackToTop threshold={200} />
    </div>
  );
}

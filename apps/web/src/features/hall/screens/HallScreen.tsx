import { BackToTop } from '@/shared/ui/BackToTop';
import { BannerCarousel } from '../components/BannerCarousel';
import { MemberCard } from '../components/MemberCard';
import { NoticeStrip } from '../components/NoticeStrip';
import { PlatformTabs } from '../components/PlatformTabs';
import { Shortcuts } from '../components/Shortcuts';
import '../hall.css';

/** The hall (/): carousel, notices, member card, shortcuts, platforms by category (spec §2). */
export default function HallScreen() {
  return (
    <div className="hall">
      <h1 className="visually-hidden">大厅</h1>
      <BannerCarousel />
      <NoticeStrip />
      <MemberCard />
      <Shortcuts />
      <PlatformTabs />
      <BackToTop threshold={200} />
    </div>
  );
}

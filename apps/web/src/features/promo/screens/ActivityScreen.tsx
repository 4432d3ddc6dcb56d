import { ActivityList } from '../components/ActivityList';
import { TitleBar } from '@/shared/ui/TitleBar';
import '../promo.css';

/** /activity (tab): the promotions with tabs 全部, 限时活动, 新人首存, 日常活动; no app header. */
export default function ActivityScreen() {
  return (
    <>
      <TitleBar title="优惠活动" back={false} standalone />
      <div className="promo-screen">
        <ActivityList layout="cards" />
      </div>
    </>
  );
}

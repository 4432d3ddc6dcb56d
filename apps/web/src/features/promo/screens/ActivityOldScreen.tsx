import { Link } from '@app/mobile/router';
import { ActivityList } from '../components/ActivityList';
import '../promo.css';

/** /activity_old (tab): the same promotions in the older layout (rows), with a link to the records. */
export default function ActivityOldScreen() {
  return (
    <div className="promo-screen">
      <div className="promo-row">
        <h1 style={{ margin: 0, fontSize: 17 }}>优惠活动</h1>
        <Link to="/activityRecord">申请记录</Link>
      </div>
      <ActivityList layout="rows" />
    </div>
  );
}

import { Link } from '@/shared/router';
import '../content.css';

/** /discover: the 'official news' entry (to /message) and a second, decorative entry (spec §2). */
export default function DiscoverScreen() {
  return (
    <div className="ct-page">
      <h1 className="visually-hidden">发现</h1>
      <ul className="ct-discover" aria-label="发现">
        <li>
          <Link className="ct-discover-card ct-news" to="/message">
            <strong>官方资讯</strong>
            <small>公告与站内信，第一时间了解最新动态</small>
          </Link>
        </li>
        <li>
          <div className="ct-discover-card ct-more" aria-disabled="true">
            <strong>精彩专题</strong>
            <small>更多精彩，敬请期待</small>
          </div>
        </li>
      </ul>
    </div>
  );
}

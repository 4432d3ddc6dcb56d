import { Link } from '@app/mobile/router';
import '../content.css';

/** /discover: 官方资讯 (to /message) and 精彩专题, the sponsorship topics (to /zhanzhu) (spec §2). */
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
          <Link className="ct-discover-card ct-more" to="/zhanzhu">
            <strong>精彩专题</strong>
            <small>官方赞助与品牌合作，精彩不容错过</small>
          </Link>
        </li>
      </ul>
    </div>
  );
}

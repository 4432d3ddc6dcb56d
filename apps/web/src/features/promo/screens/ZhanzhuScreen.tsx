import { Link } from '@app/mobile/router';
import { SPONSORS } from '../sponsors';
import '../promo.css';

/** /zhanzhu (tab): the sponsor list; each opens /zhanzhuye?type=. */
export default function ZhanzhuScreen() {
  return (
    <div className="promo-screen">
      <h1 style={{ margin: 0, fontSize: 17 }}>官方赞助</h1>
      <ul className="promo-list" aria-label="赞助列表">
        {SPONSORS.map((s) => (
          <li key={s.type}>
            <Link
              to={`/zhanzhuye?type=${s.type}`}
              className="promo-item"
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              <strong>{s.title}</strong>
              <span className="promo-muted">{s.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

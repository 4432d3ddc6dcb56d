import { Link } from '@app/mobile/router';
import { HELP_ARTICLES } from '../rules';
import '../content.css';

/** /boutBallBet, the help centre: the articles (types 7, 1, 2, 3, 4, 5, 8) and human support. */
export default function HelpScreen() {
  return (
    <div className="ct-page">
      <ul className="ct-menu" aria-label="帮助中心">
        {HELP_ARTICLES.map((a) => (
          <li key={a.type}>
            <Link to={`/boutBallBetInfo?type=${a.type}`}>{a.title}</Link>
          </li>
        ))}
      </ul>
      <p className="ct-help-support">
        没有找到答案？<Link to="/kefu">联系人工客服</Link>
      </p>
    </div>
  );
}

import { useSearchParams } from '@app/mobile/router';
import { useGo } from '@/shared/navigation/useGo';
import { BlockEmpty } from '@/shared/ui/BlockStates';
import { ArticleView } from '../components/ArticleView';
import { articleOf, HELP_ARTICLES, MSG_NO_PAGE } from '../rules';
import '../content.css';

/** The help centre's 责任博彩 article (spec §2): it leads to the member's tools (/protection). */
const RESPONSIBLE_ARTICLE = 8;

/** /boutBallBetInfo?type=7|1|2|3|4|5|8: the help article's title and HTML content. */
export default function HelpArticleScreen() {
  const [params] = useSearchParams();
  const entry = articleOf(HELP_ARTICLES, params.get('type'));
  const go = useGo();
  return (
    <div className="ct-page">
      {entry ? <ArticleView type={entry.type} title={entry.title} /> : <BlockEmpty>{MSG_NO_PAGE}</BlockEmpty>}
      {entry?.type === RESPONSIBLE_ARTICLE && (
        <button type="button" className="ct-action" onClick={() => go('/protection')}>
          设置限额、暂停或自我排除
        </button>
      )}
    </div>
  );
}

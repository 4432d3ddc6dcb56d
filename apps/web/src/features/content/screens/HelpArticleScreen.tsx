import { useSearchParams } from '@/shared/router';
import { BlockEmpty } from '@/shared/ui/BlockStates';
import { ArticleView } from '../components/ArticleView';
import { articleOf, HELP_ARTICLES, MSG_NO_PAGE } from '../rules';
import '../content.css';

/** /boutBallBetInfo?type=7|1|2|3|4|5|8: the help article's title and HTML content. */
export default function HelpArticleScreen() {
  const [params] = useSearchParams();
  const entry = articleOf(HELP_ARTICLES, params.get('type'));
  return (
    <div className="ct-page">
      {entry ? <ArticleView type={entry.type} title={entry.title} /> : <BlockEmpty>{MSG_NO_PAGE}</BlockEmpty>}
    </div>
  );
}

import { useSearchParams } from 'react-router';
import { BlockEmpty } from '@/shared/ui/BlockStates';
import { ArticleView } from '../components/ArticleView';
import { ABOUT_ARTICLES, articleOf, MSG_NO_PAGE } from '../rules';
import '../content.css';

/** /abouts?type=5|6: terms and rules, or the privacy policy. */
export default function AboutsScreen() {
  const [params] = useSearchParams();
  const entry = articleOf(ABOUT_ARTICLES, params.get('type'));
  return (
    <div className="ct-page">
      {entry ? <ArticleView type={entry.type} title={entry.title} /> : <BlockEmpty>{MSG_NO_PAGE}</BlockEmpty>}
    </div>
  );
}

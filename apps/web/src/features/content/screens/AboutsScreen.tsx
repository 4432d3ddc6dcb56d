import { useSearchParams } from '@app/mobile/router';
import { BlockEmpty } from '@/shared/ui/BlockStates';
import { TitleBar } from '@/shared/ui/TitleBar';
import { ArticleView } from '../components/ArticleView';
import { ABOUT_ARTICLES, articleOf, MSG_NO_PAGE } from '../rules';
import '../content.css';

/**
 * /abouts?type=5|6: terms and rules, or the privacy policy: /abouts' own articles (section abouts), so
 * type 5 is not the help centre's agent joining. Its back-arrow bar (spec §2) names the article.
 */
export default function AboutsScreen() {
  const [params] = useSearchParams();
  const entry = articleOf(ABOUT_ARTICLES, params.get('type'));
  return (
    <>
      <TitleBar title={entry?.title ?? '关于我们'} standalone />
      <div className="ct-page">
        {entry ? (
          <ArticleView type={entry.type} title={entry.title} section="abouts" heading={false} />
        ) : (
          <BlockEmpty>{MSG_NO_PAGE}</BlockEmpty>
        )}
      </div>
    </>
  );
}

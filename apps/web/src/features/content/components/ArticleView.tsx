import type { ArticleSection } from '@app/contract/site';
import { useQuery } from '@tanstack/react-query';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { SafeHtml } from '@/shared/ui/SafeHtml';
import { contentQueries } from '../api';

/** One article (POST /api/article): the type's title, then the sanitised HTML content. */
export function ArticleView({
  type,
  title,
  section = 'help',
  heading = true,
}: {
  type: number;
  title: string;
  section?: ArticleSection;
  /** false where the title bar already reads the article's title (/abouts). */
  heading?: boolean;
}) {
  const { data, isPending, isError, error, refetch } = useQuery(contentQueries.article(type, section));
  return (
    <article className="ct-article">
      {heading && <h2 className="ct-article-title">{title}</h2>}
      {isPending ? (
        <BlockLoading lines={6} label="内容加载中" />
      ) : isError ? (
        <BlockError error={error} onRetry={() => void refetch()} />
      ) : data.content.trim() === '' ? (
        <p className="ct-muted">暂无内容</p>
      ) : (
        <SafeHtml html={data.content} className="ct-html" label={`${title}内容`} />
      )}
    </article>
  );
}

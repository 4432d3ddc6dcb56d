import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@app/mobile/router';
import { siteQueries } from '@/shared/queries/site';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { EmbeddedPage } from '@/shared/ui/EmbeddedPage';
import { sponsorOf } from '../sponsors';
import '../promo.css';

/**
 * /zhanzhuye?type=1|2: the sponsor's page, embedded (spec §2) from the address the operator sets
 * (appInfo zhanzhu_urls; by default the server's demo sponsor pages). An external page needs its
 * origin in the server's CSP_FRAME_SRC (see EmbeddedPage).
 */
export default function ZhanzhuyeScreen() {
  const [params] = useSearchParams();
  // Asked again on every visit: an address the operator changes reaches the member at once.
  const { data, isPending, isError, error, refetch } = useQuery({
    ...siteQueries.app(),
    refetchOnMount: 'always',
  });
  const found = sponsorOf(params.get('type'), data?.sponsorUrls ?? []);
  if (!found) return <BlockEmpty>页面不存在</BlockEmpty>;
  return (
    <div className="promo-screen">
      <h1 className="visually-hidden">{found.sponsor.title}</h1>
      {isPending ? (
        <BlockLoading lines={6} label="赞助页面加载中" />
      ) : isError ? (
        <BlockError error={error} onRetry={() => void refetch()} />
      ) : found.url ? (
        <EmbeddedPage url={found.url} title={found.sponsor.title} fill />
      ) : (
        <BlockEmpty>暂无赞助页面</BlockEmpty>
      )}
    </div>
  );
}

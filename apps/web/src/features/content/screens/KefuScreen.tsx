import { useQuery } from '@tanstack/react-query';
import { Link } from '@app/mobile/router';
import { assetUrl } from '@/shared/api/client';
import { siteQueries } from '@/shared/queries/site';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { openExternal } from '@/shared/ui/openExternal';
import { showToast } from '@/shared/ui/toast';
import { EmbeddedPage } from '@/shared/ui/EmbeddedPage';
import '../content.css';

/**
 * /kefu: customer service (getservicerurl) in an iframe, with the notice entry and the online service
 * entry (the same desk in a new window). An external desk needs its origin in the server's
 * CSP_FRAME_SRC to show in the frame (see EmbeddedPage).
 */
export default function KefuScreen() {
  // Asked again on every visit: an address the operator changes reaches the member at once.
  const {
    data: url,
    isPending,
    isError,
    error,
    refetch,
  } = useQuery({
    ...siteQueries.serviceUrl(),
    refetchOnMount: 'always',
  });
  return (
    <div className="ct-page ct-kefu">
      <nav className="ct-kefu-entries" aria-label="客服入口">
        <Link to="/message?type=1">公告</Link>
        <button
          type="button"
          disabled={!url}
          onClick={() => url && !openExternal(assetUrl(url)) && showToast('客服地址无效')}
        >
          在线客服
        </button>
      </nav>
      {isPending ? (
        <BlockLoading lines={6} label="客服加载中" />
      ) : isError ? (
        <BlockError error={error} onRetry={() => void refetch()} />
      ) : (
        <EmbeddedPage url={url} title="在线客服" fill />
      )}
    </div>
  );
}

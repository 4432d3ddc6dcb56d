import { Link } from '@app/mobile/router';
import { useDeskUrl, openDesk } from '@/shared/queries/desk';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { EmbeddedPage } from '@/shared/ui/EmbeddedPage';
import '../content.css';

/**
 * /kefu: customer service (getservicerurl) in an iframe, with the notice entry and the online service
 * entry (the same desk in a new window, with a ticket of its own). An external desk needs its origin in the server's
 * CSP_FRAME_SRC to show in the frame (see EmbeddedPage).
 */
export default function KefuScreen() {
  // Asked again on every visit, never from a cache: our desk's address carries a one-time ticket, and
  // an address the operator changes reaches the member at once.
  const { data: url, isPending, isError, error, refetch } = useDeskUrl();
  return (
    <div className="ct-page ct-kefu">
      <nav className="ct-kefu-entries" aria-label="客服入口">
        <Link to="/message?type=1">公告</Link>
        {/* A window of its own asks for an address of its own: the frame's ticket is spent. */}
        <button type="button" disabled={!url} onClick={openDesk}>
          在线客服
        </button>
      </nav>
      {isError ? (
        <BlockError error={error} onRetry={() => void refetch()} />
      ) : isPending || !url ? (
        <BlockLoading lines={6} label="客服加载中" />
      ) : (
        <EmbeddedPage url={url} title="在线客服" fill />
      )}
    </div>
  );
}

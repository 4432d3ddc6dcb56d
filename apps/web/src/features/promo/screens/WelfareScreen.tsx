import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@app/mobile/router';
import { formatDate, formatMoney } from '@/shared/format';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { promoQueries } from '../api';
import { PagedList } from '@/shared/ui/PagedList';
import '../promo.css';

function Counts() {
  const info = useQuery(promoQueries.redPacket());
  if (info.isPending) return <BlockLoading height={64} />;
  if (info.isError) return <BlockError error={info.error} onRetry={() => void info.refetch()} />;
  return (
    <div className="promo-stats">
      <div>
        <span className="promo-muted">剩余次数</span>
        <strong data-testid="welfare-remaining">{info.data.remainingClaims}</strong>
      </div>
      <div>
        <span className="promo-muted">已使用次数</span>
        <strong data-testid="welfare-used">{info.data.claimedCount}</strong>
      </div>
    </div>
  );
}

/** /welfare (login): red-packet claims left and used, the records, a link to /hongbao. */
export default function WelfareScreen() {
  const records = useInfiniteQuery(promoQueries.redPacketRecords());
  return (
    <div className="promo-screen">
      <Counts />
      <Link to="/hongbao" className="promo-button" style={{ textAlign: 'center', textDecoration: 'none' }}>
        去抢红包
      </Link>
      <PagedList
        query={records}
        listClass="promo-list"
        endClass="promo-end"
        label="红包记录"
        renderItem={(r, i) => (
          <li key={i} className="promo-item">
            <div className="promo-row">
              <span>红包金额</span>
              <strong className="promo-record-amount">{formatMoney(r.packetAmount)}</strong>
            </div>
            <span className="promo-muted">{formatDate(r.createdAt)}</span>
          </li>
        )}
      />
    </div>
  );
}

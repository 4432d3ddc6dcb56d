import { useInfiniteQuery } from '@tanstack/react-query';
import { formatDate, formatMoney } from '@/shared/format';
import { promoQueries } from '../api';
import { PagedList } from '@/shared/ui/PagedList';
import { applicationStateLabel } from '../rules';
import '../promo.css';

/** /activityRecord (login): the member's activity applications with their review state and bonus paid. */
export default function ActivityRecordScreen() {
  const query = useInfiniteQuery(promoQueries.applications());
  return (
    <div className="promo-screen">
      <PagedList
        query={query}
        listClass="promo-list"
        endClass="promo-end"
        label="申请记录"
        renderItem={(r, i) => (
          <li key={`${r.id ?? 'r'}-${i}`} className="promo-item">
            <div className="promo-row">
              <strong>{r.activityName}</strong>
              <span>{applicationStateLabel(r.state)}</span>
            </div>
            <div className="promo-row promo-muted">
              <span>{formatDate(r.createdAt)}</span>
              {r.bonus !== null && <span data-testid="application-bonus">彩金 {formatMoney(r.bonus)}</span>}
            </div>
          </li>
        )}
      />
    </div>
  );
}

import { REVIEW_STATES } from '@app/contract/enums';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatDate, formatMoney } from '@/shared/format';
import { promoQueries } from '../api';
import { PagedList } from '@/shared/ui/PagedList';
import { StateTag, type StateTone } from '@/shared/ui/StateTag';
import { applicationStateLabel } from '../rules';
import '../promo.css';

/** How a review state reads: 审核中 amber, 已通过 green, 已拒绝 red, anything else grey. */
function reviewTone(state: number): StateTone {
  if (state === REVIEW_STATES.pending) return 'pending';
  if (state === REVIEW_STATES.approved) return 'success';
  if (state === REVIEW_STATES.rejected) return 'failed';
  return 'neutral';
}

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
              <StateTag tone={reviewTone(r.state)}>{applicationStateLabel(r.state)}</StateTag>
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

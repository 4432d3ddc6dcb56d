import { DEFAULT_DATE_FILTER, type DateFilter } from '@app/contract/enums';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import { useIntentKey } from '@/shared/api/intent';
import { formatDate, formatMoney } from '@/shared/format';
import { venueQueries } from '@/shared/queries/venues';
import { showToast } from '@/shared/ui/toast';
import { promoQueries, useClaimRebates } from '../api';
import { PagedList } from '@/shared/ui/PagedList';
import { DATE_FILTER_LABELS, MSG_REBATE_CLAIMED, validateRebateClaim } from '../rules';
import '../promo.css';

const DATES = [1, 2, 3, 4] as const satisfies readonly DateFilter[];

/** The platform (the venue wallets' names) and date filters of the records. */
function RebateFilters({
  platform,
  onPlatform,
  date,
  onDate,
}: {
  platform: string;
  onPlatform: (platform: string) => void;
  date: DateFilter;
  onDate: (date: DateFilter) => void;
}) {
  // The platform filter (name, platname of the venue wallets).
  const platforms = useQuery(venueQueries.balances({ staleTime: 60_000 }));
  return (
    <div className="promo-filters">
      <label className="promo-field">
        平台
        <select value={platform} onChange={(e) => onPlatform(e.target.value)}>
          <option value="">全部平台</option>
          {(platforms.data ?? []).map((p) => (
            <option key={p.platform} value={p.platform}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="promo-field">
        日期
        <select value={date} onChange={(e) => onDate(Number(e.target.value) as DateFilter)}>
          {DATES.map((d) => (
            <option key={d} value={d}>
              {DATE_FILTER_LABELS[d]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** /fanshui (login): claimed and pending rebates, 一键领取, platform and date filters, the records. */
export default function FanshuiScreen() {
  const [date, setDate] = useState<DateFilter>(DEFAULT_DATE_FILTER);
  const [platform, setPlatform] = useState('');
  const records = useInfiniteQuery(promoQueries.rebates(date, platform));
  const claim = useClaimRebates();
  const intent = useIntentKey();
  const first = records.data?.pages[0];

  const onClaim = () => {
    const blocked = validateRebateClaim(first?.pendingTotal ?? 0);
    if (blocked) {
      showToast(blocked, 'fail');
      return;
    }
    claim.mutate(intent.keyFor('dofanshui'), {
      onSuccess: ({ message }) => {
        intent.done();
        showToast(message || MSG_REBATE_CLAIMED, 'success');
      },
      onError: (e) => {
        intent.failed(e);
        showToast(errorMessage(e), 'fail');
      },
    });
  };

  return (
    <div className="promo-screen">
      <div className="promo-stats">
        <div>
          <span className="promo-muted">累计领取</span>
          <strong data-testid="rebate-claimed">{formatMoney(first?.claimedTotal)}</strong>
        </div>
        <div>
          <span className="promo-muted">待领取</span>
          <strong data-testid="rebate-pending">{formatMoney(first?.pendingTotal)}</strong>
        </div>
      </div>
      <button
        type="button"
        className="promo-button"
        disabled={claim.isPending || records.isPending}
        aria-busy={claim.isPending}
        onClick={onClaim}
      >
        一键领取
      </button>
      <RebateFilters platform={platform} onPlatform={setPlatform} date={date} onDate={setDate} />
      <PagedList
        query={records}
        listClass="promo-list"
        endClass="promo-end"
        label="返水记录"
        renderItem={(r, i) => (
          <li key={i} className="promo-item">
            <div className="promo-row">
              <strong>{r.gameName}</strong>
              <span>{formatMoney(r.amount)}</span>
            </div>
            <div className="promo-row promo-muted">
              <span>{formatDate(r.createdAt)}</span>
              <span>{r.claimed ? '已领取' : '未领取'}</span>
            </div>
          </li>
        )}
      />
    </div>
  );
}

import { rangeProblem } from '@app/contract/date-range';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import { useIntentKey } from '@/shared/api/intent';
import { formatDate, formatMoney } from '@/shared/format';
import { venueQueries } from '@/shared/queries/venues';
import { showToast } from '@/shared/ui/toast';
import { promoQueries, useClaimRebates, type RebateFilter } from '../api';
import { DateRangeFields, PickerField } from '../components/Filters';
import { PagedList } from '@/shared/ui/PagedList';
import { Tabs } from '@/shared/ui/Tabs';
import { MSG_REBATE_CLAIMED, REBATE_STATE_FILTERS, validateRebateClaim } from '../rules';
import '../promo.css';

const NO_FILTER: RebateFilter = { platform: '', state: '', start: '', end: '' };

/**
 * The platform (the venue wallets' names), state and date-range filters of the records, in
 * antd-mobile pickers. The range is checked as the server checks it (both ends, start ≤ end, ≤ 90
 * days) before 查询 applies the draft; 重置 clears everything.
 */
function RebateFilters({ onApply }: { onApply: (f: RebateFilter) => void }) {
  const platforms = useQuery(venueQueries.balances({ staleTime: 60_000 }));
  const [draft, setDraft] = useState<RebateFilter>(NO_FILTER);
  const platformOptions = [
    { value: '', label: '全部平台' },
    ...(platforms.data ?? []).map((p) => ({ value: p.platform, label: p.name })),
  ];
  const apply = (f: RebateFilter) => {
    const problem = rangeProblem(f.start || null, f.end || null);
    if (problem) {
      showToast(problem, 'fail');
      return;
    }
    onApply(f);
  };
  return (
    <div className="promo-card promo-filter-stack" aria-label="筛选">
      <div>
        <PickerField
          label="平台"
          options={platformOptions}
          value={draft.platform}
          onChange={(platform) => {
            setDraft({ ...draft, platform });
            apply({ ...draft, platform });
          }}
        />
      </div>
      <Tabs
        className="promo-tabs"
        tabClassName="promo-tab"
        role="group"
        label="状态"
        items={REBATE_STATE_FILTERS}
        value={draft.state}
        onChange={(state) => {
          setDraft({ ...draft, state });
          apply({ ...draft, state });
        }}
      />
      <DateRangeFields start={draft.start} end={draft.end} onChange={(r) => setDraft({ ...draft, ...r })} />
      <div className="promo-filter-actions">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setDraft(NO_FILTER);
            onApply(NO_FILTER);
          }}
        >
          重置
        </button>
        <button type="button" className="promo-button" onClick={() => apply(draft)}>
          查询
        </button>
      </div>
    </div>
  );
}

/** /fanshui (login): claimed and pending rebates, 一键领取, platform, state and date-range filters, the records. */
export default function FanshuiScreen() {
  const [filter, setFilter] = useState<RebateFilter>(NO_FILTER);
  const records = useInfiniteQuery(promoQueries.rebates(filter));
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
      <RebateFilters onApply={setFilter} />
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

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '@app/mobile/router';
import { assetUrl } from '@/shared/api/client';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { Tabs } from '@/shared/ui/Tabs';
import { promoQueries } from '../api';

/** The 全部 tab, then the activity types of the server (限时活动, 新人首存, 日常活动…). */
function TypeTabs({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const types = useQuery(promoQueries.activityTypes());
  const tabs = [{ id: 0, name: '全部' }, ...(types.data ?? [])];
  return (
    <Tabs
      className="promo-tabs"
      tabClassName="promo-tab"
      label="活动类型"
      items={tabs.map((t) => ({ value: t.id, label: t.name }))}
      value={value}
      onChange={onChange}
    />
  );
}

function Activities({ type, layout }: { type: number; layout: 'cards' | 'rows' }) {
  const query = useQuery(promoQueries.activities(type || null));
  if (query.isPending) return <BlockLoading height={120} />;
  if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <BlockEmpty>暂无活动</BlockEmpty>;
  return (
    <ul className="promo-list" aria-label="活动列表">
      {query.data.map((a) => (
        <li key={a.id}>
          <Link
            to={`/activityInfo?id=${a.id}`}
            className={layout === 'cards' ? 'promo-banner-link' : 'promo-old-item'}
          >
            <img
              className={layout === 'cards' ? 'promo-banner' : undefined}
              src={assetUrl(a.banner)}
              alt=""
              loading="lazy"
            />
            <span className={layout === 'cards' ? 'promo-banner-title' : undefined}>{a.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The promotion list of /activity (cards) and /activity_old (rows): type tabs, then the activities. */
export function ActivityList({ layout }: { layout: 'cards' | 'rows' }) {
  const [type, setType] = useState(0);
  return (
    <>
      <TypeTabs value={type} onChange={setType} />
      <Activities type={type} layout={layout} />
    </>
  );
}

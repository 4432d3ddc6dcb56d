import { DATE_FILTERS, DEFAULT_DATE_FILTER, type DateFilter } from '@app/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { venueQueries } from '@/shared/queries/venues';
import { MSG_MAINTENANCE } from '../rules';
import '../profile.css';

const DATES: { value: DateFilter; label: string }[] = [
  { value: DATE_FILTERS.today, label: '今天' },
  { value: DATE_FILTERS.days7, label: '近7天' },
  { value: DATE_FILTERS.days15, label: '近15天' },
  { value: DATE_FILTERS.days30, label: '近30天' },
];

/** /betRecord (login): the date and platform filters, and '维护中～' for now (spec §2). */
export default function BetRecordScreen() {
  // The platform filter needs the venues' names, not fresh balances.
  const venues = useQuery(venueQueries.balances({ staleTime: 5 * 60_000 }));
  const [date, setDate] = useState<DateFilter>(DEFAULT_DATE_FILTER);
  const [platform, setPlatform] = useState('');
  return (
    <div>
      <div className="bet-filters" role="group" aria-label="筛选">
        <select
          aria-label="日期"
          value={date}
          onChange={(e) => setDate(Number(e.target.value) as DateFilter)}
        >
          {DATES.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
        <select aria-label="平台" value={platform} onChange={(e) => setPlatform(e.target.value)}>
          <option value="">全部平台</option>
          {venues.data?.map((v) => (
            <option key={v.platform} value={v.platform}>
              {v.name}
            </option>
          ))}
        </select>
      </div>
      <p className="bet-maintenance" role="status">
        {MSG_MAINTENANCE}
      </p>
    </div>
  );
}

import type { DateFilter } from '@app/contract/enums';
import Dropdown, { type DropdownRef } from 'antd-mobile/es/components/dropdown';
import Selector from 'antd-mobile/es/components/selector';
import { useRef } from 'react';
import { BET_DATE_FILTERS } from '../betRecord';

/**
 * The date and venue filters of /betRecord: an antd-mobile drop-down bar, each panel a selector
 * (one choice; choosing closes the panel, choosing the current one again keeps it).
 */
export function BetRecordFilters({
  date,
  onDate,
  venue,
  onVenue,
  venues,
}: {
  date: DateFilter;
  onDate: (date: DateFilter) => void;
  venue: string;
  onVenue: (venue: string) => void;
  venues: readonly { value: string; label: string }[];
}) {
  const bar = useRef<DropdownRef>(null);
  const dateLabel = BET_DATE_FILTERS.find((d) => d.value === date)?.label ?? '';
  const venueLabel = venues.find((v) => v.value === venue)?.label ?? '全部场馆';
  return (
    <div className="bet-filters" role="group" aria-label="筛选">
      <Dropdown ref={bar} closeOnClickAway>
        <Dropdown.Item key="date" title={<span aria-label={`日期：${dateLabel}`}>{dateLabel}</span>}>
          <Selector
            className="bet-selector"
            aria-label="日期"
            columns={3}
            options={BET_DATE_FILTERS.map((d) => ({ value: d.value, label: d.label }))}
            value={[date]}
            onChange={(v) => {
              if (v[0] !== undefined) onDate(v[0]);
              bar.current?.close();
            }}
          />
        </Dropdown.Item>
        <Dropdown.Item key="venue" title={<span aria-label={`场馆：${venueLabel}`}>{venueLabel}</span>}>
          <Selector
            className="bet-selector bet-selector-venues"
            aria-label="场馆"
            columns={3}
            options={venues.map((v) => ({ value: v.value, label: v.label }))}
            value={[venue]}
            onChange={(v) => {
              if (v[0] !== undefined) onVenue(v[0]);
              bar.current?.close();
            }}
          />
        </Dropdown.Item>
      </Dropdown>
    </div>
  );
}

import type { BetRecord } from '@app/contract/member';
import { DEFAULT_DATE_FILTER, type DateFilter } from '@app/contract/enums';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatMoney } from '@/shared/format';
import { venueQueries } from '@/shared/queries/venues';
import { PagedList } from '@/shared/ui/PagedList';
import { betRecordQueries, readBets } from '../api';
import {
  ALL_VENUES,
  BET_COLUMNS,
  BET_STATE_LABELS,
  betSettled,
  betStateOf,
  betTitle,
  venueChoices,
} from '../betRecord';
import { BetRecordFilters } from '../components/BetRecordFilters';
import '../profile.css';

/** Totals of everything the filters select (the server's; absent when it sends none). */
function Totals({ sum }: { sum: { betAmount: number; validAmount: number; winAmount: number } | null }) {
  const cells: [string, number | undefined][] = [
    ['投注金额', sum?.betAmount],
    ['有效投注', sum?.validAmount],
    ['派彩金额', sum?.winAmount],
  ];
  return (
    <dl className="bet-totals" aria-label="合计">
      {cells.map(([label, cents]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{formatMoney(sum ? (cents ?? 0) : 0)}</dd>
        </div>
      ))}
    </dl>
  );
}

function BetItem({ bet }: { bet: BetRecord }) {
  const state = betStateOf(bet);
  const settled = betSettled(bet);
  return (
    <li className="bet-item">
      <div className="bet-row">
        <strong className="bet-title">{betTitle(bet)}</strong>
        <span className={`bet-state bet-state-${state}`}>{BET_STATE_LABELS[state]}</span>
      </div>
      {bet.content ? <p className="bet-content">{bet.content}</p> : null}
      <dl className="bet-figures">
        <div>
          <dt>投注</dt>
          <dd>{formatMoney(bet.betAmount)}</dd>
        </div>
        <div>
          <dt>有效投注</dt>
          {/* Counted when the bet settles (the lottery's hedged lines count only what is at risk). */}
          <dd>{settled ? formatMoney(bet.validAmount) : '--'}</dd>
        </div>
        <div>
          <dt>派彩</dt>
          <dd className={state === 'won' ? 'bet-win' : undefined}>
            {settled ? formatMoney(bet.winAmount) : '--'}
          </dd>
        </div>
      </dl>
      <div className="bet-row bet-muted">
        {/* The venue, unless the title already names it (a venue game's title is its venue). */}
        <span>{bet.platform === bet.gameName ? '' : bet.platform}</span>
        <span>{formatDate(bet.createdAt)}</span>
      </div>
    </li>
  );
}

/**
 * /betRecord (login): the member's bets (lottery periods and venue game rounds) by date (default
 * 近30天, up to 近90天, Beijing days) and venue, with the totals of the range and 导出CSV of every bet
 * the filters select; one scroll, pull to refresh.
 */
export default function BetRecordScreen() {
  // The venue filter needs the venues' names, not fresh balances.
  const venues = useQuery(venueQueries.balances({ staleTime: 5 * 60_000 }));
  const [date, setDate] = useState<DateFilter>(DEFAULT_DATE_FILTER);
  const [venue, setVenue] = useState(ALL_VENUES);
  const records = useInfiniteQuery(betRecordQueries.list(date, venue));
  const first = records.data?.pages[0];
  return (
    <div className="bet-screen">
      <BetRecordFilters
        date={date}
        onDate={setDate}
        venue={venue}
        onVenue={setVenue}
        venues={venueChoices(venues.data)}
      />
      <Totals sum={first?.sum ?? null} />
      <PagedList
        query={records}
        label="投注记录"
        empty="暂无投注记录"
        listClass="bet-list"
        endClass="bet-end"
        csv={{ list: '投注记录', read: (page) => readBets(date, venue, page), columns: BET_COLUMNS }}
        toolsClass="bet-tools"
        renderItem={(bet) => <BetItem key={bet.orderNo} bet={bet} />}
      />
    </div>
  );
}

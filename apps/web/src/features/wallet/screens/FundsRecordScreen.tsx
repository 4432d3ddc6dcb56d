import { DEFAULT_DATE_FILTER, type DateFilter } from '@app/contract/enums';
import { DATE_FILTER_LABELS, DATE_FILTER_VALUES } from '@app/contract/member';
import type { FundsEntry } from '@app/contract/wallet';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatMoney } from '@/shared/format';
import { BlockError } from '@/shared/ui/BlockStates';
import { PagedList } from '@/shared/ui/PagedList';
import { Tabs } from '@/shared/ui/Tabs';
import { readFunds, walletQueries } from '../api';
import { FUNDS_COLUMNS } from '../fundsCsv';
import { signedMoney } from '../rules';
import '../wallet.css';

const DATES = DATE_FILTER_VALUES.map((value) => ({ value, label: DATE_FILTER_LABELS[value] }));

/** Money in green, money out in red, nothing moved (a net of 0) in neither. */
function toneOf(cents: number): string {
  if (cents === 0) return '';
  return cents > 0 ? 'funds-in' : 'funds-out';
}

/** 累计净存款: deposits credited less withdrawals paid out, over the member's whole life. */
function NetDeposits() {
  const query = useQuery(walletQueries.fundsSummary());
  if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  const s = query.data;
  return (
    <section className="wallet-card funds-summary" aria-label="累计净存款" aria-busy={query.isPending}>
      <div className="funds-summary-title">
        累计净存款（元）<span className="wallet-muted">存款 − 提款</span>
      </div>
      <div className={`funds-summary-net ${s ? toneOf(s.net) : ''}`} data-testid="funds-net">
        {s ? signedMoney(s.net) : '--'}
      </div>
      <dl className="funds-summary-parts">
        <div>
          <dt>累计存款</dt>
          <dd>{formatMoney(s?.deposits)}</dd>
        </div>
        <div>
          <dt>累计提款</dt>
          <dd>{formatMoney(s?.withdrawals)}</dd>
        </div>
      </dl>
    </section>
  );
}

function Entry({ entry }: { entry: FundsEntry }) {
  return (
    <li className="funds-entry">
      <span className="funds-entry-label">{entry.label}</span>
      <span className={`wallet-amount ${toneOf(entry.amount)}`}>{signedMoney(entry.amount)}</span>
      <span className="wallet-muted">{formatDate(entry.createdAt)}</span>
      <span className="wallet-muted">{entry.reference}</span>
    </li>
  );
}

/**
 * /fundsRecord (login): 资金明细, every movement of the central wallet (deposits, withdrawals,
 * transfers, bets and wins of the lottery, bonuses) by date (default 近30天, up to 近90天), with the
 * lifetime net deposits on top and 导出CSV of every entry the filter selects.
 */
export default function FundsRecordScreen() {
  const [date, setDate] = useState<DateFilter>(DEFAULT_DATE_FILTER);
  const query = useInfiniteQuery(walletQueries.funds(date));
  return (
    <div className="wallet-screen">
      <NetDeposits />
      <Tabs
        role="group"
        className="wallet-tabs"
        tabClassName="wallet-tab"
        label="日期"
        items={DATES}
        value={date}
        onChange={setDate}
      />
      <PagedList
        query={query}
        label="资金明细"
        empty="暂无资金明细"
        listClass="wallet-records"
        endClass="wallet-end"
        csv={{ list: '资金明细', read: (page) => readFunds(date, page), columns: FUNDS_COLUMNS }}
        renderItem={(e) => <Entry key={e.id} entry={e} />}
      />
    </div>
  );
}

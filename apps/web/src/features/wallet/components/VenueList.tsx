import type { VenueBalance } from '@app/contract/wallet';
import { useState } from 'react';
import { formatMoney } from '@/shared/format';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';

/** Venue wallets, `rows` of them until 展开 (spec §9: 3 on withdrawal, 4 on transfer). */
export function VenueList({
  venues,
  error,
  rows,
  onRetry,
}: {
  venues: VenueBalance[] | undefined;
  error: unknown;
  rows: number;
  onRetry: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  if (!venues) return error ? <BlockError error={error} onRetry={onRetry} /> : <BlockLoading lines={rows} />;
  if (venues.length === 0) return <BlockEmpty>暂无场馆钱包</BlockEmpty>;
  const shown = expanded ? venues : venues.slice(0, rows);
  return (
    <>
      <ul
        className="wallet-venues"
        aria-label="场馆钱包"
        style={{ margin: 0, padding: 0, listStyle: 'none' }}
      >
        {shown.map((v) => (
          <li key={v.platform} className="wallet-row">
            <span>{v.name || v.platform}</span>
            <span className="wallet-amount">{formatMoney(v.balance)}</span>
          </li>
        ))}
      </ul>
      {venues.length > rows && (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? '收起' : '展开'}
        </button>
      )}
    </>
  );
}

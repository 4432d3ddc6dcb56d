import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@/shared/format';
import { useGo } from '@/shared/navigation/useGo';
import { venueQueries } from '@/shared/queries/venues';

/** How many venues the hint names before it says 等N个场馆. */
const NAMED = 2;

/**
 * The central wallet is empty but a venue holds money (自动转账 moved it there to play): say where it
 * is, so that 余额 0.00 never reads as money lost. Loaded on demand: only an empty wallet needs it.
 */
export default function VenueMoneyHint() {
  const go = useGo();
  const venues = useQuery(venueQueries.balances({ staleTime: 10_000 }));
  const holding = (venues.data ?? []).filter((v) => v.balance > 0);
  if (holding.length === 0) return null;
  const total = holding.reduce((sum, v) => sum + v.balance, 0);
  const named = holding
    .slice(0, NAMED)
    .map((v) => `${v.name} ${formatMoney(v.balance)}`)
    .join('、');
  const more = holding.length > NAMED ? ` 等${holding.length}个场馆` : '';
  return (
    <p className="hall-card-venues" role="note" data-testid="hall-venue-money">
      <span>
        另有 <strong>{formatMoney(total)}</strong> 在游戏场馆中（{named}
        {more}）
      </span>
      <button type="button" className="link-button" onClick={() => go('/account')}>
        去钱包取回
      </button>
    </p>
  );
}

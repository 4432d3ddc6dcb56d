import { errorMessage } from '@/shared/api/client';
import { useRefreshMoney } from '@/shared/session/api';
import { RefreshIcon } from '@/shared/ui/icons';
import { showToast } from '@/shared/ui/toast';

/** 刷新余额: calls refreshusermoney; spins while it runs. */
export function RefreshBalanceButton({ className = '' }: { className?: string }) {
  const refresh = useRefreshMoney();
  return (
    <button
      type="button"
      className={`icon-button ${className}`}
      aria-label="刷新余额"
      disabled={refresh.isPending}
      onClick={() => refresh.mutate(undefined, { onError: (e) => showToast(errorMessage(e), 'fail') })}
    >
      <RefreshIcon className={refresh.isPending ? 'spin' : undefined} />
    </button>
  );
}

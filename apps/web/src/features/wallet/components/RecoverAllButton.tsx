import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, send } from '@/shared/api/client';
import { sessionQueries } from '@/shared/session/api';
import { showToast } from '@/shared/ui/toast';
import { useIntentKey } from '@/shared/api/intent';
import { venuesRoot } from '@/shared/queries/venue-key';
import { walletRoot } from '../keys';

export const MSG_RECOVERED = '操作成功！';

/**
 * 一键回收 (header) / 一键取回 (wallet): every venue balance back to the central wallet, then the
 * member, the wallet replies and the venue balances are refreshed. Kept small: the header of the first load shows it.
 */
export function RecoverAllButton({ label = '一键回收', className = 'header-button' }) {
  const qc = useQueryClient();
  const intent = useIntentKey();
  const recover = useMutation({
    mutationFn: async (key: string) => {
      // The wallet contract loads on the first tap, not with the header of the first load.
      const { transferAll } = await import('@app/contract/wallet');
      return send(transferAll, undefined, { idempotencyKey: key });
    },
    onSuccess: ({ message }) => {
      intent.done();
      showToast(message || MSG_RECOVERED, 'success');
      void qc.invalidateQueries({ queryKey: sessionQueries.all() });
      void qc.invalidateQueries({ queryKey: walletRoot() });
      void qc.invalidateQueries({ queryKey: venuesRoot() });
    },
    onError: (e) => {
      intent.failed(e);
      showToast(errorMessage(e), 'fail');
    },
  });
  return (
    <button
      type="button"
      className={className}
      disabled={recover.isPending}
      aria-busy={recover.isPending}
      onClick={() => recover.mutate(intent.keyFor('transall'))}
    >
      {label}
    </button>
  );
}

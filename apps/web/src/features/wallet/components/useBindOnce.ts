import type { bindCard } from '@app/contract/cashier';
import type { RequestOf } from '@app/contract/define';
import { errorMessage } from '@/shared/api/client';
import { useSubmission } from '@/shared/api/intent';
import { showToast } from '@/shared/ui/toast';
import { useBindCard } from '../api';
import { MSG_BOUND } from '../rules';

/**
 * 确认绑定 of a bank card or a USDT address, then `leave()`. One request per intent: a second tap
 * while it runs sends nothing, and its key makes the server replay the first answer (issue 30: a
 * double tap answered 该卡号已绑定 and kept the member on the form).
 */
export function useBindOnce(leave: () => void) {
  const bind = useBindCard();
  const submission = useSubmission();
  const submit = (card: RequestOf<typeof bindCard>) => {
    const intentKey = submission.start(card);
    if (intentKey === null) return;
    bind.mutate(
      { ...card, intentKey },
      {
        onSuccess: ({ message }) => {
          submission.succeeded();
          showToast(message || MSG_BOUND, 'success');
          leave();
        },
        onError: (e) => {
          submission.failed(e);
          showToast(errorMessage(e), 'fail');
        },
      },
    );
  };
  return { submit, pending: bind.isPending };
}

import { formatMoney } from '@/shared/format';
import { useBalance } from '@/shared/session/api';
import { useSession } from '@/shared/session/store';

/**
 * The central balance. Only this text subscribes to the balance poll, so a poll re-renders it and
 * nothing around it.
 */
export function BalanceText({ className, testId }: { className?: string; testId?: string }) {
  const polled = useBalance();
  const fromUser = useSession((s) => s.user?.balance);
  return (
    <span className={className} data-testid={testId}>
      {formatMoney(polled ?? fromUser)}
    </span>
  );
}

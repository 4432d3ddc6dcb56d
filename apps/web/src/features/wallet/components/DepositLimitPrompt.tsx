import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useGo } from '@/shared/navigation/useGo';
import { protectionQueries } from '@/shared/queries/protection';
import { useSession } from '@/shared/session/store';
import './deposit-limit-prompt.css';

/** Remembered per member on this device: 跳过 once and the deposit screen asks no more. */
const skippedKey = (userId: number) => `deposit-limit-prompt-skipped:${userId}`;

function skipped(userId: number): boolean {
  try {
    return window.localStorage.getItem(skippedKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * 责任博彩 before the first deposit: a member without a deposit limit is offered to set one (or
 * skip). Shown on /recharge until a deposit limit exists or the member skips it.
 */
export function DepositLimitPrompt() {
  const go = useGo();
  const userId = useSession((s) => s.user?.id ?? null);
  const state = useQuery(protectionQueries.state());
  const [skippedNow, setSkippedNow] = useState(false);
  if (skippedNow || userId === null || skipped(userId) || !state.data) return null;
  if (state.data.break || state.data.limits.some((l) => l.kind === 'deposit')) return null;
  const skip = () => {
    try {
      window.localStorage.setItem(skippedKey(userId), '1');
    } catch {
      // Private mode: it is skipped for this visit only.
    }
    setSkippedNow(true);
  };
  return (
    <section className="wallet-card deposit-limit-prompt" aria-label="设置存款限额">
      <p>理性娱乐，量力而行。存款前可为自己设置每24小时、每7天或每30天的存款限额，设置后立即生效。</p>
      <div className="deposit-limit-actions">
        <button type="button" className="deposit-limit-skip" onClick={skip}>
          跳过
        </button>
        <button type="button" className="deposit-limit-set" onClick={() => go('/protection')}>
          设置存款限额
        </button>
      </div>
    </section>
  );
}

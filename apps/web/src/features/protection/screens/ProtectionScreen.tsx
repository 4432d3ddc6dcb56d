import { LIMIT_KINDS } from '@app/contract/protection';
import { useQuery } from '@tanstack/react-query';
import { useGo } from '@/shared/navigation/useGo';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { protectionQueries } from '@/shared/queries/protection';
import { BreakCard } from '../components/BreakCard';
import { LimitCard } from '../components/LimitCard';
import { RealityCheckCard } from '../components/RealityCheckCard';
import { SessionLimitCard } from '../components/SessionLimitCard';
import { breakUntil } from '../rules';
import '../protection.css';

/**
 * /protection (login, OUR ADDITION: 责任博彩): the member's deposit, loss and wager limits with what
 * is used and when each period restarts, their changes, and a time-out or a self-exclusion. During
 * one, the screen says until when and offers withdrawing only.
 */
export default function ProtectionScreen() {
  const state = useQuery(protectionQueries.state());
  const go = useGo();
  if (state.isPending) return <BlockLoading />;
  if (state.isError) return <BlockError error={state.error} onRetry={() => void state.refetch()} />;
  const { limits, break: current } = state.data;
  return (
    <div className="protect">
      {current ? (
        <section className="protect-card protect-break" aria-label="暂停中">
          <h3 className="protect-title">{current.kind === 'timeout' ? '暂停游戏中' : '自我排除中'}</h3>
          <p>
            {current.ends_at === null ? '您已永久自我排除' : `您已暂停游戏至 ${breakUntil(current)}`}
            ，期间只能提款和查看记录。
          </p>
          <button type="button" className="protect-submit" onClick={() => go('/withdrawal')}>
            去提款
          </button>
        </section>
      ) : (
        <p className="protect-intro">
          理性娱乐，量力而行。您可以为存款、亏损和投注设置限额：新设或调低立即生效，调高或取消需等待24小时后由您确认（7天内有效）。
        </p>
      )}
      {LIMIT_KINDS.map((kind) => (
        <LimitCard key={kind} kind={kind} limits={limits} />
      ))}
      <SessionLimitCard limit={state.data.session_limit} />
      <RealityCheckCard minutes={state.data.reality_check} />
      {!current && <BreakCard />}
    </div>
  );
}

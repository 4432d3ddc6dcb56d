import type { Protection } from '@app/contract/protection';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import { formatDate } from '@/shared/format';
import { showToast } from '@/shared/ui/toast';
import { useConfirmSessionLimit, useSetSessionLimit } from '../api';
import { SESSION_LIMIT_CHOICES, sessionLimitLabel } from '../rules';
import { ChoiceChips } from './ChoiceChips';

const when = (ms: number) => formatDate(ms).slice(5, 16);

/** A waiting longer limit or removal: when it may be confirmed, and the button once it may. */
function PendingSession({ pending }: { pending: NonNullable<Protection['session_limit']['pending']> }) {
  const confirm = useConfirmSessionLimit();
  // When the screen was shown: the server re-checks the 24 hours when it is confirmed.
  const [shownAt] = useState(Date.now);
  const ready = shownAt >= pending.confirm_from;
  const target = pending.minutes === 0 ? '取消单次登录时长' : `调整为 ${sessionLimitLabel(pending.minutes)}`;
  return (
    <div className="protect-pending">
      <span>
        {target}：
        {ready ? `请于 ${when(pending.confirm_by)} 前确认` : `${when(pending.confirm_from)} 后可确认`}
      </span>
      <button
        type="button"
        className="protect-small"
        disabled={!ready || confirm.isPending}
        onClick={() =>
          confirm.mutate(undefined, {
            onSuccess: ({ message }) => showToast(message || '单次登录时长已更新', 'success'),
            onError: (e) => showToast(errorMessage(e), 'fail'),
          })
        }
      >
        {confirm.isPending ? '确认中…' : '确认'}
      </button>
    </div>
  );
}

/**
 * 单次登录时长: a session ends this long after signing in (the server refuses it from then on). A
 * shorter one applies at once, also to this session; a longer one or none waits 24 hours.
 */
export function SessionLimitCard({ limit }: { limit: Protection['session_limit'] }) {
  const save = useSetSessionLimit();
  return (
    <section className="protect-card" aria-label="单次登录时长">
      <h3 className="protect-title">单次登录时长</h3>
      <p className="protect-hint">登录满所选时长后自动退出；缩短立即生效，延长或取消需等待24小时后确认</p>
      <ChoiceChips
        label="单次登录时长"
        choices={SESSION_LIMIT_CHOICES}
        value={limit.minutes}
        disabled={save.isPending}
        onPick={(c) =>
          save.mutate(c.value, {
            onSuccess: ({ data }) => {
              const now = data.session_limit;
              if (now.pending) showToast('已提交，24小时后可确认生效', 'success');
              else
                showToast(now.minutes === 0 ? '已取消单次登录时长' : `单次登录时长：${c.label}`, 'success');
            },
            onError: (e) => showToast(errorMessage(e), 'fail'),
          })
        }
      />
      {limit.pending && <PendingSession pending={limit.pending} />}
    </section>
  );
}

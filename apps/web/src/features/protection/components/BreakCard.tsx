import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import { useEndSession } from '@/shared/session/api';
import { confirmDialog } from '@/shared/ui/dialog';
import { showToast } from '@/shared/ui/toast';
import { useTakeBreak } from '../api';
import { ChoiceChips } from './ChoiceChips';
import { BREAK_CONSEQUENCES, breakQuestion, EXCLUSION_CHOICES, TIMEOUT_CHOICES } from '../rules';

type Kind = 'timeout' | 'exclusion';

/**
 * 暂停 (a time-out) or 自我排除: a length, what follows, and a confirmation; on success every session
 * has ended on the server, and the app goes to the sign-in page.
 */
export function BreakCard() {
  const [kind, setKind] = useState<Kind>('timeout');
  const [choice, setChoice] = useState<number | null>(null);
  const take = useTakeBreak();
  const endSession = useEndSession();
  const choices = kind === 'timeout' ? TIMEOUT_CHOICES : EXCLUSION_CHOICES;
  const picked = choices.find((c) => c.value === choice);

  const submit = async () => {
    if (!picked) return showToast('请选择时长', 'fail');
    if (!(await confirmDialog(breakQuestion(kind, picked.label), '请确认'))) return;
    const input =
      kind === 'timeout'
        ? ({ kind, days: picked.value, confirm: 1 } as const)
        : ({ kind, months: picked.value, confirm: 1 } as const);
    take.mutate(input, {
      onSuccess: ({ message }) => {
        showToast(message || '已生效', 'success');
        endSession();
      },
      onError: (e) => showToast(errorMessage(e), 'fail'),
    });
  };

  return (
    <section className="protect-card" aria-label="暂停与自我排除">
      <h3 className="protect-title">暂停与自我排除</h3>
      <div className="protect-switch" role="tablist" aria-label="类型">
        {(['timeout', 'exclusion'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            className={kind === k ? 'active' : ''}
            onClick={() => {
              setKind(k);
              setChoice(null);
            }}
          >
            {k === 'timeout' ? '暂停游戏' : '自我排除'}
          </button>
        ))}
      </div>
      <ChoiceChips label="时长" choices={choices} value={choice} onPick={(c) => setChoice(c.value)} />
      <ul className="protect-list">
        {BREAK_CONSEQUENCES.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <button
        type="button"
        className="protect-submit danger"
        disabled={take.isPending}
        onClick={() => void submit()}
      >
        {take.isPending ? '提交中…' : kind === 'timeout' ? '确认暂停' : '确认自我排除'}
      </button>
    </section>
  );
}

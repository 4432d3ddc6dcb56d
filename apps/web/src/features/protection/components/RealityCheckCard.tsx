import { errorMessage } from '@/shared/api/client';
import { showToast } from '@/shared/ui/toast';
import { useSetRealityCheck } from '../api';
import { REALITY_CHOICES } from '../rules';
import { ChoiceChips } from './ChoiceChips';

/** 游戏时间提醒: how often a dialog tells the session's time and result (off, 10–60 minutes). */
export function RealityCheckCard({ minutes }: { minutes: number }) {
  const save = useSetRealityCheck();
  return (
    <section className="protect-card" aria-label="游戏时间提醒">
      <h3 className="protect-title">游戏时间提醒</h3>
      <p className="protect-hint">每隔所选时间提示本次登录的时长、投注、派彩和净输赢</p>
      <ChoiceChips
        label="提醒间隔"
        choices={REALITY_CHOICES}
        value={minutes}
        disabled={save.isPending}
        onPick={(c) =>
          save.mutate(c.value, {
            onSuccess: () =>
              showToast(c.value === 0 ? '已关闭游戏时间提醒' : `将每${c.label}提醒一次`, 'success'),
            onError: (e) => showToast(errorMessage(e), 'fail'),
          })
        }
      />
    </section>
  );
}

import {
  LIMIT_KIND_LABELS,
  LIMIT_PERIOD_LABELS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type PlayLimit,
} from '@app/contract/protection';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import { formatDate, formatMoney } from '@/shared/format';
import { showToast } from '@/shared/ui/toast';
import { useConfirmLimit, useSetLimit } from '../api';
import { limitAmountProblem } from '../rules';

const KIND_HINTS: Record<LimitKind, string> = {
  deposit: '周期内存款总额',
  loss: '周期内投注减去派彩（最低为0），未结算的注单按亏损计算',
  wager: '周期内投注总额',
};

const when = (ms: number) => formatDate(ms).slice(5, 16);

/** A waiting higher amount or removal: when it may be confirmed, and the button once it may. */
function Pending({ limit }: { limit: PlayLimit }) {
  const confirm = useConfirmLimit();
  // When the screen was shown: the server re-checks the 24 hours when it is confirmed.
  const [shownAt] = useState(Date.now);
  const pending = limit.pending;
  if (!pending) return null;
  const ready = shownAt >= pending.confirm_from;
  const target = pending.amount === null ? '取消此限额' : `调整为 ${formatMoney(pending.amount)}`;
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
          confirm.mutate(
            { kind: limit.kind, period: limit.period },
            {
              onSuccess: ({ message }) => showToast(message || '限额已更新', 'success'),
              onError: (e) => showToast(errorMessage(e), 'fail'),
            },
          )
        }
      >
        {confirm.isPending ? '确认中…' : '确认'}
      </button>
    </div>
  );
}

/** What a limit has used in its period, and when the period restarts. */
function LimitUse({ limit }: { limit: PlayLimit }) {
  const share = limit.amount > 0 ? Math.min(100, (limit.used / limit.amount) * 100) : 0;
  return (
    <div className="protect-use">
      <div className="protect-bar" aria-hidden="true">
        <span style={{ width: `${share}%` }} />
      </div>
      <span>
        已用 {formatMoney(limit.used)} · 剩余 {formatMoney(limit.remaining)} · {when(limit.resets_at)} 重置
      </span>
    </div>
  );
}

/** One period of a kind: the limit in force (or 未设置), its use, and its editor when opened. */
function LimitRow({ kind, period, limit }: { kind: LimitKind; period: LimitPeriod; limit?: PlayLimit }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const save = useSetLimit();
  const label = LIMIT_PERIOD_LABELS[period];
  /** `amount` null: remove the limit (after its wait); else checked as typed first. */
  const submit = (amount: string | null) => {
    const problem = amount === null ? null : limitAmountProblem(amount);
    if (problem) return showToast(problem, 'fail');
    save.mutate(
      { kind, period, amount },
      {
        onSuccess: ({ data }) => {
          const now = data.limits.find((l) => l.kind === kind && l.period === period);
          showToast(now?.pending ? '已提交，24小时后需您确认才生效' : '设置成功', 'success');
          setOpen(false);
          setText('');
        },
        onError: (e) => showToast(errorMessage(e), 'fail'),
      },
    );
  };
  return (
    <li className="protect-row">
      <button
        type="button"
        className="protect-row-head"
        aria-expanded={open}
        aria-label={`${label}${LIMIT_KIND_LABELS[kind]}`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="protect-period">{label}</span>
        <span className="protect-amount">{limit ? `${formatMoney(limit.amount)} 元` : '未设置'}</span>
      </button>
      {limit && <LimitUse limit={limit} />}
      {limit && <Pending limit={limit} />}
      {open && (
        <form
          className="protect-edit"
          onSubmit={(e) => {
            e.preventDefault();
            submit(text);
          }}
        >
          <input
            className="protect-input"
            inputMode="decimal"
            placeholder="请输入限额金额（元）"
            aria-label={`${label}${LIMIT_KIND_LABELS[kind]}金额`}
            maxLength={15}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="protect-small primary" disabled={save.isPending}>
            {save.isPending ? '提交中…' : '保存'}
          </button>
          {limit && !limit.pending && (
            <button
              type="button"
              className="protect-small"
              disabled={save.isPending}
              onClick={() => submit(null)}
            >
              取消限额
            </button>
          )}
        </form>
      )}
    </li>
  );
}

/** One kind of limit (存款, 亏损, 投注) with its three periods. */
export function LimitCard({ kind, limits }: { kind: LimitKind; limits: PlayLimit[] }) {
  return (
    <section className="protect-card" aria-label={LIMIT_KIND_LABELS[kind]}>
      <h3 className="protect-title">{LIMIT_KIND_LABELS[kind]}</h3>
      <p className="protect-hint">{KIND_HINTS[kind]}</p>
      <ul className="protect-rows">
        {LIMIT_PERIODS.map((period) => (
          <LimitRow
            key={period}
            kind={kind}
            period={period}
            limit={limits.find((l) => l.kind === kind && l.period === period)}
          />
        ))}
      </ul>
    </section>
  );
}

import { Tabs } from '@/shared/ui/Tabs';
import type { BetForm } from '../hooks/useBetForm';
import { QUICK_AMOUNTS } from '../bet-rules';

/* The two halves of the bet panel (BetPanel): what to bet on, then how much. */

const BALLS = Array.from({ length: 49 }, (_, i) => i + 1);

/** The number grid 1–49 of the chosen play of a numbered group (one line per picked number). */
function NumberGrid({ form, playId }: { form: BetForm; playId: number }) {
  return (
    <div className="bet-numbers" role="group" aria-label="选择号码">
      {BALLS.map((n) => {
        const on = form.picked.has(`${playId}:${n}`);
        return (
          <button
            key={n}
            type="button"
            className={on ? 'bet-number active' : 'bet-number'}
            aria-pressed={on}
            onClick={() => form.toggle({ playId, number: n })}
          >
            {String(n).padStart(2, '0')}
          </button>
        );
      })}
    </div>
  );
}

/** The plays of the group shown, with their odds: a tap picks it, or in a numbered group chooses it. */
function PlayGrid({ form }: { form: BetForm }) {
  const { numbered, activePlay } = form;
  return (
    <div className="bet-play-grid">
      {form.group?.plays.map((p) => {
        const pressed = numbered ? activePlay === p.id : form.picked.has(String(p.id));
        const count = numbered ? form.countOf(p.id) : 0;
        return (
          <button
            key={p.id}
            type="button"
            className={pressed ? 'bet-play active' : 'bet-play'}
            aria-pressed={pressed}
            onClick={() => (numbered ? form.choosePlay(p.id) : form.toggle({ playId: p.id, number: null }))}
          >
            <span className="bet-play-title">{p.title}</span> <span className="bet-odds">{p.odds}</span>
            {count > 0 && <span className="bet-count"> 已选{count}</span>}
          </button>
        );
      })}
    </div>
  );
}

/** Play groups on the left (a vertical tablist), the group's plays on the right. */
export function BetPlays({ form, id }: { form: BetForm; id: string }) {
  const { numbered, activePlay } = form;
  return (
    <div className="bet-body">
      <Tabs
        className="bet-groups"
        tabClassName="bet-group"
        markActive
        orientation="vertical"
        label="玩法分类"
        items={form.groups.map((g, i) => ({ value: i, label: g.name }))}
        value={form.groupIndex}
        onChange={form.setGroupIndex}
        idPrefix={`${id}-g`}
        panelId={`${id}-p`}
      />
      <div className="bet-plays" role="tabpanel" id={`${id}-p`} aria-labelledby={`${id}-g${form.groupIndex}`}>
        <PlayGrid form={form} />
        {numbered && activePlay === null && <p className="verify-note">请先选择玩法，再选号码</p>}
        {numbered && activePlay !== null && <NumberGrid form={form} playId={activePlay} />}
      </div>
    </div>
  );
}

/** The quick amounts, 单注金额 with 清空, and the summary with 立即投注. */
export function BetFoot({ form, id }: { form: BetForm; id: string }) {
  return (
    <div className="bet-foot">
      <div className="bet-quick" role="group" aria-label="快捷金额">
        {QUICK_AMOUNTS.map((q) => (
          <button
            key={q}
            type="button"
            className={form.amount === String(q) ? 'bet-chip active' : 'bet-chip'}
            aria-pressed={form.amount === String(q)}
            onClick={() => form.setAmount(String(q))}
          >
            {q}
          </button>
        ))}
      </div>
      <div className="bet-amount-row">
        <label className="bet-amount-label" htmlFor={`${id}-a`}>
          单注金额
        </label>
        <input
          id={`${id}-a`}
          className="bet-input"
          inputMode="decimal"
          maxLength={12}
          placeholder="请输入投注金额"
          value={form.amount}
          onChange={(e) => form.setAmount(e.target.value)}
        />
        <button type="button" className="bet-button" onClick={form.clear}>
          清空
        </button>
      </div>
      <div className="bet-amount-row">
        <span className="bet-summary" data-testid="bet-summary">
          {form.summary.text}
        </span>
        <button type="button" className="bet-button primary" onClick={form.openConfirm}>
          立即投注
        </button>
      </div>
    </div>
  );
}

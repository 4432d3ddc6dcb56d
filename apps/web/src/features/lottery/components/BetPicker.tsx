import { Tabs } from '@/shared/ui/Tabs';
import type { BetForm } from '../hooks/useBetForm';
import { QUICK_AMOUNTS } from '../bet-rules';

/* The two halves of the bet panel (BetPanel): what to bet on, then how much. */

/** The plays of a numbered group (special > 0): one per number, shown as a ball grid, odds once. */
function NumberGrid({ form }: { form: BetForm }) {
  const plays = form.group?.plays ?? [];
  const odds = new Set(plays.map((p) => p.odds));
  return (
    <>
      {odds.size === 1 && <p className="bet-number-odds">赔率 {plays[0]?.odds}</p>}
      <div className="bet-numbers" role="group" aria-label="选择号码">
        {plays.map((p) => {
          const on = form.picked.has(String(p.id));
          return (
            <button
              key={p.id}
              type="button"
              className={on ? 'bet-number active' : 'bet-number'}
              aria-pressed={on}
              aria-label={odds.size === 1 ? p.title : `${p.title} ${p.odds}`}
              onClick={() => form.toggle({ playId: p.id })}
            >
              {p.title}
            </button>
          );
        })}
      </div>
    </>
  );
}

/** The plays of the group shown, with their odds: a tap picks it. */
function PlayGrid({ form }: { form: BetForm }) {
  return (
    <div className="bet-play-grid">
      {form.group?.plays.map((p) => {
        const pressed = form.picked.has(String(p.id));
        return (
          <button
            key={p.id}
            type="button"
            className={pressed ? 'bet-play active' : 'bet-play'}
            aria-pressed={pressed}
            onClick={() => form.toggle({ playId: p.id })}
          >
            <span className="bet-play-title">{p.title}</span> <span className="bet-odds">{p.odds}</span>
          </button>
        );
      })}
    </div>
  );
}

/** Play groups on the left (a vertical tablist), the group's plays on the right. */
export function BetPlays({ form, id }: { form: BetForm; id: string }) {
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
        {form.numbered ? <NumberGrid form={form} /> : <PlayGrid form={form} />}
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

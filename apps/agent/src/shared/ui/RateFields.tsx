import type { CategoryRates } from '@app/contract/agent-plans';
import { REBATE_CATEGORIES, REBATE_CATEGORY_LABELS } from '@app/contract/enums';
import { percentText } from '@/shared/format';
import type { RateTexts } from '@/shared/rates';

/** A percentage per category, each capped (shown) by the agent's own rate. */
export function RateFields({
  texts,
  own,
  onChange,
  disabled,
}: {
  texts: RateTexts;
  own: CategoryRates;
  onChange: (texts: RateTexts) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="rate-fields" disabled={disabled}>
      <legend>返佣比例（%，不高于您自己的比例）</legend>
      {REBATE_CATEGORIES.map((c) => (
        <label key={c} className="rate-field">
          <span>{REBATE_CATEGORY_LABELS[c]}</span>
          <input
            inputMode="decimal"
            aria-label={`${REBATE_CATEGORY_LABELS[c]}返佣比例`}
            value={texts[c]}
            onChange={(e) => onChange({ ...texts, [c]: e.target.value })}
          />
          <small>≤ {percentText(own[c])}</small>
        </label>
      ))}
    </fieldset>
  );
}

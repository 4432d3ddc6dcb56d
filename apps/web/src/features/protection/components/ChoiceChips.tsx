/** A row of choices as chips (one may be picked): lengths of a break, intervals of the reality check. */
export function ChoiceChips({
  label,
  choices,
  value,
  disabled = false,
  onPick,
}: {
  label: string;
  choices: readonly { value: number; label: string }[];
  value: number | null;
  disabled?: boolean;
  onPick: (choice: { value: number; label: string }) => void;
}) {
  return (
    <div className="protect-chips" role="radiogroup" aria-label={label}>
      {choices.map((c) => (
        <button
          key={c.value}
          type="button"
          role="radio"
          aria-checked={value === c.value}
          className={value === c.value ? 'active' : ''}
          disabled={disabled}
          onClick={() => onPick(c)}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}

import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/** One choice of a bar: its value, and what the button shows. */
export interface TabItem<V extends string | number> {
  value: V;
  label: ReactNode;
}

/**
 * The three meanings one row of buttons takes: tabs over a panel (tablist: tab, aria-selected), one
 * setting of a form (radiogroup: radio, aria-checked), a filter of a list (group: aria-pressed).
 */
type BarRole = 'tablist' | 'radiogroup' | 'group';

const CHOICE: Record<
  BarRole,
  { role?: 'tab' | 'radio'; state: 'aria-selected' | 'aria-checked' | 'aria-pressed' }
> = {
  tablist: { role: 'tab', state: 'aria-selected' },
  radiogroup: { role: 'radio', state: 'aria-checked' },
  group: { state: 'aria-pressed' },
};

export interface TabsProps<V extends string | number> {
  items: readonly TabItem<V>[];
  value: V;
  /** Called on every tap, the current choice included (a screen ignores it when it wants to). */
  onChange: (value: V) => void;
  /** The bar's class, from the feature's stylesheet. */
  className: string;
  /** Each button's class; with markActive the chosen one also gets `active`. */
  tabClassName?: string;
  /** For stylesheets that style the choice by class rather than by its aria state. */
  markActive?: boolean;
  role?: BarRole;
  label?: string;
  labelledBy?: string;
  /** Written as aria-orientation; also the direction of the arrow keys. */
  orientation?: 'horizontal' | 'vertical';
  /** Ids of the buttons: the prefix then the value (a tabpanel points back at the chosen one). */
  idPrefix?: string;
  /** The id of the panel the tabs control. */
  panelId?: string;
  /** Arrow keys move the choice and the focus; only the chosen tab is in the tab order. */
  arrowKeys?: boolean;
}

/** A row of choice buttons, drawn by the feature's classes: tabs, a radio group or a filter. */
export function Tabs<V extends string | number>({
  items,
  value,
  onChange,
  className,
  tabClassName,
  markActive = false,
  role = 'tablist',
  label,
  labelledBy,
  orientation,
  idPrefix,
  panelId,
  arrowKeys = false,
}: TabsProps<V>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const choice = CHOICE[role];
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const back = orientation === 'vertical' ? 'ArrowUp' : 'ArrowLeft';
    const forward = orientation === 'vertical' ? 'ArrowDown' : 'ArrowRight';
    const step = e.key === forward ? 1 : e.key === back ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + items.length) % items.length;
    const item = items[next];
    if (!item) return;
    onChange(item.value);
    buttons.current[next]?.focus();
  };
  return (
    <div
      className={className}
      role={role}
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-orientation={orientation}
    >
      {items.map((item, i) => {
        const on = item.value === value;
        return (
          <button
            key={item.value}
            ref={
              arrowKeys
                ? (el) => {
                    buttons.current[i] = el;
                  }
                : undefined
            }
            type="button"
            role={choice.role}
            id={idPrefix === undefined ? undefined : `${idPrefix}${item.value}`}
            {...{ [choice.state]: on }}
            aria-controls={panelId}
            tabIndex={arrowKeys ? (on ? 0 : -1) : undefined}
            className={tabClassName && markActive && on ? `${tabClassName} active` : tabClassName}
            onClick={() => onChange(item.value)}
            onKeyDown={arrowKeys ? (e) => onKeyDown(e, i) : undefined}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

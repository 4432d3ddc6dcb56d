import { GAME_CATEGORY_LABELS, type GameCategory } from '@app/contract/enums';
import { useRef, useState, type KeyboardEvent } from 'react';
import { CATEGORIES } from '../rules';
import { PlatformGrid } from './PlatformGrid';

/**
 * The six categories as an ARIA tablist with the active category's platform grid: a sidebar on /home
 * (vertical), tabs across the top on /index_old (horizontal). Arrow keys move between categories.
 */
export function CategoryTabs({ orientation }: { orientation: 'vertical' | 'horizontal' }) {
  const [active, setActive] = useState<GameCategory>('realbet');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const prefix = `ct-${orientation}`;
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const back = orientation === 'vertical' ? 'ArrowUp' : 'ArrowLeft';
    const forward = orientation === 'vertical' ? 'ArrowDown' : 'ArrowRight';
    const step = e.key === forward ? 1 : e.key === back ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + CATEGORIES.length) % CATEGORIES.length;
    const category = CATEGORIES[next];
    if (!category) return;
    setActive(category);
    tabs.current[next]?.focus();
  };
  return (
    <section className={`ct-categories ${prefix}`} aria-label="游戏平台">
      <div className={`${prefix}-tabs`} role="tablist" aria-label="游戏分类" aria-orientation={orientation}>
        {CATEGORIES.map((category, i) => (
          <button
            key={category}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${prefix}-tab-${category}`}
            aria-selected={category === active}
            aria-controls={`${prefix}-panel`}
            tabIndex={category === active ? 0 : -1}
            className={category === active ? 'ct-tab active' : 'ct-tab'}
            onClick={() => setActive(category)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {GAME_CATEGORY_LABELS[category]}
          </button>
        ))}
      </div>
      <div
        className={`${prefix}-panel`}
        role="tabpanel"
        id={`${prefix}-panel`}
        aria-labelledby={`${prefix}-tab-${active}`}
      >
        <PlatformGrid key={active} category={active} label={`${GAME_CATEGORY_LABELS[active]}平台`} />
      </div>
    </section>
  );
}

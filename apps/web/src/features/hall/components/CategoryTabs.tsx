import { GAME_CATEGORY_LABELS, type GameCategory } from '@app/contract/enums';
import { useState } from 'react';
import { Tabs } from '@/shared/ui/Tabs';
import { CATEGORIES } from '../rules';
import { PlatformGrid } from './PlatformGrid';

/** 'hall': tabs across the top of the hall (/); 'side': /home's sidebar; 'top': /index_old's tabs. */
export type CategoryLayout = 'hall' | 'side' | 'top';

const ITEMS = CATEGORIES.map((category) => ({ value: category, label: GAME_CATEGORY_LABELS[category] }));

/**
 * The six categories as an ARIA tablist with the active category's platform grid; arrow keys move
 * between categories (up and down in the sidebar).
 */
export function CategoryTabs({ layout }: { layout: CategoryLayout }) {
  const [active, setActive] = useState<GameCategory>('realbet');
  const ids = `categories-${layout}`;
  return (
    <section className={`categories categories-${layout}`} aria-label="游戏平台">
      <Tabs
        items={ITEMS}
        value={active}
        onChange={setActive}
        className="categories-tabs"
        tabClassName="category-tab"
        markActive
        label="游戏分类"
        orientation={layout === 'side' ? 'vertical' : 'horizontal'}
        idPrefix={`${ids}-tab-`}
        panelId={`${ids}-panel`}
        arrowKeys
      />
      <div
        className="categories-panel"
        role="tabpanel"
        id={`${ids}-panel`}
        aria-labelledby={`${ids}-tab-${active}`}
      >
        <PlatformGrid
          key={active}
          category={active}
          label={`${GAME_CATEGORY_LABELS[active]}平台`}
          askLogin={layout === 'hall'}
        />
      </div>
    </section>
  );
}

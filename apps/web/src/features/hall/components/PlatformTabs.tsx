import { GAME_CATEGORY_LABELS, type GameCategory } from '@app/contract/enums';
import type { Game } from '@app/contract/games';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { assetUrl } from '@/shared/api/client';
import { useGo } from '@/shared/navigation/useGo';
import { useIsLoggedIn } from '@/shared/session/store';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { showToast } from '@/shared/ui/toast';
import { hallQueries } from '../api';
import { MSG_LOGIN_REQUIRED, platformPath } from '../rules';

function PlatformTile({ game }: { game: Game }) {
  const loggedIn = useIsLoggedIn();
  const go = useGo();
  return (
    <button
      type="button"
      className="hall-platform"
      data-testid="platform"
      onClick={() => (loggedIn ? go(platformPath(game)) : showToast(MSG_LOGIN_REQUIRED))}
    >
      {game.icon ? (
        <img className="hall-platform-icon" src={assetUrl(game.icon)} alt="" loading="lazy" />
      ) : (
        <span className="hall-platform-icon placeholder" aria-hidden="true">
          {game.name.slice(0, 2)}
        </span>
      )}
      <span className="hall-platform-name">{game.name}</span>
    </button>
  );
}

/** The tabs, in the order of GAME_CATEGORY_LABELS. */
const CATEGORIES = Object.keys(GAME_CATEGORY_LABELS) as GameCategory[];

/** One category's platforms, loaded when its tab first shows. */
function PlatformGrid({ category }: { category: GameCategory }) {
  const { data, isPending, isError, error, refetch } = useQuery(hallQueries.games(category));
  if (isPending) return <BlockLoading lines={4} label="游戏加载中" />;
  if (isError) return <BlockError error={error} onRetry={() => void refetch()} />;
  if (data.length === 0) return <BlockEmpty>暂无游戏</BlockEmpty>;
  return (
    <div className="hall-platforms">
      {data.map((game) => (
        <PlatformTile key={`${game.platformName}-${game.gameCode}`} game={game} />
      ))}
    </div>
  );
}

/** Platforms in tabs by category, in the order of GAME_CATEGORY_LABELS (an ARIA tablist). */
export function PlatformTabs() {
  const [active, setActive] = useState<GameCategory>('realbet');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + CATEGORIES.length) % CATEGORIES.length;
    const category = CATEGORIES[next];
    if (!category) return;
    setActive(category);
    tabs.current[next]?.focus();
  };
  return (
    <section className="hall-games" aria-label="游戏平台">
      <div className="hall-tabs" role="tablist" aria-label="游戏分类">
        {CATEGORIES.map((category, i) => (
          <button
            key={category}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`hall-tab-${category}`}
            aria-selected={category === active}
            aria-controls="hall-tab-panel"
            tabIndex={category === active ? 0 : -1}
            className={category === active ? 'hall-tab active' : 'hall-tab'}
            onClick={() => setActive(category)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {GAME_CATEGORY_LABELS[category]}
          </button>
        ))}
      </div>
      <div
        className="hall-tab-panel"
        role="tabpanel"
        id="hall-tab-panel"
        aria-labelledby={`hall-tab-${active}`}
      >
        <PlatformGrid key={active} category={active} />
      </div>
    </section>
  );
}

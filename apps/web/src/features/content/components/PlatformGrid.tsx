import type { GameCategory } from '@app/contract/enums';
import type { Game } from '@app/contract/games';
import { useQuery } from '@tanstack/react-query';
import { assetUrl } from '@/shared/api/client';
import { useGo } from '@/shared/navigation/useGo';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { contentQueries } from '../api';
import { platformPath } from '../rules';

function PlatformIcon({ game }: { game: Game }) {
  const go = useGo();
  return (
    <li>
      <button type="button" className="ct-platform" onClick={() => go(platformPath(game))}>
        {game.icon ? (
          <img className="ct-platform-icon" src={assetUrl(game.icon)} alt="" loading="lazy" />
        ) : (
          <span className="ct-platform-icon ct-placeholder" aria-hidden="true">
            {game.name.slice(0, 2)}
          </span>
        )}
        <span className="ct-platform-name">{game.name}</span>
      </button>
    </li>
  );
}

/**
 * The icon grid of one category's platforms (game/list). A tap goes to the game launcher, which asks a
 * visitor to log in (请登录！); lottery platforms go to their rooms and slots to /concise.
 */
export function PlatformGrid({ category, label }: { category: GameCategory; label: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(contentQueries.games(category));
  if (isPending) return <BlockLoading lines={4} label="游戏加载中" />;
  if (isError) return <BlockError error={error} onRetry={() => void refetch()} />;
  if (data.length === 0) return <BlockEmpty>暂无游戏</BlockEmpty>;
  return (
    <ul className="ct-platforms" aria-label={label}>
      {data.map((g) => (
        <PlatformIcon key={`${g.platformName}-${g.gameCode}`} game={g} />
      ))}
    </ul>
  );
}

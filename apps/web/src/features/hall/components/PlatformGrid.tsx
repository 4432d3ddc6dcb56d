import type { GameCategory } from '@app/contract/enums';
import type { Game } from '@app/contract/games';
import { useQuery } from '@tanstack/react-query';
import { assetUrl } from '@/shared/api/client';
import { useGo } from '@/shared/navigation/useGo';
import { platformQueries } from '@/shared/queries/platforms';
import { useIsLoggedIn } from '@/shared/session/store';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { showToast } from '@/shared/ui/toast';
import { MSG_LOGIN_REQUIRED, platformPath } from '../rules';

/**
 * `askLogin` (the hall): a visitor is told 请登录！ on the spot. Otherwise (/home, /index_old) the tap
 * goes to the game launcher, which asks a visitor to log in itself.
 */
function PlatformTile({ game, askLogin }: { game: Game; askLogin: boolean }) {
  const loggedIn = useIsLoggedIn();
  const go = useGo();
  const onClick = () => (askLogin && !loggedIn ? showToast(MSG_LOGIN_REQUIRED) : go(platformPath(game)));
  return (
    <li>
      <button type="button" className="platform" data-testid="platform" onClick={onClick}>
        {game.icon ? (
          <img className="platform-icon" src={assetUrl(game.icon)} alt="" loading="lazy" />
        ) : (
          <span className="platform-icon placeholder" aria-hidden="true">
            {game.name.slice(0, 2)}
          </span>
        )}
        <span className="platform-name">{game.name}</span>
      </button>
    </li>
  );
}

/**
 * The icon grid of one category's platforms (game/list), loaded when its tab first shows: lottery
 * platforms lead to their rooms, slots to /concise, the others to the game launcher.
 */
export function PlatformGrid({
  category,
  label,
  askLogin,
}: {
  category: GameCategory;
  label: string;
  askLogin: boolean;
}) {
  const { data, isPending, isError, error, refetch } = useQuery(platformQueries.list(category));
  if (isPending) return <BlockLoading lines={4} label="游戏加载中" />;
  if (isError) return <BlockError error={error} onRetry={() => void refetch()} />;
  if (data.length === 0) return <BlockEmpty>暂无游戏</BlockEmpty>;
  return (
    <ul className="platforms" aria-label={label}>
      {data.map((g) => (
        <PlatformTile key={`${g.platformName}-${g.gameCode}`} game={g} askLogin={askLogin} />
      ))}
    </ul>
  );
}

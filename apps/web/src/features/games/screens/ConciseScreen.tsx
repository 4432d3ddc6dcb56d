import { SLOT_PLATFORM_LABELS, SLOT_PLATFORMS, type SlotGame, type SlotPlatform } from '@app/contract/games';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@app/mobile/router';
import { assetUrl } from '@/shared/api/client';
import { useGo } from '@/shared/navigation/useGo';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { Tabs } from '@/shared/ui/Tabs';
import { gamesQueries } from '../api';
import { slotGamePath, slotTab } from '../rules';
import '../games.css';

function SlotTile({ game }: { game: SlotGame }) {
  const go = useGo();
  return (
    <li>
      <button type="button" className="slot-tile" onClick={() => go(slotGamePath(game))}>
        {game.picture ? (
          <img
            className="slot-pic"
            src={assetUrl(game.picture)}
            alt=""
            loading="lazy"
            width={96}
            height={96}
          />
        ) : (
          <span className="slot-pic placeholder" aria-hidden="true">
            {game.name.slice(0, 2)}
          </span>
        )}
        <span className="slot-name">{game.name}</span>
      </button>
    </li>
  );
}

function SlotGrid({ platform }: { platform: SlotPlatform }) {
  const { data, isPending, isError, error, refetch } = useQuery(gamesQueries.slots(platform));
  if (isPending) return <BlockLoading lines={6} label="游戏加载中" />;
  if (isError) return <BlockError error={error} onRetry={() => void refetch()} />;
  if (data.length === 0) return <BlockEmpty>暂无游戏</BlockEmpty>;
  return (
    <ul className="slot-grid" aria-label={`${SLOT_PLATFORM_LABELS[platform]}游戏`}>
      {data.map((g) => (
        <SlotTile key={`${g.platform}-${g.gameCode}`} game={g} />
      ))}
    </ul>
  );
}

/** /concise?type=obgdy|fgdz|pp|ae: slot games by platform in tabs (default obgdy); a tap opens the game. */
export default function ConciseScreen() {
  const [params, setParams] = useSearchParams();
  const active = slotTab(params.get('type'));
  const select = (p: SlotPlatform) => setParams({ type: p }, { replace: true });
  return (
    <section className="concise-screen" aria-label="电子游戏">
      <Tabs
        className="slot-tabs"
        tabClassName="slot-tab"
        markActive
        label="游戏平台"
        items={SLOT_PLATFORMS.map((p) => ({ value: p, label: SLOT_PLATFORM_LABELS[p] }))}
        value={active}
        onChange={select}
        idPrefix="slot-tab-"
        panelId="slot-tab-panel"
        arrowKeys
      />
      <div role="tabpanel" id="slot-tab-panel" aria-labelledby={`slot-tab-${active}`}>
        <SlotGrid key={active} platform={active} />
      </div>
    </section>
  );
}

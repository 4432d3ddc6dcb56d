import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@app/mobile/router';
import { loginPath } from '@/shared/navigation/redirect';
import { useDeskUrl } from '@/shared/queries/desk';
import { siteQueries } from '@/shared/queries/site';
import { venueQueries } from '@/shared/queries/venues';
import { sessionQueries } from '@/shared/session/api';
import { useIsLoggedIn } from '@/shared/session/store';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { leaveApp } from '@/shared/navigation/leave';
import { showToast } from '@/shared/ui/toast';
import { gamesQueries } from '../api';
import { GameFrame, GameScreen, type LaunchState } from '../components/GameFrame';
import { LOGIN_REDIRECT_MS, MSG_LOGIN, MSG_NO_GAME, needsLogin, readGamePage } from '../rules';
import '../games.css';

/** Spec §5: a visitor opening a game is told 请登录！ and goes to /login (after 1 s, spec §9). */
function VisitorBounce() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    showToast(MSG_LOGIN);
    const timer = setTimeout(
      () => void navigate(loginPath(pathname + search), { replace: true }),
      LOGIN_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [navigate, pathname, search]);
  return <BlockEmpty>{MSG_LOGIN}</BlockEmpty>;
}

function stateOf(q: {
  data?: string;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}): LaunchState {
  return { url: q.data, isPending: q.isPending, error: q.error, retry: () => void q.refetch() };
}

/** The session's time and net result under the bar (责任博彩), loaded after the game's own code. */
const SessionStrip = lazy(() => import('@/shared/ui/SessionStrip'));

function GameLaunch({
  platName,
  gameType,
  gameCode,
}: {
  platName: string;
  gameType: string;
  gameCode: string;
}) {
  const qc = useQueryClient();
  const q = useQuery(gamesQueries.launch(platName, gameType, gameCode));
  const launched = q.data !== undefined;
  // The venue's name (AG真人), never its code, titles the game; the code only while names load.
  const venues = useQuery(venueQueries.balances({ staleTime: 5 * 60_000 }));
  const title = venues.data?.find((v) => v.platform === platName)?.name || platName;
  useEffect(() => {
    // With auto-transfer the launch moved the central balance; and the game moves venue money.
    if (launched) void qc.invalidateQueries({ queryKey: sessionQueries.all() });
    return () => void qc.invalidateQueries({ queryKey: sessionQueries.all() });
  }, [launched, qc]);
  return (
    <GameFrame
      title={title}
      launch={stateOf(q)}
      strip={
        <Suspense fallback={null}>
          <SessionStrip className="dark" />
        </Suspense>
      }
    />
  );
}

/**
 * 代理登录: the back office (apps/agent, or an operator's own) opens in this tab with its one-time
 * ticket, not in a frame: it refuses to be framed, and is an app of its own with its own bar.
 */
function AgentLogin() {
  const q = useQuery(gamesQueries.agentLogin());
  const url = q.data;
  useEffect(() => {
    if (url) leaveApp(url);
  }, [url]);
  return (
    <GameScreen title="代理登录">
      {q.isError ? (
        <BlockError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <BlockLoading lines={3} label="正在进入代理后台" />
      )}
    </GameScreen>
  );
}

function Service() {
  return <GameFrame title="在线客服" launch={stateOf(useDeskUrl())} />;
}

function IosDownload() {
  const q = useQuery(siteQueries.app());
  return (
    <GameFrame
      title="iOS下载"
      launch={{
        url: q.data?.iosDownloadUrl,
        isPending: q.isPending,
        error: q.error,
        retry: () => void q.refetch(),
      }}
    />
  );
}

/** /gamePage?name&type&code (a game), dailiD=1 agent login, dailiD=2 customer service, app=1 iOS download. */
export default function GamePageScreen() {
  const [params] = useSearchParams();
  const loggedIn = useIsLoggedIn();
  const target = readGamePage(params);
  if (needsLogin(target) && !loggedIn) return <VisitorBounce />;
  switch (target.kind) {
    case 'agent':
      return <AgentLogin />;
    case 'service':
      return <Service />;
    case 'ios':
      return <IosDownload />;
    case 'game':
      return (
        <GameLaunch
          key={`${target.platName}/${target.gameType}/${target.gameCode}`}
          platName={target.platName}
          gameType={target.gameType}
          gameCode={target.gameCode}
        />
      );
    default:
      // A way back even without a game: the page has no other header (spec §2).
      return (
        <GameScreen title="游戏">
          <BlockEmpty>{MSG_NO_GAME}</BlockEmpty>
        </GameScreen>
      );
  }
}

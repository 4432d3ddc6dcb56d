import { useEffect, useState, type ReactNode } from 'react';
import { assetUrl } from '@/shared/api/client';
import { useBack } from '@/shared/navigation/useGo';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { BackIcon } from '@/shared/ui/icons';
import { openExternal } from '@/shared/ui/openExternal';
import { MSG_UNSAFE_URL, showMode } from '../rules';

/** Spec §9: the iframe's loading indicator hides after 2 s at the latest. */
export const FRAME_LOADING_MS = 2000;

/** What a launch call gives the frame: its state and, when done, the URL. */
export interface LaunchState {
  url: string | undefined;
  isPending: boolean;
  error: unknown;
  retry: () => void;
}

/**
 * A game (or agent, support, download page) full screen under a bar with a back button: our own pages
 * in a sandboxed iframe, other http(s) pages in a new window (a tap, so no popup blocker stops it).
 */
export function GameFrame({
  title,
  launch,
  strip = null,
}: {
  title: string;
  launch: LaunchState;
  /** A line under the bar (a game's session time and net result). */
  strip?: ReactNode;
}) {
  let body;
  if (launch.isPending) body = <BlockLoading lines={4} label="游戏加载中" />;
  else if (launch.url === undefined) body = <BlockError error={launch.error} onRetry={launch.retry} />;
  else body = <Shown title={title} url={launch.url} />;
  return (
    <GameScreen title={title} strip={strip}>
      {body}
    </GameScreen>
  );
}

/** The full-screen frame of /gamePage: the bar with the way back, a `strip` if any, then `children`. */
export function GameScreen({
  title,
  strip = null,
  children,
}: {
  title: string;
  strip?: ReactNode;
  children: ReactNode;
}) {
  const back = useBack();
  return (
    <div className="game-screen">
      <header className="game-topbar">
        <button type="button" className="icon-button" aria-label="返回" onClick={back}>
          <BackIcon />
        </button>
        <h1 className="game-topbar-title">{title}</h1>
        <span className="game-topbar-side" />
      </header>
      {strip}
      <div className="game-body">{children}</div>
    </div>
  );
}

function Shown({ title, url }: { title: string; url: string }) {
  const mode = showMode(url, window.location.origin);
  if (mode === 'frame') return <Frame key={url} title={title} src={assetUrl(url)} />;
  if (mode === 'window')
    return (
      <div className="game-window">
        <p>游戏将在新窗口中打开</p>
        <button type="button" className="game-open" onClick={() => openExternal(url)}>
          打开游戏
        </button>
      </div>
    );
  return <BlockEmpty>{MSG_UNSAFE_URL}</BlockEmpty>;
}

/**
 * Our own game pages only (other origins open in a new window), without allow-same-origin: the game
 * runs in an opaque origin and cannot reach the app's storage or token (the server sends the page with
 * a CSP sandbox as well).
 */
function Frame({ title, src }: { title: string; src: string }) {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), FRAME_LOADING_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      {loading && (
        <div className="game-frame-loading" role="status">
          加载中…
        </div>
      )}
      <iframe
        className="game-frame"
        title={title}
        src={src}
        sandbox="allow-scripts allow-forms"
        referrerPolicy="no-referrer"
        onLoad={() => setLoading(false)}
      />
    </>
  );
}

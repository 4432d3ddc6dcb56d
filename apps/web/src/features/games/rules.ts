import { DEFAULT_SLOT_PLATFORM, SLOT_PLATFORMS, type SlotGame, type SlotPlatform } from '@app/contract/games';

/** Spec §5: opening a game without login. */
export const MSG_LOGIN = '请登录！';
/** Spec §9: the delay before a visitor is sent to /login. */
export const LOGIN_REDIRECT_MS = 1000;
export const MSG_NO_GAME = '游戏不存在';
export const MSG_UNSAFE_URL = '游戏地址无效';

/** What /gamePage opens, from its query (spec §2). */
export type GamePageTarget =
  | { kind: 'agent' }
  | { kind: 'service' }
  | { kind: 'ios' }
  | { kind: 'game'; platName: string; gameType: string; gameCode: string }
  | { kind: 'invalid' };

/** dailiD=1 agent login, dailiD=2 customer service, app=1 iOS download; otherwise name, type, code. */
export function readGamePage(params: URLSearchParams): GamePageTarget {
  const daili = params.get('dailiD');
  if (daili === '1') return { kind: 'agent' };
  if (daili === '2') return { kind: 'service' };
  if (params.get('app') === '1') return { kind: 'ios' };
  const platName = (params.get('name') ?? '').trim();
  if (!platName) return { kind: 'invalid' };
  return {
    kind: 'game',
    platName,
    gameType: (params.get('type') ?? '').trim(),
    gameCode: (params.get('code') ?? '').trim(),
  };
}

/** Games and agent login need a member; customer service and the download link do not. */
export function needsLogin(target: GamePageTarget): boolean {
  return target.kind === 'game' || target.kind === 'agent';
}

/**
 * How to show a URL: our own pages (a same-site path, or our origin) in the sandboxed iframe; other
 * http(s) pages in a new window; anything else (javascript:, data:) not at all.
 */
export function showMode(url: string, origin: string): 'frame' | 'window' | null {
  const text = url.trim();
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) return 'frame';
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.origin === origin ? 'frame' : 'window';
}

/** /concise?type=…: the tab shown; anything unknown shows the default (obgdy). */
export function slotTab(type: string | null): SlotPlatform {
  return (SLOT_PLATFORMS as readonly string[]).includes(type ?? '')
    ? (type as SlotPlatform)
    : DEFAULT_SLOT_PLATFORM;
}

/** Where tapping a slot game leads: /gamePage with its platform (venue) and game code. */
export function slotGamePath(game: Pick<SlotGame, 'platform' | 'gameCode'>): string {
  return `/gamePage?${new URLSearchParams({ name: game.platform, type: 'concise', code: game.gameCode })}`;
}

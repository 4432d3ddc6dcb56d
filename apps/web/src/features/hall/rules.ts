import { GAME_CATEGORY_LABELS, type GameCategory } from '@app/contract/enums';
import type { Game } from '@app/contract/games';

/* Pure rules of the hall and its variants (/, /home, /index_old). */

/** The six categories of the hall's tabs, /home's sidebar and /index_old's tabs, in this order. */
export const CATEGORIES = Object.keys(GAME_CATEGORY_LABELS) as GameCategory[];

/** Where tapping a platform leads a member (spec §2): lottery rooms, slot lists, or the game page. */
export function platformPath(game: Pick<Game, 'category' | 'platformName' | 'gameCode'>): string {
  if (game.category === 'lottery') return `/lottery?${new URLSearchParams({ name: game.gameCode })}`;
  if (game.category === 'concise') return `/concise?${new URLSearchParams({ type: game.gameCode })}`;
  const query = new URLSearchParams({ name: game.platformName, type: game.category, code: game.gameCode });
  return `/gamePage?${query}`;
}

export const MSG_LOGIN_REQUIRED = '请登录！';

/**
 * Shortcuts under the member card. A visitor is told 请登录！ for 存款 and 取款 (`members`); /vip2 is
 * public, and /transfer asks the visitor to log in itself (spec §5, 精彩内容等你来体验，快来登录吧！).
 */
export const SHORTCUTS = [
  { label: '存款', to: '/recharge', members: true },
  { label: '转账', to: '/transfer', members: false },
  { label: 'VIP', to: '/vip2', members: false },
  { label: '取款', to: '/withdrawal', members: true },
] as const;

/* Once-per-session flags (the welcome modal, dismissed popups) ------------------------------------ */

export const WELCOME_SEEN_KEY = 'welcomeSeen';
export const DOWNLOAD_BANNER_KEY = 'downloadBannerClosed';
export const FLOAT_POPUP_KEY = 'floatPopupClosed';

type FlagStore = Pick<Storage, 'getItem' | 'setItem'>;

function readFlag(store: FlagStore, key: string): boolean {
  try {
    return store.getItem(key) === '1';
  } catch {
    return false; // storage blocked: treat as not yet seen
  }
}

export function setFlag(store: FlagStore, key: string): void {
  try {
    store.setItem(key, '1');
  } catch {
    // storage blocked: the flag lasts as long as the page
  }
}

export function isFlagSet(store: FlagStore, key: string): boolean {
  return readFlag(store, key);
}

/** Whether plain text or markup has anything to show (tags and &nbsp; alone do not count). */
export function hasContent(html: string): boolean {
  return /<img\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

/** Whether markup starts with a heading (h1–h4), ignoring whitespace and empty wrappers. */
export function opensWithHeading(html: string): boolean {
  return /^(\s|<(div|section)\b[^>]*>)*<h[1-4][\s>]/i.test(html);
}

/** The welcome modal (appInfo.index_modal) shows once per session, and only when it has content. */
export function shouldShowWelcome(html: string | undefined, store: FlagStore): boolean {
  return html !== undefined && hasContent(html) && !readFlag(store, WELCOME_SEEN_KEY);
}

import type { UserInfo } from '@app/contract/auth';
import type { AppInfo } from '@app/contract/site';
import { create } from 'zustand';

/** Where the session token lives: sessionStorage (spec §4); localStorage too with 自动登录. */
export const TOKEN_KEY = 'token';

/** Where the switches of /userCent live: localStorage, so that they outlast a reload and the tab. */
export const SWITCHES_KEY = 'uiSwitches';

/** Where the member's info is kept (spec §3), to paint the header and /mine before /api/user answers. */
export const USER_KEY = 'userInfo';

/** How many announcements (homenotice) there were when the member last opened /message. */
export const NOTICES_SEEN_KEY = 'noticesSeen';

/** Display switches of the member centre (spec /userCent). */
export interface UiSwitches {
  showMessageTime: boolean;
  winPrompt: boolean;
  quietMode: boolean;
}

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  appInfo: AppInfo | null;
  messageNum: number;
  switches: UiSwitches;
}

const DEFAULT_SWITCHES: UiSwitches = { showMessageTime: true, winPrompt: true, quietMode: false };

function storage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null; // storage disabled (private mode, sandbox)
  }
}

/** The token of this tab, or the one 自动登录 kept for new tabs. */
function restoreToken(): string | null {
  const session = storage('session');
  const fromSession = session?.getItem(TOKEN_KEY);
  if (fromSession) return fromSession;
  const fromLocal = storage('local')?.getItem(TOKEN_KEY);
  if (fromLocal) session?.setItem(TOKEN_KEY, fromLocal);
  return fromLocal ?? null;
}

/** The member as last kept with this token; anything unreadable or of another shape is dropped. */
function restoreUser(token: string | null): UserInfo | null {
  if (token === null) return null;
  let saved: unknown;
  try {
    saved = JSON.parse(
      storage('session')?.getItem(USER_KEY) ?? storage('local')?.getItem(USER_KEY) ?? 'null',
    );
  } catch {
    return null;
  }
  if (saved === null || typeof saved !== 'object') return null;
  const u = saved as Record<string, unknown>;
  const shaped =
    typeof u.id === 'number' &&
    typeof u.username === 'string' &&
    typeof u.balance === 'number' &&
    typeof u.gameBalance === 'number' &&
    typeof u.vipLevel === 'number';
  return shaped ? (saved as UserInfo) : null;
}

/** Keeps the member where the token is: this tab, and new tabs too when 自动登录 kept the token. */
function keepUser(user: UserInfo): void {
  const text = JSON.stringify(user);
  try {
    storage('session')?.setItem(USER_KEY, text);
    if (storage('local')?.getItem(TOKEN_KEY)) storage('local')?.setItem(USER_KEY, text);
  } catch {
    // storage full or disabled: the member is kept in memory only
  }
}

function readCount(key: string): number | null {
  const n = Number(storage('local')?.getItem(key) ?? NaN);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** The switches as last set in this browser; each one unknown or unreadable keeps its default. */
function restoreSwitches(): UiSwitches {
  let saved: unknown;
  try {
    saved = JSON.parse(storage('local')?.getItem(SWITCHES_KEY) ?? 'null');
  } catch {
    return DEFAULT_SWITCHES;
  }
  if (saved === null || typeof saved !== 'object') return DEFAULT_SWITCHES;
  const switches = { ...DEFAULT_SWITCHES };
  for (const name of Object.keys(DEFAULT_SWITCHES) as (keyof UiSwitches)[]) {
    const value: unknown = (saved as Record<string, unknown>)[name];
    if (typeof value === 'boolean') switches[name] = value;
  }
  return switches;
}

const restoredToken = restoreToken();

export const useSession = create<SessionState>()(() => ({
  token: restoredToken,
  user: restoreUser(restoredToken),
  appInfo: null,
  messageNum: 0,
  switches: restoreSwitches(),
}));

export const sessionActions = {
  /** Keeps the token (never the password); `remember` also keeps it for new tabs. */
  signIn(token: string, remember: boolean): void {
    storage('session')?.setItem(TOKEN_KEY, token);
    if (remember) storage('local')?.setItem(TOKEN_KEY, token);
    else storage('local')?.removeItem(TOKEN_KEY);
    storage('session')?.removeItem(USER_KEY);
    storage('local')?.removeItem(USER_KEY);
    useSession.setState({ token, user: null, messageNum: 0 });
  },
  setUser(user: UserInfo): void {
    keepUser(user);
    useSession.setState({ user });
  },
  setAppInfo(appInfo: AppInfo): void {
    useSession.setState({ appInfo });
  },
  setMessageNum(messageNum: number): void {
    useSession.setState({ messageNum });
  },
  /**
   * messageNum from the notices (spec §3): those published since the member last opened /message
   * (all of them the first time). `seen` marks them read (the member is on /message).
   */
  countNotices(total: number, seen: boolean): void {
    if (seen) {
      try {
        storage('local')?.setItem(NOTICES_SEEN_KEY, String(total));
      } catch {
        // storage full or disabled: counted again on the next visit
      }
    }
    const last = seen ? total : (readCount(NOTICES_SEEN_KEY) ?? 0);
    useSession.setState({ messageNum: Math.max(0, total - Math.min(last, total)) });
  },
  setSwitch(name: keyof UiSwitches, value: boolean): void {
    const switches = { ...useSession.getState().switches, [name]: value };
    useSession.setState({ switches });
    try {
      storage('local')?.setItem(SWITCHES_KEY, JSON.stringify(switches));
    } catch {
      // storage full or disabled: the switch holds for this visit
    }
  },
  /** Ends the session in this browser: both storages are cleared (spec §4), the switches too. */
  clear(): void {
    storage('session')?.clear();
    storage('local')?.clear();
    useSession.setState({
      token: null,
      user: null,
      messageNum: 0,
      switches: DEFAULT_SWITCHES,
    });
  },
};

/** The token for requests, read outside React. */
export function getToken(): string | null {
  return useSession.getState().token;
}

/* Narrow selectors: a component re-renders only when the slice it reads changes. */
export const useIsLoggedIn = (): boolean => useSession((s) => s.token !== null);
export const useUser = (): UserInfo | null => useSession((s) => s.user);
export const useUsername = (): string => useSession((s) => s.user?.username ?? '');
export const useVipLevel = (): number => useSession((s) => s.user?.vipLevel ?? 0);
export const useAppInfo = (): AppInfo | null => useSession((s) => s.appInfo);
export const useMessageNum = (): number => useSession((s) => s.messageNum);
export const useSwitches = (): UiSwitches => useSession((s) => s.switches);
/**
 * Signed in with a one-time login password an operator set (the user reply's must_change_password; a
 * login reset ends every session, so a live one learns it there): only the forced 修改登录密码 screen.
 */
export const useMustChangePassword = (): boolean => useSession((s) => !!s.user?.mustChangePassword);

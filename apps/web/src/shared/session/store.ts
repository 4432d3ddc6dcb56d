import type { UserInfo } from '@app/contract/auth';
import type { AppInfo } from '@app/contract/site';
import { create } from 'zustand';

/** Where the session token lives: sessionStorage (spec §4); localStorage too with 自动登录. */
export const TOKEN_KEY = 'token';

/** Where the switches of /userCent live: localStorage, so that they outlast a reload and the tab. */
export const SWITCHES_KEY = 'uiSwitches';

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

export const useSession = create<SessionState>()(() => ({
  token: restoreToken(),
  user: null,
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
    useSession.setState({ token, user: null, messageNum: 0 });
  },
  setUser(user: UserInfo): void {
    useSession.setState({ user });
  },
  setAppInfo(appInfo: AppInfo): void {
    useSession.setState({ appInfo });
  },
  setMessageNum(messageNum: number): void {
    useSession.setState({ messageNum });
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
    useSession.setState({ token: null, user: null, messageNum: 0, switches: DEFAULT_SWITCHES });
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

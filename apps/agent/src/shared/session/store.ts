import { create } from 'zustand';

/** Where the back office keeps its session token: its own key, apart from the members' app. */
export const TOKEN_KEY = 'agent_token';

export interface SessionState {
  token: string | null;
  /** Why the session ended (a 401 or 403 anywhere), shown once on the login screen. */
  notice: string | null;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (private mode, sandbox)
  }
}

function restoreToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export const useSession = create<SessionState>()(() => ({ token: restoreToken(), notice: null }));

export const sessionActions = {
  /** Keeps the token (never the password). */
  signIn(token: string): void {
    try {
      storage()?.setItem(TOKEN_KEY, token);
    } catch {
      // storage full or disabled: the session lasts as long as this page
    }
    useSession.setState({ token, notice: null });
  },
  /** Ends the session in this browser; `notice` says why on the login screen. */
  signOut(notice: string | null = null): void {
    try {
      storage()?.removeItem(TOKEN_KEY);
    } catch {
      // storage disabled: nothing was kept
    }
    useSession.setState({ token: null, notice });
  },
  clearNotice(): void {
    useSession.setState({ notice: null });
  },
};

/** The token for requests, read outside React. */
export function getToken(): string | null {
  return useSession.getState().token;
}

export const useIsLoggedIn = (): boolean => useSession((s) => s.token !== null);
export const useNotice = (): string | null => useSession((s) => s.notice);

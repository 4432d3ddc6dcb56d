/**
 * The apps' router (the members' app and the back office): the part of react-router's API they use
 * (hash mode, spec §2), in a fraction of its code (the members' first-load budget). Hash URLs keep
 * react-router's form byte for byte, the query inside the hash (`#/lottery?room_id=1`), and each
 * entry's key in history.state, as react-router kept it: the entry the app was opened on has the key
 * 'default' (useBack goes home from there). Paths are absolute ('/x?y=1'); nothing in the apps
 * navigates relatively. Not wouter: its hash location moves the query out of the hash, and its memory
 * location has no back or keys.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  /** '' or '?…' */
  search: string;
  /** 'default' for the entry the app was opened on, unique for each navigation after it. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

/** navigate(to) goes to a path (with its query), navigate(-1) back in history. */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** Where locations come from and go to: the browser's hash, or memory in tests. */
interface History {
  subscribe: (onChange: () => void) => () => void;
  /** The same object until the location changes (useSyncExternalStore). */
  location: () => Location;
  push: (to: string, replace: boolean) => void;
  go: (delta: number) => void;
  href: (to: string) => string;
}

const HistoryContext = createContext<History | null>(null);

function useHistory(): History {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('a router hook is used outside the router');
  return history;
}

/** Splits '/x?y=1' (react-router's parsePath, with its default '/' and leading slash). */
export function parsePath(path: string, key: string): Location {
  const hashAt = path.indexOf('#');
  const bare = hashAt === -1 ? path : path.slice(0, hashAt);
  const searchAt = bare.indexOf('?');
  const pathname = searchAt === -1 ? bare : bare.slice(0, searchAt);
  const search = searchAt === -1 ? '' : bare.slice(searchAt);
  return {
    pathname: pathname === '' ? '/' : pathname.startsWith('/') ? pathname : `/${pathname}`,
    search: search === '?' ? '' : search,
    key,
  };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Listeners told, synchronously, of every change (so that flushSync(() => navigate(…)) renders it). */
function listeners() {
  const all = new Set<() => void>();
  return {
    add: (onChange: () => void) => {
      all.add(onChange);
      return () => void all.delete(onChange);
    },
    notify: () => all.forEach((onChange) => onChange()),
  };
}

/** The browser's history, the location in the hash; back, forward and typed hashes come as popstate. */
function createHashHistory(): History {
  const changes = listeners();
  let raw: string | null = null;
  let current: Location = parsePath('', 'default');
  const location = () => {
    const hash = window.location.hash.slice(1);
    const key = (window.history.state as { key?: unknown } | null)?.key;
    const stateKey = typeof key === 'string' ? key : 'default';
    if (hash !== raw || stateKey !== current.key) {
      raw = hash;
      current = parsePath(hash, stateKey);
    }
    return current;
  };
  return {
    subscribe: (onChange) => {
      window.addEventListener('popstate', onChange);
      const remove = changes.add(onChange);
      return () => {
        window.removeEventListener('popstate', onChange);
        remove();
      };
    },
    location,
    push: (to, replace) => {
      const state = { key: newKey() };
      if (replace) window.history.replaceState(state, '', `#${to}`);
      else window.history.pushState(state, '', `#${to}`);
      changes.notify();
    },
    go: (delta) => window.history.go(delta),
    href: (to) => `#${to}`,
  };
}

/** History in memory (tests): the entries, the current one, back within them. */
function createMemoryHistory(initialEntries: string[]): History {
  const changes = listeners();
  // As react-router's: the first entry has the key 'default'.
  const entries = initialEntries.map((path, i) => parsePath(path, i === 0 ? 'default' : newKey()));
  let index = entries.length - 1;
  let current = entries[index] ?? parsePath('/', 'default');
  return {
    subscribe: changes.add,
    location: () => current,
    push: (to, replace) => {
      if (!replace) index += 1;
      current = parsePath(to, newKey());
      entries.splice(index, entries.length - index, current);
      changes.notify();
    },
    go: (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      const entry = entries[next];
      if (next === index || !entry) return;
      index = next;
      current = entry;
      changes.notify();
    },
    href: (to) => to,
  };
}

/** The hash router of an app (spec §2). Location changes are plain state updates, not transitions. */
export function HashRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createHashHistory);
  return <HistoryContext.Provider value={history}>{children}</HistoryContext.Provider>;
}

/** A router in memory, for tests: starts at the last of `initialEntries`. */
export function MemoryRouter({
  children,
  initialEntries = ['/'],
}: {
  children: ReactNode;
  initialEntries?: string[];
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <HistoryContext.Provider value={history}>{children}</HistoryContext.Provider>;
}

export function useLocation(): Location {
  const history = useHistory();
  return useSyncExternalStore(history.subscribe, history.location, history.location);
}

/** Stable for the router's life, so that effects depending on it do not run again on each navigation. */
export function useNavigate(): NavigateFunction {
  const history = useHistory();
  return useCallback(
    (to, options) => {
      if (typeof to === 'number') history.go(to);
      else history.push(to, options?.replace ?? false);
    },
    [history],
  );
}

/** The href of a path: '#/x' under the hash router, '/x' in memory. */
export function useHref(to: string): string {
  return useHistory().href(to);
}

type SearchParamsInit = URLSearchParams | Record<string, string>;
export type SetSearchParams = (
  next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/** The current query, and a setter that goes to the same path with another query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const query = new URLSearchParams(typeof next === 'function' ? next(params) : next).toString();
      navigate(query ? `${pathname}?${query}` : pathname, options);
    },
    [navigate, params, pathname],
  );
  return [params, set];
}

/**
 * A link to one of the app's paths: a plain click navigates in the app (replacing the entry when it
 * names the current location, as react-router's Link), modified clicks are left to the browser.
 */
export function Link({
  to,
  replace,
  onClick,
  ...props
}: ComponentProps<'a'> & { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const href = useHref(to);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if ((props.target ?? '_self') !== '_self' || props.download !== undefined) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? pathname + search === to });
  };
  return <a {...props} href={href} onClick={click} />;
}

/** Navigates once rendered (after commit, as react-router's Navigate). */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }): null {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}

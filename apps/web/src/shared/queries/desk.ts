import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceUrl } from '@app/contract/site';
import { assetUrl, call, errorMessage } from '@/shared/api/client';
import { openExternal } from '@/shared/ui/openExternal';
import { showToast } from '@/shared/ui/toast';
import { siteQueries } from './site';

/* Opening customer service (getservicerurl) NOW: our own desk's address carries a one-time ticket
 * (spent once, 60 s), so every opening asks afresh and nothing is kept (gcTime 0); the desk page runs
 * in an opaque origin without storage, so the visitor key this browser keeps goes in the hash
 * (`#/?v=<key>`). Imported by lazily loaded screens only: the first load has no bytes to spare. */

const VISITOR_KEY_STORAGE = 'support_visitor_key';
const VISITOR_KEY = /^[A-Za-z0-9_-]{20,64}$/;

/** This browser's visitor key for the desk (random, kept in localStorage), or null without storage. */
export function visitorKey(): string | null {
  try {
    const kept = localStorage.getItem(VISITOR_KEY_STORAGE);
    if (kept && VISITOR_KEY.test(kept)) return kept;
    const bytes = new Uint8Array(16);
    globalThis.crypto.getRandomValues(bytes);
    const key = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(VISITOR_KEY_STORAGE, key);
    return key;
  } catch {
    return null;
  }
}

/**
 * An address of ours (our desk, /support/) with the visitor key in its hash; another origin's as it is
 * (the key never leaves us). Not @app/contract/support-desk's SUPPORT_DESK_PATH: importing that module
 * pulls zod's checks into the first load.
 */
export function withVisitorKey(url: string, origin = window.location.origin): string {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return url;
  }
  if (parsed.origin !== origin) return url;
  const key = visitorKey();
  if (!key) return url;
  const hash = parsed.hash.replace(/^#/, '') || '/?';
  const sep = hash.includes('?') ? (hash.endsWith('?') ? '' : '&') : '?';
  return `${parsed.pathname}${parsed.search}#${hash}${sep}v=${key}`;
}

/**
 * Customer service's address (getservicerurl) for an opening of the desk: 忘记密码, /mine's headset,
 * /kefu, the service page. Fetched each time, never served from a cache (not in siteQueries: the first
 * load does not need it).
 */
export const deskUrlQuery = () =>
  queryOptions({
    queryKey: [...siteQueries.all(), 'serviceUrl'] as const,
    queryFn: async ({ signal }) => withVisitorKey(await call(serviceUrl, undefined, { signal })),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * The desk's address for a tap (the 客服 icon, 在线客服): asked now, a ticket of its own each time, past
 * the cache (a frame of /kefu showing the desk keeps its own).
 */
export const fetchDeskUrl = async () => withVisitorKey(await call(serviceUrl));

/** The desk's address for a screen that frames it (/kefu, the service page): asked on every mount. */
export function useDeskUrl() {
  const q = useQuery(deskUrlQuery());
  // Not an address kept from before (its ticket may be spent): only the answer of this visit.
  const fresh = q.isFetching ? undefined : q.data;
  return { ...q, data: fresh, isPending: fresh === undefined && !q.isError };
}

/** Opens customer service in a new window (the 客服 icon of /mine, 在线客服 of /login and /kefu): asked on the tap. */
export function openDesk(): void {
  fetchDeskUrl().then(
    (url) => {
      if (!openExternal(assetUrl(url))) showToast('客服暂不可用，请稍后再试', 'fail');
    },
    (error: unknown) => showToast(errorMessage(error), 'fail'),
  );
}

import { app, bannerList, homeNotice } from '@app/contract/site';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/client';
import { sessionActions } from '@/shared/session/store';

/**
 * Banners, notices and site info: an operator's change must show within seconds, so a visit or a
 * return to the tab (refetchOnWindowFocus, on in app/providers) after 30 s asks again; the page's
 * first frame (server app shell) is at most 5 s old.
 */
const SITE_STALE_MS = 30_000;

/** Site-wide replies read by several features: each call is cached once, under the one key here. */
export const siteQueries = {
  all: () => ['site'] as const,
  /** Site info (title, logo, maintenance switch), loaded once at start. */
  app: () =>
    queryOptions({
      queryKey: [...siteQueries.all(), 'app'] as const,
      queryFn: async ({ signal }) => {
        const info = await call(app, undefined, { signal });
        sessionActions.setAppInfo(info);
        return info;
      },
      staleTime: SITE_STALE_MS,
    }),
  /**
   * The mobile banners (bannerList type 2) of the hall, /home, /index_old and /app. The app seeds this
   * key from the page's first frame (app/boot-frame.ts).
   */
  banners: () =>
    queryOptions({
      queryKey: [...siteQueries.all(), 'banners'] as const,
      queryFn: ({ signal }) => call(bannerList, { type: 2 }, { signal }),
      staleTime: SITE_STALE_MS,
    }),
  /** Texts of the home notice bar (homenotice). */
  notices: () =>
    queryOptions({
      queryKey: [...siteQueries.all(), 'notices'] as const,
      queryFn: ({ signal }) => call(homeNotice, undefined, { signal }),
      staleTime: SITE_STALE_MS,
    }),
};

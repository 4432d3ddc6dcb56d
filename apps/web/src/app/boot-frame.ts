import { bannerList } from '@app/contract/site';
import type { QueryClient } from '@tanstack/react-query';
import { configuredApiBase } from '@/shared/api/client';
import { siteQueries } from '@/shared/queries/site';

/** The banner area of index.html's first frame, which our server fills in (apps/server/src/modules/site/app-shell.ts). */
export const BOOT_BANNER_ID = 'boot-banner';

/** True while index.html's first frame of the hall is what the page shows (public/boot.js hides it elsewhere). */
export function bootFrameShown(doc: Document = document): boolean {
  return doc.getElementById(BOOT_BANNER_ID) !== null && !doc.documentElement.classList.contains('boot-away');
}

/**
 * Seeds the banner query (the hall's, /home's, /index_old's and /app's) with the list the server put in the first frame (`data-banners`), so
 * that the hall shows at once the banner the frame shows, without asking for the list again. Checked
 * against the contract like every reply; anything else is ignored and the hall fetches as usual.
 * Call it before the first render: React replaces the frame. Returns whether it seeded.
 */
export function seedFromBootFrame(client: QueryClient, doc: Document = document): boolean {
  // Built for another back end: the page's banners (from the server that served it) are not its own.
  if (configuredApiBase() !== '') return false;
  const raw = doc.getElementById(BOOT_BANNER_ID)?.dataset.banners;
  if (raw === undefined) return false;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return false;
  }
  const parsed = bannerList.response.safeParse(data);
  if (!parsed.success) return false;
  client.setQueryData(siteQueries.banners().queryKey, parsed.data);
  return true;
}

import * as z from 'zod/mini';
import { defineCall } from './define';
import { DateTime, IdLike, PageInput, PageOf, Text } from './codecs';

/* The member's site messages (server: modules/content). Announcements, articles and banners are
 * site.ts's. */

/* Site messages ----------------------------------------------------------------------------------- */

/** A site message (站内信) of /message tab 2: title, HTML content (the app sanitises it), created_at. */
export const SiteMessage = z.object({
  id: IdLike,
  title: Text,
  content: Text,
  created_at: DateTime,
});
export type SiteMessage = z.output<typeof SiteMessage>;

/**
 * POST /api/messageList: OUR ADDITION, not a call of the API family (spec §2 names the site messages
 * of /message but §7 no call for them). The member's site messages, newest first: those sent to every
 * member and those sent to this member; never another member's. Paged by `page` (1 when missing).
 */
export const messageList = defineCall({
  name: 'messageList',
  method: 'POST',
  path: '/api/messageList',
  auth: 'member',
  request: z.pipe(
    z.optional(z.object({ page: PageInput })),
    z.transform((o) => ({ page: o?.page ?? 1 })),
  ),
  response: PageOf(SiteMessage),
});

import { z } from 'zod';
import { defineCall, NoInput } from './define';
import { ARTICLE_TYPES } from './enums';
import { DateTime, IdLike, IntOrZero, ListOf, PageInput, PageOf, Text } from './codecs';

/** appInfo of spec §3. */
export const AppInfo = z
  .object({
    title: Text,
    site_state: IntOrZero,
    repair_tips: Text,
    redpacket_switch: IntOrZero,
    index_modal: Text,
    webcontent: Text,
    site_logo: Text,
    h5_url: Text,
    ios_download_url: Text,
    ios_download_qrcode: Text,
  })
  .transform((o) => ({
    title: o.title,
    /** false: maintenance, show repairTips instead of the app. */
    open: o.site_state === 1,
    repairTips: o.repair_tips,
    redPacketOn: o.redpacket_switch === 1,
    welcomeModal: o.index_modal,
    webContent: o.webcontent,
    logo: o.site_logo,
    h5Url: o.h5_url,
    iosDownloadUrl: o.ios_download_url,
    iosDownloadQrcode: o.ios_download_qrcode,
  }));
export type AppInfo = z.output<typeof AppInfo>;

export const app = defineCall({
  name: 'app',
  method: 'POST',
  path: '/api/app',
  auth: 'none',
  request: NoInput,
  response: AppInfo,
});

/** A banner's picture arrives as `src` or `pic`. */
export const Banner = z
  .object({ src: z.string().nullish(), pic: z.string().nullish(), url: z.string().nullish() })
  .transform((o, ctx) => {
    const src = o.src || o.pic;
    if (!src) {
      ctx.addIssue({ code: 'custom', message: '缺少图片' });
      return z.NEVER;
    }
    return { src, link: o.url ?? '' };
  });
export type Banner = z.output<typeof Banner>;

export const bannerList = defineCall({
  name: 'bannerList',
  method: 'POST',
  path: '/api/bannerList',
  auth: 'none',
  request: z
    .object({ type: z.union([z.literal(2), z.literal('2'), z.literal(1), z.literal('1')]).optional() })
    .optional()
    .transform((o) => ({ type: Number(o?.type ?? 2) })),
  response: ListOf(Banner),
});

/** Home notices are texts; some back ends send `{content}` or `{title}` objects instead. */
const NoticeText = z
  .union([z.string(), z.object({ content: z.string().nullish(), title: z.string().nullish() })])
  .transform((v) => (typeof v === 'string' ? v : (v.content ?? v.title ?? '')));

export const homeNotice = defineCall({
  name: 'homenotice',
  method: 'POST',
  path: '/api/homenotice',
  auth: 'none',
  request: NoInput,
  response: ListOf(NoticeText).transform((list) => list.filter((t) => t.trim() !== '')),
});

/** A site message / announcement: title, HTML content, created_at. */
export const Notice = z.object({
  id: IdLike.optional(),
  title: Text,
  content: Text,
  created_at: DateTime,
});
export type Notice = z.output<typeof Notice>;

export const noticeList = defineCall({
  name: 'noticeList',
  method: 'POST',
  path: '/api/noticeList',
  auth: 'optional',
  request: z
    .object({ page: PageInput })
    .optional()
    .transform((o) => ({ page: o?.page ?? 1 })),
  response: PageOf(Notice),
});

const UrlReply = z.object({ url: z.string() }).transform((o) => o.url);

export const serviceUrl = defineCall({
  name: 'getservicerurl',
  method: 'POST',
  path: '/api/getservicerurl',
  auth: 'none',
  request: NoInput,
  response: UrlReply,
});

export const visitUrl = defineCall({
  name: 'getVisitUrl',
  method: 'GET',
  path: '/api/getVisitUrl',
  auth: 'optional',
  request: NoInput,
  response: UrlReply,
});

export const agentLoginUrl = defineCall({
  name: 'getAgentLoginUrl',
  method: 'GET',
  path: '/api/getAgentLoginUrl',
  auth: 'member',
  request: NoInput,
  response: UrlReply,
});

export const ArticleType = z
  .union([z.number(), z.string().max(4)])
  .transform(Number)
  .pipe(z.union(ARTICLE_TYPES.map((t) => z.literal(t))));

export const article = defineCall({
  name: 'article',
  method: 'POST',
  path: '/api/article',
  auth: 'none',
  request: z.object({ type: ArticleType }),
  response: z.object({ title: Text, content: Text }),
});

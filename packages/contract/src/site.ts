import * as z from 'zod/mini';
import { defineCall, NoInput } from './define';
import { ARTICLE_TYPES } from './enums';
import { DateTime, IdLike, IntOrZero, ListOf, PageInput, PageOf, reject, Text } from './codecs';

/** appInfo of spec §3. */
export const AppInfo = z.pipe(
  z.object({
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
    /**
     * OUR ADDITION: the sponsor pages of /zhanzhuye?type=1|2, in that order (spec §2 says they embed an
     * external page but names no call). Missing from another back end of the family: no sponsor pages.
     */
    zhanzhu_urls: z.optional(z.catch(z.array(z.string()), [])),
  }),
  z.transform((o) => ({
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
    sponsorUrls: o.zhanzhu_urls ?? [],
  })),
);
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
export const Banner = z.pipe(
  z.object({ src: z.nullish(z.string()), pic: z.nullish(z.string()), url: z.nullish(z.string()) }),
  z.transform((o, ctx) => {
    const src = o.src || o.pic;
    return src ? { src, link: o.url ?? '' } : reject(ctx, '缺少图片');
  }),
);
export type Banner = z.output<typeof Banner>;

export const bannerList = defineCall({
  name: 'bannerList',
  method: 'POST',
  path: '/api/bannerList',
  auth: 'none',
  request: z.pipe(
    z.optional(
      z.object({ type: z.optional(z.union([z.literal(2), z.literal('2'), z.literal(1), z.literal('1')])) }),
    ),
    z.transform((o) => ({ type: Number(o?.type ?? 2) })),
  ),
  response: ListOf(Banner),
});

/** Home notices are texts; some back ends send `{content}` or `{title}` objects instead. */
const NoticeText = z.pipe(
  z.union([z.string(), z.object({ content: z.nullish(z.string()), title: z.nullish(z.string()) })]),
  z.transform((v) => (typeof v === 'string' ? v : (v.content ?? v.title ?? ''))),
);

export const homeNotice = defineCall({
  name: 'homenotice',
  method: 'POST',
  path: '/api/homenotice',
  auth: 'none',
  request: NoInput,
  response: z.pipe(
    ListOf(NoticeText),
    z.transform((list) => list.filter((t) => t.trim() !== '')),
  ),
});

/** A site message / announcement: title, HTML content, created_at. */
export const Notice = z.object({
  id: z.optional(IdLike),
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
  request: z.pipe(
    z.optional(z.object({ page: PageInput })),
    z.transform((o) => ({ page: o?.page ?? 1 })),
  ),
  response: PageOf(Notice),
});

const UrlReply = z.pipe(
  z.object({ url: z.string() }),
  z.transform((o) => o.url),
);

/**
 * The support address (客服地址). With a signed-in member's token and our own desk as the address
 * (support-desk.ts SUPPORT_DESK_PATH), it carries a one-time ticket: `/support/#/?t=<ticket>`.
 */
export const serviceUrl = defineCall({
  name: 'getservicerurl',
  method: 'POST',
  path: '/api/getservicerurl',
  auth: 'optional',
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

export const ArticleType = z.pipe(
  z.pipe(z.union([z.number(), z.string().check(z.maxLength(4))]), z.transform(Number)),
  z.union(ARTICLE_TYPES.map((t) => z.literal(t))),
);

/** Article sections: the help centre's (/boutBallBetInfo) and /abouts' own, which both ask type 5. */
export const ARTICLE_SECTIONS = ['help', 'abouts'] as const;
export type ArticleSection = (typeof ARTICLE_SECTIONS)[number];

export const article = defineCall({
  name: 'article',
  method: 'POST',
  path: '/api/article',
  auth: 'none',
  /**
   * `section` is OUR ADDITION (default help): /abouts sends `abouts` so its type 5 is the terms and
   * rules, not the help centre's agent joining. Another back end of the family ignores it.
   */
  request: z.object({ type: ArticleType, section: z.optional(z.enum(ARTICLE_SECTIONS)) }),
  response: z.object({ title: Text, content: Text }),
});

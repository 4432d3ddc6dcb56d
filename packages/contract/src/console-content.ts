/* The operators' console, 内容（运营）: banners, notices, help articles, the welcome modal, sponsors, site messages. */
import * as z from 'zod/mini';
import { SafeUrl } from './codecs';
import { defineConsoleCall, PageQuery, type ConsoleCallDef } from './console-define';
import type { Schema } from './define';
import {
  MEMBER_MESSAGE_CONTENT_MAX,
  MEMBER_MESSAGE_TITLE_MAX,
  MSG_MESSAGE_CONTENT,
  MSG_MESSAGE_TITLE,
} from './console-members';
import { WholeNumber } from './ops-fields';
import { ARTICLE_SECTIONS, type ArticleSection } from './site';
import { windowCheck, WINDOW_FIELDS, WindowRowFields } from './time-window';

/** Time on the wire: "Y-m-d H:i:s" (Beijing). */
const Time = z.string();
const IdField = WholeNumber(1, 2_147_483_647);
const Ref = z.object({ id: IdField });
const Deleted = z.object({ id: z.number() });

/** A call of 运营 (and 超级管理员): GET reads, POST writes. */
const contentCall =
  (method: 'GET' | 'POST') =>
  <Req extends Schema, Res extends Schema>(name: string, path: string, request: Req, response: Res) =>
    defineConsoleCall({ name, method, path, roles: ['content'], request, response });
const read = contentCall('GET');
const write = contentCall('POST');
const NoInput = z.object({});
const Items = <T extends z.ZodMiniType>(row: T) => z.object({ items: z.array(row) });

/** Text of an operator, trimmed: required (`missing`) and at most `max` characters. */
function RequiredText(max: number, missing: string, what: string) {
  return z
    .string({ error: missing })
    .check(z.trim(), z.minLength(1, missing), z.maxLength(max, `${what}最多${max}个字`));
}

/** Rich text (HTML) of an operator: the server sanitises it before it is stored. */
export const RICH_TEXT_MAX = 50_000;
const RichText = z
  .string('内容格式无效')
  .check(z.maxLength(RICH_TEXT_MAX, `内容过长（最多${RICH_TEXT_MAX}个字符）`));

/** A list position: smaller first. */
export const SORT_MAX = 9999;
const MSG_SORT = `排序须在0到${SORT_MAX}之间`;
const SortField = z._default(
  z.coerce
    .number<number | string>()
    .check(z.int('排序须为整数'), z.minimum(0, MSG_SORT), z.maximum(SORT_MAX, MSG_SORT)),
  0,
);

/* Banners ------------------------------------------------------------------------------------------ */

export const MSG_BANNER_IMAGE = '请上传轮播图图片';
export const MSG_LINK_INVALID = '链接须以 http://、https:// 或 / 开头';
export const MSG_BANNERS_CHANGED = '轮播图已有变化，请刷新后重试';

/** The hall's carousel banners are the mobile ones (bannerList type 2). */
export const MOBILE_BANNER_TYPE = 2;

export const BannerRow = z.object({
  id: z.number(),
  src: z.string(),
  url: z.string(),
  sort: z.number(),
  ...WindowRowFields,
  created_at: Time,
});
export type BannerRow = z.output<typeof BannerRow>;

const BannerFields = {
  /** The picture: an uploaded image (/uploads/…), a demo picture or an http(s) address. */
  src: z.string({ error: MSG_BANNER_IMAGE }).check(
    z.trim(),
    z.minLength(1, MSG_BANNER_IMAGE),
    z.refine((s) => s === '' || SafeUrl.safeParse(s).success, '图片地址无效'),
  ),
  /** Where a tap leads: '' none, a page of the app (/activity) or an http(s) address. */
  url: z._default(
    z.string().check(
      z.trim(),
      z.refine((s) => s === '' || SafeUrl.safeParse(s).success, MSG_LINK_INVALID),
    ),
    '',
  ),
  sort: SortField,
  ...WINDOW_FIELDS,
};

/** The mobile banners in the hall's order (sort, then id). */
export const consoleBanners = read('consoleBanners', '/content/banners', NoInput, Items(BannerRow));
export const consoleCreateBanner = write(
  'consoleCreateBanner',
  '/content/banners/create',
  z.object(BannerFields).check(windowCheck()),
  BannerRow,
);
export const consoleUpdateBanner = write(
  'consoleUpdateBanner',
  '/content/banners/update',
  z.object({ id: IdField, ...BannerFields }).check(windowCheck()),
  BannerRow,
);
export const consoleDeleteBanner = write('consoleDeleteBanner', '/content/banners/delete', Ref, Deleted);
/**
 * Puts the banners in this order (sort 1, 2, …). `ids` must be exactly the current mobile banners: a
 * list another operator changed meanwhile is refused (MSG_BANNERS_CHANGED) instead of half-applied.
 */
export const consoleReorderBanners = write(
  'consoleReorderBanners',
  '/content/banners/reorder',
  z.object({
    ids: z.array(IdField).check(z.minLength(1, '请选择轮播图'), z.maxLength(200, '轮播图过多')),
  }),
  Items(BannerRow),
);

/* Home notices (the hall's scrolling bar, plain text) ------------------------------------------------ */

export const HOME_NOTICE_MAX = 200;
export const MSG_HOME_NOTICE = '请输入公告内容';

export const HomeNoticeRow = z.object({
  id: z.number(),
  content: z.string(),
  sort: z.number(),
  ...WindowRowFields,
  created_at: Time,
});
export type HomeNoticeRow = z.output<typeof HomeNoticeRow>;

const HomeNoticeFields = {
  content: RequiredText(HOME_NOTICE_MAX, MSG_HOME_NOTICE, '公告'),
  sort: SortField,
  ...WINDOW_FIELDS,
};

export const consoleHomeNotices = read(
  'consoleHomeNotices',
  '/content/home-notices',
  NoInput,
  Items(HomeNoticeRow),
);
export const consoleCreateHomeNotice = write(
  'consoleCreateHomeNotice',
  '/content/home-notices/create',
  z.object(HomeNoticeFields).check(windowCheck()),
  HomeNoticeRow,
);
export const consoleUpdateHomeNotice = write(
  'consoleUpdateHomeNotice',
  '/content/home-notices/update',
  z.object({ id: IdField, ...HomeNoticeFields }).check(windowCheck()),
  HomeNoticeRow,
);
export const consoleDeleteHomeNotice = write(
  'consoleDeleteHomeNotice',
  '/content/home-notices/delete',
  Ref,
  Deleted,
);

/* Announcements (notices for everyone: /message 站内信, title + HTML) ---------------------------------- */

export const NOTICE_TITLE_MAX = 100;
export const MSG_NOTICE_TITLE = '请输入公告标题';
export const MSG_NOTICE_CONTENT = '请输入公告内容';

export const NoticeRow = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  ...WindowRowFields,
  created_at: Time,
});
export type NoticeRow = z.output<typeof NoticeRow>;

const NoticeFields = {
  title: RequiredText(NOTICE_TITLE_MAX, MSG_NOTICE_TITLE, '标题'),
  content: RichText,
  ...WINDOW_FIELDS,
};

export const consoleNotices = read(
  'consoleNotices',
  '/content/notices',
  z.object(PageQuery),
  z.object({ total: z.number(), items: z.array(NoticeRow) }),
);
export const consoleCreateNotice = write(
  'consoleCreateNotice',
  '/content/notices/create',
  z.object(NoticeFields).check(windowCheck()),
  NoticeRow,
);
export const consoleUpdateNotice = write(
  'consoleUpdateNotice',
  '/content/notices/update',
  z.object({ id: IdField, ...NoticeFields }).check(windowCheck()),
  NoticeRow,
);
export const consoleDeleteNotice = write('consoleDeleteNotice', '/content/notices/delete', Ref, Deleted);

/* Articles ------------------------------------------------------------------------------------------ */

/** Every article the member app shows: the help centre's (types 1–8) and /abouts' own (5 and 6). */
export const ARTICLE_SLOTS: readonly { section: ArticleSection; type: number; label: string }[] = [
  { section: 'help', type: 7, label: '帮助中心 · 关于我们' },
  { section: 'help', type: 1, label: '帮助中心 · 常见问题' },
  { section: 'help', type: 2, label: '帮助中心 · 隐私政策' },
  { section: 'help', type: 3, label: '帮助中心 · 免责说明' },
  { section: 'help', type: 4, label: '帮助中心 · 联系我们' },
  { section: 'help', type: 5, label: '帮助中心 · 代理加盟' },
  { section: 'help', type: 8, label: '帮助中心 · 博彩责任' },
  { section: 'help', type: 6, label: '帮助中心 · 类型6（未列出）' },
  { section: 'abouts', type: 5, label: '关于页 · 条款与规则' },
  { section: 'abouts', type: 6, label: '关于页 · 隐私政策' },
];
export const ARTICLE_TITLE_MAX = 100;
export const MSG_ARTICLE_TITLE = '请输入文章标题';
export const MSG_ARTICLE_CONTENT = '请输入文章内容';
export const MSG_ARTICLE_SLOT = '文章类型无效';

export const ArticleRow = z.object({
  section: z.enum(ARTICLE_SECTIONS),
  type: z.number(),
  label: z.string(),
  title: z.string(),
  content: z.string(),
  /** Null: not written yet (the member app shows 文章不存在). */
  updated_at: z.nullable(Time),
});
export type ArticleRow = z.output<typeof ArticleRow>;

/** Every slot of ARTICLE_SLOTS in its order, written or not. */
export const consoleArticles = read('consoleArticles', '/content/articles', NoInput, Items(ArticleRow));

export const consoleSaveArticle = write(
  'consoleSaveArticle',
  '/content/articles/save',
  z
    .object({
      section: z.enum(ARTICLE_SECTIONS, MSG_ARTICLE_SLOT),
      type: WholeNumber(1, 8),
      title: RequiredText(ARTICLE_TITLE_MAX, MSG_ARTICLE_TITLE, '标题'),
      content: RichText,
    })
    .check(
      z.refine((a) => ARTICLE_SLOTS.some((s) => s.section === a.section && s.type === a.type), {
        message: MSG_ARTICLE_SLOT,
        path: ['type'],
      }),
    ),
  ArticleRow,
);

/* The welcome modal and the sponsors' pages --------------------------------------------------------- */

export const MSG_SPONSOR_URL = '请填写赞助页地址';
const SponsorUrl = z.string({ error: MSG_SPONSOR_URL }).check(
  z.trim(),
  z.minLength(1, MSG_SPONSOR_URL),
  z.refine((s) => s === '' || SafeUrl.safeParse(s).success, MSG_LINK_INVALID),
);

export const SitePages = z.object({
  /** The welcome modal's HTML ('' none: the app shows no modal). */
  index_modal: z.string(),
  /** What /zhanzhuye?type=1 and 2 embed. */
  sponsor_url_1: z.string(),
  sponsor_url_2: z.string(),
});
export type SitePages = z.output<typeof SitePages>;

export const consoleSitePages = read('consoleSitePages', '/content/pages', NoInput, SitePages);

export const consoleSaveWelcomeModal = write(
  'consoleSaveWelcomeModal',
  '/content/pages/welcome-modal',
  z.object({ index_modal: RichText }),
  SitePages,
);

export const consoleSaveSponsors = write(
  'consoleSaveSponsors',
  '/content/pages/sponsors',
  z.object({ sponsor_url_1: SponsorUrl, sponsor_url_2: SponsorUrl }),
  SitePages,
);

/* Site messages ------------------------------------------------------------------------------------- */

export const MESSAGE_AUDIENCES = ['member', 'all'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];
export const MSG_MESSAGE_USERNAME = '请输入会员账号';
export const MESSAGE_USERNAME_MAX = 32;

export const SentMessageRow = z.object({
  id: z.number(),
  /** The member's name; null: to every member. */
  to: z.nullable(z.string()),
  title: z.string(),
  /** The stored HTML (the plain text escaped, line breaks as <br>). */
  content: z.string(),
  /** The operator who sent it ('' when sent before the console or from the command line). */
  sent_by: z.string(),
  created_at: Time,
});
export type SentMessageRow = z.output<typeof SentMessageRow>;

export const consoleSiteMessages = defineConsoleCall({
  name: 'consoleSiteMessages',
  method: 'GET',
  path: '/content/messages',
  roles: ['content', 'support'],
  request: z.object(PageQuery),
  response: z.object({ total: z.number(), items: z.array(SentMessageRow) }),
});

/**
 * Sends a site message (plain text, shown in the member app's 我的消息) to one member by name (any
 * case) or to every member: the same rule and limits as the member page's 发送站内信.
 */
export const consoleSendSiteMessage = defineConsoleCall({
  name: 'consoleSendSiteMessage',
  method: 'POST',
  path: '/content/messages/send',
  roles: ['content', 'support'],
  request: z
    .object({
      audience: z.enum(MESSAGE_AUDIENCES, '请选择发送对象'),
      username: z._default(z.string().check(z.trim(), z.maxLength(MESSAGE_USERNAME_MAX, '会员账号过长')), ''),
      title: RequiredText(MEMBER_MESSAGE_TITLE_MAX, MSG_MESSAGE_TITLE, '标题'),
      content: RequiredText(MEMBER_MESSAGE_CONTENT_MAX, MSG_MESSAGE_CONTENT, '内容'),
    })
    .check(
      z.refine((m) => m.audience === 'all' || m.username !== '', {
        message: MSG_MESSAGE_USERNAME,
        path: ['username'],
      }),
    ),
  response: SentMessageRow,
});

/* Registration ------------------------------------------------------------------------------------- */

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_CONTENT_CALLS: readonly ConsoleCallDef[] = [
  consoleBanners,
  consoleCreateBanner,
  consoleUpdateBanner,
  consoleDeleteBanner,
  consoleReorderBanners,
  consoleHomeNotices,
  consoleCreateHomeNotice,
  consoleUpdateHomeNotice,
  consoleDeleteHomeNotice,
  consoleNotices,
  consoleCreateNotice,
  consoleUpdateNotice,
  consoleDeleteNotice,
  consoleArticles,
  consoleSaveArticle,
  consoleSitePages,
  consoleSaveWelcomeModal,
  consoleSaveSponsors,
  consoleSiteMessages,
  consoleSendSiteMessage,
];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const CONTENT_AUDIT_ACTIONS: Record<string, string> = {
  'banner.create': '新增轮播图',
  'banner.update': '修改轮播图',
  'banner.delete': '删除轮播图',
  'banner.reorder': '调整轮播图顺序',
  'homeNotice.create': '新增滚动公告',
  'homeNotice.update': '修改滚动公告',
  'homeNotice.delete': '删除滚动公告',
  'notice.create': '发布站内公告',
  'notice.update': '修改站内公告',
  'notice.delete': '删除站内公告',
  'article.save': '保存帮助文章',
  'site.welcomeModal': '修改首页弹窗',
  'site.sponsors': '修改赞助页地址',
  'message.send': '发送站内信（单发/群发）',
};

/** The audit log's Chinese label of each target type this area writes. */
export const CONTENT_AUDIT_TARGETS: Record<string, string> = {
  banner: '轮播图',
  homeNotice: '滚动公告',
  notice: '站内公告',
  article: '文章',
  sitePages: '弹窗与赞助页',
  siteMessage: '站内信',
};

import { pageOf, pageOffset } from '../../core/paging';
import type { AppInfo, ArticleSection } from '@app/contract/site';
import { SITE_URL_FIELDS, type SiteUrlField } from '@app/contract/ops-site';
import { PAGE_SIZES, formatDateTime } from '@app/contract/codecs';
import { and, asc, count, desc, eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { articles, banners, homeNotices, notices, siteSettings } from '../../db/schema/site';
import { BusinessError } from '../../core/errors';
import { openAt } from './window';

export type SiteSettings = typeof siteSettings.$inferSelect;

export async function getSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!row) throw new Error('site settings missing: the seed has not run');
  return row;
}

/** appInfo of spec §3, wire shape. */
export async function appInfo(db: Db): Promise<z.input<typeof AppInfo>> {
  const s = await getSettings(db);
  return {
    title: s.title,
    site_state: s.siteState,
    repair_tips: s.repairTips,
    redpacket_switch: s.redpacketSwitch,
    index_modal: s.indexModal,
    webcontent: s.webcontent,
    site_logo: s.siteLogo,
    h5_url: s.h5Url,
    ios_download_url: s.iosDownloadUrl,
    ios_download_qrcode: s.iosDownloadQrcode,
    zhanzhu_urls: [s.sponsorUrl1, s.sponsorUrl2],
  };
}

export async function bannerList(db: Db, type: number) {
  const rows = await db
    .select({ src: banners.src, url: banners.url })
    .from(banners)
    .where(and(eq(banners.type, type), openAt(banners, now())))
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows;
}

export async function homeNoticeTexts(db: Db): Promise<string[]> {
  const rows = await db
    .select({ content: homeNotices.content })
    .from(homeNotices)
    .where(openAt(homeNotices, now()))
    .orderBy(asc(homeNotices.sort), asc(homeNotices.id));
  return rows.map((r) => r.content);
}

/**
 * Announcements for everyone inside their window plus, for a member, the site messages addressed to
 * them; newest first.
 */
export async function noticePage(db: Db, page: number, memberId: number | null) {
  const to =
    memberId === null ? isNull(notices.userId) : or(isNull(notices.userId), eq(notices.userId, memberId));
  const visible = and(to, openAt(notices, now()));
  const [total] = await db.select({ n: count() }).from(notices).where(visible);
  const rows = await db
    .select({ id: notices.id, title: notices.title, content: notices.content, createdAt: notices.createdAt })
    .from(notices)
    .where(visible)
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(PAGE_SIZES.notices)
    .offset(pageOffset(page, PAGE_SIZES.notices));
  const n = total?.n ?? 0;
  const data = rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    created_at: formatDateTime(r.createdAt.getTime()),
  }));
  return { ...pageOf(data, n, page, PAGE_SIZES.notices), per_page: PAGE_SIZES.notices };
}

/** The h5 url, with `pid=<member id>` for a member: the member's referral link. */
export function visitUrl(h5Url: string, memberId: number | null): string {
  if (memberId === null) return h5Url;
  try {
    const url = new URL(h5Url);
    url.searchParams.set('pid', String(memberId));
    return url.toString();
  } catch {
    return `${h5Url}${h5Url.includes('?') ? '&' : '?'}pid=${memberId}`;
  }
}

export async function article(db: Db, type: number, section: ArticleSection) {
  const [row] = await db
    .select({ title: articles.title, content: articles.content })
    .from(articles)
    .where(and(eq(articles.section, section), eq(articles.type, type)));
  if (!row) throw new BusinessError('文章不存在', 404);
  return row;
}

/** Maintenance mode on (site_state 0, with the tips shown instead of the app) or off. */
export async function setMaintenance(db: Db, on: boolean, tips: string | undefined) {
  const [row] = await db
    .update(siteSettings)
    .set({
      siteState: on ? 0 : 1,
      ...(tips !== undefined ? { repairTips: tips } : {}),
      updatedAt: new Date(now()),
    })
    .where(eq(siteSettings.id, 1))
    .returning({ siteState: siteSettings.siteState, repairTips: siteSettings.repairTips });
  if (!row) throw new Error('site settings missing: the seed has not run');
  return { site_state: row.siteState, repair_tips: row.repairTips };
}

/** The addresses an operator may set: the command line's, plus the referral links' base (console). */
export type SiteAddressColumn = SiteUrlField | 'h5_url';

/** The settings column of each address an operator may set (wire name → column). */
const URL_COLUMNS = {
  h5_url: 'h5Url',
  service_url: 'serviceUrl',
  agent_login_url: 'agentLoginUrl',
  ios_download_url: 'iosDownloadUrl',
  ios_download_qrcode: 'iosDownloadQrcode',
  sponsor_url_1: 'sponsorUrl1',
  sponsor_url_2: 'sponsorUrl2',
} as const satisfies Record<SiteAddressColumn, keyof SiteSettings>;

/**
 * Sets the given addresses and answers all of them. Every call reads the settings row (nothing is
 * cached in a process), so each server process hands out the new address on its next call.
 */
export async function setSiteUrls(db: Db, input: Partial<Record<SiteAddressColumn, string | undefined>>) {
  const changes: Partial<Record<(typeof URL_COLUMNS)[SiteAddressColumn], string>> = {};
  for (const field of Object.keys(URL_COLUMNS) as SiteAddressColumn[]) {
    const value = input[field];
    if (value !== undefined) changes[URL_COLUMNS[field]] = value;
  }
  if (Object.keys(changes).length > 0) {
    await db
      .update(siteSettings)
      .set({ ...changes, updatedAt: new Date(now()) })
      .where(eq(siteSettings.id, 1));
  }
  const s = await getSettings(db);
  return Object.fromEntries(SITE_URL_FIELDS.map((f) => [f, s[URL_COLUMNS[f]]])) as Record<
    SiteUrlField,
    string
  >;
}

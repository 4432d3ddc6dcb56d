/* 内容管理: the hall's banners (mobile, bannerList type 2) and its scrolling notices (plain text). The
 * member app reads both from the database on every call, so a change shows on every process at once. */
import { windowColumns, windowOf } from '../site/window';
import { formatDateTime } from '@app/contract/codecs';
import { MOBILE_BANNER_TYPE, MSG_BANNERS_CHANGED } from '@app/contract/console-content';
import { and, asc, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { banners, homeNotices } from '../../db/schema/site';

export const MSG_NO_BANNER = '轮播图不存在';
export const MSG_NO_HOME_NOTICE = '公告不存在';

type Banner = typeof banners.$inferSelect;
type HomeNotice = typeof homeNotices.$inferSelect;

export interface BannerInput {
  src: string;
  url: string;
  sort: number;
  starts_at?: string | null;
  ends_at?: string | null;
}

const bannerRow = (b: Banner) => ({
  id: b.id,
  src: b.src,
  url: b.url,
  sort: b.sort,
  ...windowOf(b),
  created_at: formatDateTime(b.createdAt.getTime()),
});
export type BannerRow = ReturnType<typeof bannerRow>;

const bannerColumns = (input: BannerInput) => ({
  src: input.src,
  url: input.url,
  sort: input.sort,
  ...windowColumns(input),
});

const isMobile = eq(banners.type, MOBILE_BANNER_TYPE);

/** The mobile banners in the hall's order (as bannerList sorts them). */
export async function listBanners(db: Db): Promise<BannerRow[]> {
  const rows = await db.select().from(banners).where(isMobile).orderBy(asc(banners.sort), asc(banners.id));
  return rows.map(bannerRow);
}

async function bannerOf(db: Db, id: number): Promise<Banner> {
  const [row] = await db
    .select()
    .from(banners)
    .where(and(eq(banners.id, id), isMobile))
    .for('update');
  if (!row) throw new BusinessError(MSG_NO_BANNER, 404);
  return row;
}

export async function createBanner(db: Db, input: BannerInput): Promise<BannerRow> {
  const [row] = await db
    .insert(banners)
    .values({ type: MOBILE_BANNER_TYPE, ...bannerColumns(input), createdAt: new Date(now()) })
    .returning();
  if (!row) throw new Error('banner not written');
  return bannerRow(row);
}

export async function updateBanner(db: Db, id: number, input: BannerInput) {
  const before = bannerRow(await bannerOf(db, id));
  const [row] = await db.update(banners).set(bannerColumns(input)).where(eq(banners.id, id)).returning();
  if (!row) throw new BusinessError(MSG_NO_BANNER, 404);
  return { before, after: bannerRow(row) };
}

export async function deleteBanner(db: Db, id: number): Promise<BannerRow> {
  const before = bannerRow(await bannerOf(db, id));
  await db.delete(banners).where(eq(banners.id, id));
  return before;
}

/**
 * Gives the banners sort 1, 2, … in the order of `ids`, which must name every mobile banner once: a
 * list changed by another operator meanwhile is refused rather than half-ordered.
 */
export async function reorderBanners(db: Db, ids: number[]) {
  const current = await db
    .select({ id: banners.id })
    .from(banners)
    .where(isMobile)
    .orderBy(asc(banners.sort), asc(banners.id))
    .for('update');
  const known = new Set(current.map((b) => b.id));
  if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
    throw new BusinessError(MSG_BANNERS_CHANGED, 409);
  }
  const before = current.map((b) => b.id);
  for (const [i, id] of ids.entries()) {
    await db
      .update(banners)
      .set({ sort: i + 1 })
      .where(eq(banners.id, id));
  }
  return { before, items: await listBanners(db) };
}

/* Home notices ------------------------------------------------------------------------------------- */

export interface HomeNoticeInput {
  content: string;
  sort: number;
  starts_at?: string | null;
  ends_at?: string | null;
}

const homeNoticeColumns = (input: HomeNoticeInput) => ({
  content: input.content,
  sort: input.sort,
  ...windowColumns(input),
});

const homeNoticeRow = (n: HomeNotice) => ({
  id: n.id,
  content: n.content,
  sort: n.sort,
  ...windowOf(n),
  created_at: formatDateTime(n.createdAt.getTime()),
});
export type HomeNoticeRow = ReturnType<typeof homeNoticeRow>;

/** The notice bar's texts in its order (as homenotice sorts them). */
export async function listHomeNotices(db: Db): Promise<HomeNoticeRow[]> {
  const rows = await db.select().from(homeNotices).orderBy(asc(homeNotices.sort), asc(homeNotices.id));
  return rows.map(homeNoticeRow);
}

async function homeNoticeOf(db: Db, id: number): Promise<HomeNotice> {
  const [row] = await db.select().from(homeNotices).where(eq(homeNotices.id, id)).for('update');
  if (!row) throw new BusinessError(MSG_NO_HOME_NOTICE, 404);
  return row;
}

export async function createHomeNotice(db: Db, input: HomeNoticeInput): Promise<HomeNoticeRow> {
  const [row] = await db
    .insert(homeNotices)
    .values({ ...homeNoticeColumns(input), createdAt: new Date(now()) })
    .returning();
  if (!row) throw new Error('home notice not written');
  return homeNoticeRow(row);
}

export async function updateHomeNotice(db: Db, id: number, input: HomeNoticeInput) {
  const before = homeNoticeRow(await homeNoticeOf(db, id));
  const [row] = await db
    .update(homeNotices)
    .set(homeNoticeColumns(input))
    .where(eq(homeNotices.id, id))
    .returning();
  if (!row) throw new BusinessError(MSG_NO_HOME_NOTICE, 404);
  return { before, after: homeNoticeRow(row) };
}

export async function deleteHomeNotice(db: Db, id: number): Promise<HomeNoticeRow> {
  const before = homeNoticeRow(await homeNoticeOf(db, id));
  await db.delete(homeNotices).where(eq(homeNotices.id, id));
  return before;
}

/* 内容管理: announcements (notices for everyone, shown in the member app's /message) and the articles
 * of the help centre and /abouts. Their HTML is sanitised here before it is stored. */
import { windowColumns, windowOf } from '../site/window';
import { formatDateTime } from '@app/contract/codecs';
import { ARTICLE_SLOTS, MSG_ARTICLE_CONTENT, MSG_NOTICE_CONTENT } from '@app/contract/console-content';
import type { ArticleSection } from '@app/contract/site';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { articles, notices } from '../../db/schema/site';
import { sanitizeRichText } from '../../http/rich-text';

export const MSG_NO_NOTICE = '公告不存在';

/** Sanitised HTML that must say something: an editor's empty paragraphs or a lone script are refused. */
export function requiredRichText(html: string, missing: string): string {
  const clean = sanitizeRichText(html);
  const visible = clean
    .replace(/<(?!img\b)[^>]*>/gi, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  if (visible === '') throw new BusinessError(missing, 400);
  return clean;
}

/* Announcements ------------------------------------------------------------------------------------ */

type Notice = typeof notices.$inferSelect;

const noticeRow = (n: Notice) => ({
  id: n.id,
  title: n.title,
  content: n.content,
  ...windowOf(n),
  created_at: formatDateTime(n.createdAt.getTime()),
});
export type NoticeRow = ReturnType<typeof noticeRow>;

/** Announcements are the notices for everyone; a notice to one member is not the console's to edit. */
const forEveryone = isNull(notices.userId);

export async function listNotices(db: Db, page: number, pageSize: number) {
  const [total] = await db.select({ n: count() }).from(notices).where(forEveryone);
  const rows = await db
    .select()
    .from(notices)
    .where(forEveryone)
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: total?.n ?? 0, items: rows.map(noticeRow) };
}

async function noticeOf(db: Db, id: number): Promise<Notice> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), forEveryone))
    .for('update');
  if (!row) throw new BusinessError(MSG_NO_NOTICE, 404);
  return row;
}

export interface NoticeInput {
  title: string;
  content: string;
  starts_at?: string | null;
  ends_at?: string | null;
}

export async function createNotice(db: Db, input: NoticeInput): Promise<NoticeRow> {
  const content = requiredRichText(input.content, MSG_NOTICE_CONTENT);
  const [row] = await db
    .insert(notices)
    .values({
      title: input.title,
      content,
      userId: null,
      ...windowColumns(input),
      createdAt: new Date(now()),
    })
    .returning();
  if (!row) throw new Error('notice not written');
  return noticeRow(row);
}

/** Changes title and content; its date (and so its place in the members' list) stays. */
export async function updateNotice(db: Db, id: number, input: NoticeInput) {
  const before = noticeRow(await noticeOf(db, id));
  const content = requiredRichText(input.content, MSG_NOTICE_CONTENT);
  const [row] = await db
    .update(notices)
    .set({ title: input.title, content, ...windowColumns(input) })
    .where(eq(notices.id, id))
    .returning();
  if (!row) throw new BusinessError(MSG_NO_NOTICE, 404);
  return { before, after: noticeRow(row) };
}

export async function deleteNotice(db: Db, id: number): Promise<NoticeRow> {
  const before = noticeRow(await noticeOf(db, id));
  await db.delete(notices).where(eq(notices.id, id));
  return before;
}

/* Articles ----------------------------------------------------------------------------------------- */

const slotLabel = (section: ArticleSection, type: number) =>
  ARTICLE_SLOTS.find((s) => s.section === section && s.type === type)?.label ?? `${section} ${type}`;

type Article = typeof articles.$inferSelect;

const articleRow = (section: ArticleSection, type: number, a: Article | undefined) => ({
  section,
  type,
  label: slotLabel(section, type),
  title: a?.title ?? '',
  content: a?.content ?? '',
  updated_at: a ? formatDateTime(a.updatedAt.getTime()) : null,
});
export type ArticleRow = ReturnType<typeof articleRow>;

/** Every slot the member app shows, in ARTICLE_SLOTS' order, written or not. */
export async function listArticles(db: Db): Promise<ArticleRow[]> {
  const rows = await db.select().from(articles);
  return ARTICLE_SLOTS.map((s) =>
    articleRow(
      s.section,
      s.type,
      rows.find((a) => a.section === s.section && a.type === s.type),
    ),
  );
}

export interface ArticleInput {
  section: ArticleSection;
  type: number;
  title: string;
  content: string;
}

/** Writes the article of (section, type), creating it when it is not there yet. */
export async function saveArticle(db: Db, input: ArticleInput) {
  const content = requiredRichText(input.content, MSG_ARTICLE_CONTENT);
  const where = and(eq(articles.section, input.section), eq(articles.type, input.type));
  const [old] = await db.select().from(articles).where(where).for('update');
  const at = new Date(now());
  const [row] = old
    ? await db.update(articles).set({ title: input.title, content, updatedAt: at }).where(where).returning()
    : await db
        .insert(articles)
        .values({ section: input.section, type: input.type, title: input.title, content, updatedAt: at })
        .onConflictDoUpdate({
          target: [articles.section, articles.type],
          set: { title: input.title, content, updatedAt: at },
        })
        .returning();
  if (!row) throw new Error('article not written');
  return {
    before: old ? articleRow(input.section, input.type, old) : null,
    after: articleRow(input.section, input.type, row),
  };
}

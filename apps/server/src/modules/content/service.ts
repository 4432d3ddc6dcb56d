import { pageOf, pageOffset } from '../../core/paging';
import { PAGE_SIZES, formatDateTime } from '@app/contract/codecs';
import { count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { siteMessages } from '../../db/schema/promo';
import { BusinessError } from '../../core/errors';

export const MSG_NO_SUCH_MEMBER = '会员不存在';

/** Messages to every member (user_id null) and to this member; never another member's. */
const visibleTo = (memberId: number) => or(isNull(siteMessages.userId), eq(siteMessages.userId, memberId));

/** One page of a member's site messages, newest first. The HTML content is sent as stored. */
export async function messagePage(db: Db, memberId: number, page: number) {
  const [total] = await db.select({ n: count() }).from(siteMessages).where(visibleTo(memberId));
  const rows = await db
    .select({
      id: siteMessages.id,
      title: siteMessages.title,
      content: siteMessages.content,
      createdAt: siteMessages.createdAt,
    })
    .from(siteMessages)
    .where(visibleTo(memberId))
    .orderBy(desc(siteMessages.createdAt), desc(siteMessages.id))
    .limit(PAGE_SIZES.siteMessages)
    .offset(pageOffset(page, PAGE_SIZES.siteMessages));
  const n = total?.n ?? 0;
  const data = rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    created_at: formatDateTime(r.createdAt.getTime()),
  }));
  return { ...pageOf(data, n, page, PAGE_SIZES.siteMessages), per_page: PAGE_SIZES.siteMessages };
}

/** Sends a site message to one member (by name, any case) or, with `to` null, to every member. */
export async function sendMessage(db: Db, to: string | null, title: string, content: string) {
  let userId: number | null = null;
  if (to !== null) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${to.toLowerCase()}`);
    if (!u) throw new BusinessError(MSG_NO_SUCH_MEMBER, 404);
    userId = u.id;
  }
  const [row] = await db
    .insert(siteMessages)
    .values({ userId, title, content, createdAt: new Date(now()) })
    .returning({ id: siteMessages.id, createdAt: siteMessages.createdAt });
  if (!row) throw new Error('site message not written');
  return { id: row.id, to: to ?? 'all', title, created_at: formatDateTime(row.createdAt.getTime()) };
}

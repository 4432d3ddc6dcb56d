/* 内容管理: the welcome modal and the sponsors' page addresses (site settings), and site messages to
 * one member or to all with the list of what was sent. Settings are read from the database on every
 * member call (modules/site/service.ts), so a change shows on every process at once. */
import { formatDateTime } from '@app/contract/codecs';
import type { MessageAudience } from '@app/contract/console-content';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/operators';
import { siteMessages } from '../../db/schema/promo';
import { siteSettings } from '../../db/schema/site';
import { textAsHtml } from '../../http/html';
import { sanitizeRichText } from '../../http/rich-text';
import { sendMessage } from './service';
import { getSettings, setSiteUrls } from '../site/service';

/** The audit target of a site message: the list finds who sent it by it. */
export const SITE_MESSAGE_TARGET = 'siteMessage';

export interface SitePages {
  index_modal: string;
  sponsor_url_1: string;
  sponsor_url_2: string;
}

export async function sitePages(db: Db): Promise<SitePages> {
  const s = await getSettings(db);
  return { index_modal: s.indexModal, sponsor_url_1: s.sponsorUrl1, sponsor_url_2: s.sponsorUrl2 };
}

/** Sets the welcome modal's HTML, sanitised ('' none: the member app then shows no modal). */
export async function saveWelcomeModal(db: Db, html: string) {
  const before = await sitePages(db);
  await db
    .update(siteSettings)
    .set({ indexModal: sanitizeRichText(html), updatedAt: new Date(now()) })
    .where(eq(siteSettings.id, 1));
  return { before, after: await sitePages(db) };
}

/** Sets both sponsor pages through the site module's own setter (the one the command line uses). */
export async function saveSponsors(db: Db, urls: { sponsor_url_1: string; sponsor_url_2: string }) {
  const before = await sitePages(db);
  await setSiteUrls(db, urls);
  return { before, after: await sitePages(db) };
}

/* Site messages ------------------------------------------------------------------------------------ */

export interface SendInput {
  audience: MessageAudience;
  username: string;
  title: string;
  content: string;
}

/**
 * Sends plain text as the member page's 发送站内信 does (escaped, line breaks kept) through the content
 * module's sendMessage: to the named member (any case; 404 会员不存在) or to every member.
 */
export async function sendSiteMessage(db: Db, input: SendInput) {
  const to = input.audience === 'all' ? null : input.username;
  const sent = await sendMessage(db, to, input.title, textAsHtml(input.content));
  const [row] = await db
    .select({ to: users.username, content: siteMessages.content })
    .from(siteMessages)
    .leftJoin(users, eq(users.id, siteMessages.userId))
    .where(eq(siteMessages.id, sent.id));
  return {
    id: sent.id,
    to: row?.to ?? null,
    title: sent.title,
    content: row?.content ?? '',
    sent_by: '',
    created_at: sent.created_at,
  };
}

/** What was sent, newest first, with the member's name and the operator who sent it. */
export async function listSiteMessages(db: Db, page: number, pageSize: number) {
  // A bulk message's copies are listed once, under 群发消息 (message_batches).
  const single = isNull(siteMessages.batchId);
  const [total] = await db.select({ n: count() }).from(siteMessages).where(single);
  const sender = db
    .select({ name: auditLog.operatorName })
    .from(auditLog)
    .where(
      and(eq(auditLog.targetType, SITE_MESSAGE_TARGET), eq(auditLog.targetId, sql`${siteMessages.id}::text`)),
    )
    .limit(1);
  const rows = await db
    .select({
      id: siteMessages.id,
      to: users.username,
      title: siteMessages.title,
      content: siteMessages.content,
      createdAt: siteMessages.createdAt,
      sentBy: sql<string | null>`(${sender})`,
    })
    .from(siteMessages)
    .leftJoin(users, eq(users.id, siteMessages.userId))
    .where(single)
    .orderBy(desc(siteMessages.createdAt), desc(siteMessages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    total: total?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      to: r.to,
      title: r.title,
      content: r.content,
      sent_by: r.sentBy ?? '',
      created_at: formatDateTime(r.createdAt.getTime()),
    })),
  };
}

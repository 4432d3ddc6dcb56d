/* What an operator does to a conversation: take a waiting one, transfer it to a colleague (who then
 * serves it, online or not), reply (text, a canned reply, an image), mark the member's messages read,
 * close it with a tag. A conversation open with a colleague is theirs: another may neither reply nor
 * close it (超级管理员 may transfer or close any). A reply to a conversation left while nobody was
 * online also reaches a member (not a visitor) as a site message (我的消息). */
import {
  MSG_SUPPORT_CANNED_MISSING,
  MSG_SUPPORT_CLOSED,
  MSG_SUPPORT_NOT_YOURS,
  MSG_SUPPORT_TAKEN,
  MSG_SUPPORT_TRANSFER_SELF,
  MSG_SUPPORT_TRANSFER_TARGET,
} from '@app/contract/console-support';
import type { OperatorRole } from '@app/contract/console-define';
import { MSG_SUPPORT_NO_CONVERSATION } from '@app/contract/support-desk';
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { operators } from '../../db/schema/operators';
import { siteMessages } from '../../db/schema/promo';
import { supportCannedReplies, supportConversations, supportMessages } from '../../db/schema/support';
import { escapeHtml } from '../../http/html';
import { deskOperator, giveTo, joinedLine, systemLine } from './assign';
import { cleanSupportText } from './conversations';
import { storeOperatorImage } from './images';
import type { ConversationRecord } from './views';

/** Who may be given a conversation by a transfer: anyone who works the desk. */
const TRANSFER_ROLES = ['support', 'finance', 'admin'];
export const SITE_MESSAGE_TITLE = '客服回复';
const IMAGE_NOTICE = '客服给您发送了一张图片，请打开在线客服查看。';
export const CLOSED_LINE = '本次会话已结束，感谢您的咨询';

export interface DeskActor {
  id: number;
  role: OperatorRole;
}

/** The conversation `id` (locked for the caller's transaction when `lock`): 404 when there is none. */
export async function conversationById(db: Db, id: number, lock = false): Promise<ConversationRecord> {
  const q = db.select().from(supportConversations).where(eq(supportConversations.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new BusinessError(MSG_SUPPORT_NO_CONVERSATION, 404);
  return row;
}

/** Refuses a closed conversation, and an open one a colleague serves (unless 超级管理员 may). */
function assertMayAct(c: ConversationRecord, actor: DeskActor, adminMay: boolean): void {
  if (c.state === 'closed') throw new BusinessError(MSG_SUPPORT_CLOSED);
  if (c.state === 'open' && c.operatorId !== actor.id && !(adminMay && actor.role === 'admin'))
    throw new BusinessError(MSG_SUPPORT_NOT_YOURS, 409);
}

/** Takes a waiting conversation (409 when a colleague took it first; taking one's own again is fine). */
export async function takeConversation(db: Db, actor: DeskActor, id: number): Promise<ConversationRecord> {
  const c = await conversationById(db, id, true);
  if (c.state === 'closed') throw new BusinessError(MSG_SUPPORT_CLOSED);
  if (c.state === 'open') {
    if (c.operatorId === actor.id) return c;
    throw new BusinessError(MSG_SUPPORT_TAKEN, 409);
  }
  const me = await deskOperator(db, actor.id);
  if (!(await giveTo(db, id, me, joinedLine(me.nickname)))) throw new BusinessError(MSG_SUPPORT_TAKEN, 409);
  return conversationById(db, id);
}

/** Transfers a conversation (waiting, or one's own open one) to a colleague who works the desk. */
export async function transferConversation(db: Db, actor: DeskActor, id: number, toId: number) {
  if (toId === actor.id) throw new BusinessError(MSG_SUPPORT_TRANSFER_SELF);
  const [target] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(
      and(eq(operators.id, toId), eq(operators.disabled, false), inArray(operators.role, TRANSFER_ROLES)),
    );
  if (!target) throw new BusinessError(MSG_SUPPORT_TRANSFER_TARGET);
  const before = await conversationById(db, id, true);
  assertMayAct(before, actor, true);
  const to = await deskOperator(db, toId);
  await db
    .update(supportConversations)
    .set({ state: 'open', operatorId: toId, takenAt: before.takenAt ?? new Date(now()) })
    .where(eq(supportConversations.id, id));
  await systemLine(db, id, `已为您转接至 ${to.nickname}`);
  return { before, after: await conversationById(db, id) };
}

/** A reply's content: exactly one of them (the contract checks it). */
export interface ReplyContent {
  text?: string | undefined;
  canned_id?: number | undefined;
  image?: string | undefined;
}

async function replyBody(db: Db, dataDir: string, content: ReplyContent) {
  if (content.text !== undefined)
    return { kind: 'text' as const, body: cleanSupportText(content.text), image: null };
  if (content.canned_id !== undefined) {
    const [canned] = await db
      .select({ body: supportCannedReplies.body })
      .from(supportCannedReplies)
      .where(eq(supportCannedReplies.id, content.canned_id));
    if (!canned) throw new BusinessError(MSG_SUPPORT_CANNED_MISSING, 404);
    return { kind: 'text' as const, body: canned.body, image: null };
  }
  return {
    kind: 'image' as const,
    body: '',
    image: await storeOperatorImage(db, dataDir, content.image ?? ''),
  };
}

/**
 * A reply (in the caller's transaction): a waiting conversation is taken first; the first reply's
 * time is kept (first-response figures); replying reads the member's messages.
 */
export async function replyToConversation(
  db: Db,
  dataDir: string,
  actor: DeskActor,
  id: number,
  content: ReplyContent,
) {
  let c = await conversationById(db, id, true);
  assertMayAct(c, actor, false);
  if (c.state === 'waiting') c = await takeConversation(db, actor, id);
  const body = await replyBody(db, dataDir, content);
  const at = new Date(now());
  const [m] = await db
    .insert(supportMessages)
    .values({ conversationId: id, sender: 'operator', operatorId: actor.id, ...body, createdAt: at })
    .returning();
  if (!m) throw new Error('support reply not written');
  await db
    .update(supportConversations)
    .set({
      lastMessageAt: at,
      firstReplyAt: sql`coalesce(${supportConversations.firstReplyAt}, ${at})`,
      operatorReadId: m.id,
    })
    .where(eq(supportConversations.id, id));
  if (c.leftOffline && c.userId !== null) {
    await db.insert(siteMessages).values({
      userId: c.userId,
      title: SITE_MESSAGE_TITLE,
      // Site messages are HTML: the reply's plain text is escaped.
      content: body.kind === 'text' ? escapeHtml(body.body) : IMAGE_NOTICE,
      createdAt: at,
    });
  }
  return { conversation: await conversationById(db, id), message: m };
}

/** The operator side has read every message so far. */
export async function markReadByOperator(db: Db, id: number): Promise<ConversationRecord> {
  await conversationById(db, id);
  const [last] = await db
    .select({ id: max(supportMessages.id) })
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, id));
  await db
    .update(supportConversations)
    .set({ operatorReadId: last?.id ?? 0 })
    .where(eq(supportConversations.id, id));
  return conversationById(db, id);
}

/** Closes a conversation (waiting, one's own, or any for 超级管理员) with its tag. */
export async function closeConversation(db: Db, actor: DeskActor, id: number, tag: string) {
  const before = await conversationById(db, id, true);
  assertMayAct(before, actor, true);
  await db
    .update(supportConversations)
    .set({ state: 'closed', closedAt: new Date(now()), closeTag: tag })
    .where(eq(supportConversations.id, id));
  await systemLine(db, id, CLOSED_LINE);
  return { before, after: await conversationById(db, id) };
}

/* How a conversation and its messages read on each side: the member's page (the 客服's desk name,
 * images at the desk's own address) and the console (operators by id, name and desk name). */
import { formatDateTime } from '@app/contract/codecs';
import type { SupportConversationRow } from '@app/contract/console-support';
import type { SupportConversation, SupportMessage, SupportState } from '@app/contract/support-desk';
import { UPLOAD_URL_PREFIX } from '../../core/paths';
import type { supportConversations, supportMessages } from '../../db/schema/support';

export type ConversationRecord = typeof supportConversations.$inferSelect;
export type MessageRecord = typeof supportMessages.$inferSelect;
export interface OperatorRef {
  id: number;
  name: string;
  nickname: string;
}

/** Where support images are stored, below the uploads folder. */
export const SUPPORT_UPLOAD_FOLDER = 'support/';
/** The member page fetches an image here (with its token); the console on its own listener there. */
export const MEMBER_IMAGE_PREFIX = '/support/images/';
export const CONSOLE_IMAGE_PREFIX = '/api/support/images/';

const time = (d: Date) => formatDateTime(d.getTime());
const timeOrNull = (d: Date | null) => (d ? time(d) : null);

/** The stored name of a support image from its stored address (`/uploads/support/<name>`). */
export const imageName = (stored: string | null) =>
  stored?.startsWith(`${UPLOAD_URL_PREFIX}${SUPPORT_UPLOAD_FOLDER}`)
    ? stored.slice(UPLOAD_URL_PREFIX.length + SUPPORT_UPLOAD_FOLDER.length)
    : null;

const imageAt = (prefix: string, stored: string | null) => {
  const name = imageName(stored);
  return name ? `${prefix}${name}` : null;
};

export function memberConversationView(c: ConversationRecord, operator: string | null): SupportConversation {
  return {
    id: c.id,
    state: c.state as SupportState,
    operator,
    created_at: time(c.createdAt),
    closed_at: timeOrNull(c.closedAt),
    close_tag: c.closeTag,
    rating: c.rating,
    left_offline: c.leftOffline,
    operator_read_id: c.operatorReadId,
  };
}

/** A message as one side reads it: images at that side's address, the operator as that side names it. */
function messageView<O>(m: MessageRecord, imagePrefix: string, operator: (id: number) => O) {
  return {
    id: m.id,
    sender: m.sender as SupportMessage['sender'],
    kind: m.kind as SupportMessage['kind'],
    body: m.body,
    image: imageAt(imagePrefix, m.image),
    operator: m.operatorId === null ? null : operator(m.operatorId),
    created_at: time(m.createdAt),
  };
}

export const memberMessageView = (m: MessageRecord, operatorNames: Map<number, string>): SupportMessage =>
  messageView(m, MEMBER_IMAGE_PREFIX, (id) => operatorNames.get(id) ?? '客服');

export const deskMessageView = (m: MessageRecord, refs: Map<number, OperatorRef>) =>
  messageView(m, CONSOLE_IMAGE_PREFIX, (id) => refs.get(id) ?? null);

/** The last message's preview in the queue. */
export function preview(m: Pick<MessageRecord, 'kind' | 'body'> | undefined): string {
  if (!m) return '';
  return m.kind === 'image' ? '[图片]' : [...m.body].slice(0, 60).join('');
}

export function deskRowView(
  c: ConversationRecord,
  extra: { operator: OperatorRef | null; lastText: string; unread: number; at: number },
): SupportConversationRow {
  return {
    id: c.id,
    state: c.state as SupportState,
    kind: c.userId === null ? 'visitor' : 'member',
    user_id: c.userId,
    name: c.nickname,
    operator: extra.operator,
    created_at: time(c.createdAt),
    waiting_seconds:
      c.state === 'waiting' ? Math.max(0, Math.floor((extra.at - c.createdAt.getTime()) / 1000)) : 0,
    taken_at: timeOrNull(c.takenAt),
    first_reply_at: timeOrNull(c.firstReplyAt),
    last_message_at: time(c.lastMessageAt),
    last_text: extra.lastText,
    unread: extra.unread,
    member_read_id: c.memberReadId,
    left_offline: c.leftOffline,
    closed_at: timeOrNull(c.closedAt),
    close_tag: c.closeTag,
    rating: c.rating,
    rating_note: c.ratingNote,
  };
}

import {
  SUPPORT_STATE_MESSAGES,
  type SupportConversation,
  type SupportMessage,
  type supportState,
} from '@app/contract/support-desk';
import type { DataOf } from '@app/contract/define';

/* The desk's data, and how a supportState reply updates it (the socket's frames: frames.ts). */

export type StateReply = DataOf<typeof supportState>;

export interface DeskData {
  me: StateReply['me'];
  online: boolean;
  conversation: SupportConversation | null;
  /** The conversation's messages shown, oldest first (or the ended one's, until a new one starts). */
  messages: SupportMessage[];
  /** Older messages may exist before the first shown. */
  more: boolean;
  unread: number;
  /** The conversation that ended while the page was open (its rating card). */
  ended: SupportConversation | null;
  /**
   * The 客服 side has read up to this message id (the socket's `read` frames); null while unknown:
   * supportState does not carry it, so read marks show from the first frame on.
   */
  operatorReadId: number | null;
  /** The 客服 is typing (the socket's `typing` frames). */
  typing: boolean;
}

/** `next` merged into `list` by id, oldest first. */
export function mergeMessages(list: SupportMessage[], next: SupportMessage[]): SupportMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of next) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function applyState(prev: DeskData | null, reply: StateReply): DeskData {
  const base = { me: reply.me, online: reply.online, unread: reply.unread };
  const current = reply.conversation;
  const before = prev?.conversation ?? null;
  if (prev && current && current.id === before?.id) {
    return {
      ...prev,
      ...base,
      conversation: current,
      messages: mergeMessages(prev.messages, reply.messages),
      // A read frame may have come after this reply was written: the higher mark holds.
      operatorReadId: Math.max(prev.operatorReadId ?? 0, current.operator_read_id),
    };
  }
  if (current) {
    const more = reply.messages.length >= SUPPORT_STATE_MESSAGES;
    return {
      ...base,
      conversation: current,
      messages: reply.messages,
      more,
      ended: null,
      operatorReadId: current.operator_read_id,
      typing: false,
    };
  }
  // No conversation open: keep what was shown (the one that just ended, its rating card).
  return {
    ...base,
    conversation: null,
    messages: prev?.messages ?? [],
    more: prev?.more ?? false,
    ended: prev?.ended ?? null,
    operatorReadId: prev?.operatorReadId ?? null,
    typing: false,
  };
}

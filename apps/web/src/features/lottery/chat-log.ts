import type { ChatMessage } from '@app/contract/lottery';
import { appendChat, CHAT_RENDER_CAP, type ChatEntry } from './rules';

/**
 * The messages of one room, outside React state: the chat list subscribes to it
 * (useSyncExternalStore), so a busy room re-renders the list alone, not the room around it.
 */
export interface ChatLog {
  append: (messages: readonly ChatMessage[]) => void;
  /** Drops the stored message an operator deleted (its messageId); nothing when it is not shown. */
  remove: (messageId: number) => void;
  /**
   * After a reconnection: the lines of the re-read history the log missed (a stored message's id it
   * does not hold, newer than the oldest it holds), appended in order. Lines without an id (a back end
   * that sends none) cannot be told apart from what is shown, and are left out.
   */
  recover: (history: readonly ChatMessage[]) => number;
  subscribe: (listener: () => void) => () => void;
  entries: () => readonly ChatEntry[];
}

export function createChatLog(cap = CHAT_RENDER_CAP): ChatLog {
  let entries: readonly ChatEntry[] = [];
  let seq = 0;
  const listeners = new Set<() => void>();
  return {
    append(messages) {
      if (messages.length === 0) return;
      entries = appendChat(
        entries,
        messages.map((m) => ({ ...m, seq: ++seq })),
        cap,
      );
      for (const listener of listeners) listener();
    },
    recover(history) {
      const held = entries.flatMap((e) => (e.messageId === null ? [] : [e.messageId]));
      const known = new Set(held);
      const oldest = held.length > 0 ? Math.min(...held) : 0;
      const missed = history
        .filter((m) => m.messageId !== null && m.messageId > oldest && !known.has(m.messageId))
        .sort((a, b) => (a.messageId ?? 0) - (b.messageId ?? 0));
      this.append(missed);
      return missed.length;
    },
    remove(messageId) {
      const next = entries.filter((e) => e.messageId !== messageId);
      if (next.length === entries.length) return;
      entries = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    entries: () => entries,
  };
}

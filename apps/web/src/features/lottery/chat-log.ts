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

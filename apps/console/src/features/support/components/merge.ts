import type { consoleSupportConversation } from '@app/contract/console-support';
import type { DataOf } from '@app/contract/define';

type Conversation = DataOf<typeof consoleSupportConversation>;
type Message = Conversation['messages'][number];

/** Messages of both lists, each once (by id), oldest first: one may come by a call and the socket. */
export function mergeMessages(a: readonly Message[], b: readonly Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const m of [...a, ...b]) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/**
 * A fresh read of a conversation (its newest messages) over what is held: the union, so older
 * messages loaded by 加载更早消息 and messages pushed meanwhile stay. When the fresh page does not
 * reach back to what is held (more than a page arrived unseen), it replaces it: a gap could lie between.
 */
export function mergeConversation(held: Conversation | undefined, fresh: Conversation): Conversation {
  if (!held || held.conversation.id !== fresh.conversation.id) return fresh;
  const freshOldest = fresh.messages[0]?.id ?? Infinity;
  const heldNewest = held.messages.at(-1)?.id ?? -Infinity;
  if (fresh.more && freshOldest > heldNewest) return fresh;
  const heldOldest = held.messages[0]?.id ?? Infinity;
  // `more` speaks of what lies before the oldest message held.
  const more = heldOldest < freshOldest ? held.more : fresh.more;
  return { ...fresh, messages: mergeMessages(held.messages, fresh.messages), more };
}

import type { consoleSupportConversation, consoleSupportQueue } from '@app/contract/console-support';
import type { ConsoleSupportServerFrame } from '@app/contract/console-support-socket';
import type { DataOf } from '@app/contract/define';
import type { QueryClient } from '@tanstack/react-query';
import { SUPPORT_KEY } from '../api';
import type { DeskStore } from './deskStore';
import { mergeMessages } from './merge';

type Conversation = DataOf<typeof consoleSupportConversation>;
type Queue = DataOf<typeof consoleSupportQueue>;
type Message = Conversation['messages'][number];
type Row = Conversation['conversation'];
type QueueFrame = Extract<ConsoleSupportServerFrame, { type: 'queue' }>;

const conversationKey = (id: number) => [...SUPPORT_KEY, 'conversation', id] as const;

/** A row as the queue frame tells it, keeping the waiting time counted from the held read. */
function patchRow(held: Row, row: Row): Row {
  const waiting = held.state === 'waiting' && row.state === 'waiting';
  return waiting ? { ...row, waiting_seconds: held.waiting_seconds } : row;
}

/** Puts the frame's row into the queue lists and the open conversation holding it (no read). */
function applyQueueFrame(client: QueryClient, frame: QueueFrame): void {
  const row = frame.conversation;
  for (const [key, data] of client.getQueriesData<Queue>({ queryKey: [...SUPPORT_KEY, 'queue'] })) {
    if (!data?.items.some((c) => c.id === row.id)) continue;
    const updatedAt = client.getQueryState(key)?.dataUpdatedAt;
    client.setQueryData<Queue>(
      key,
      { ...data, items: data.items.map((c) => (c.id === row.id ? patchRow(c, row) : c)) },
      // The waiting times count on from the last read (QueueColumn): keep its time.
      { updatedAt },
    );
  }
  client.setQueryData<Conversation>(conversationKey(row.id), (held) =>
    held ? { ...held, conversation: patchRow(held.conversation, row) } : held,
  );
}

/** A pushed message, merged into the conversation held for it (no read). */
export function addMessage(client: QueryClient, conversationId: number, message: Message): void {
  client.setQueryData<Conversation>(conversationKey(conversationId), (held) =>
    held ? { ...held, messages: mergeMessages(held.messages, [message]) } : held,
  );
}

/**
 * One server frame into the caches and the store. `resync`: read every desk query again (a new
 * socket: what happened while down); `queueChanged`: read the queue lists and counts again soon.
 */
export function applyFrame(
  client: QueryClient,
  store: DeskStore,
  frame: ConsoleSupportServerFrame,
  after: { resync: () => void; queueChanged: () => void },
): void {
  switch (frame.type) {
    case 'ready':
      after.resync();
      return;
    case 'queue':
      applyQueueFrame(client, frame);
      after.queueChanged();
      return;
    case 'message':
      addMessage(client, frame.conversation_id, frame.message);
      if (frame.message.sender === 'member' || frame.message.sender === 'visitor')
        store.setTyping(frame.conversation_id, false);
      return;
    case 'typing':
      store.setTyping(frame.conversation_id, frame.on);
      return;
    case 'read':
      store.markRead(frame.conversation_id, frame.member_read_id);
      return;
  }
}

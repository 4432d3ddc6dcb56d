import type { SupportServerFrame } from '@app/contract/support-desk';
import { mergeMessages, type DeskData } from './state';

/* What a socket frame does to the desk. A frame about a conversation the page does not show (one
 * that started meanwhile, from another tab or a visit) asks for a resynchronisation through
 * supportState instead: the call carries the messages and the state as a whole. */

export interface FrameResult {
  data: DeskData;
  /** supportState is to be read again. */
  resync: boolean;
}

const same = (data: DeskData, id: number) => data.conversation?.id === id;
/** The conversation that just ended, still on screen (its closing line may come after its state). */
const endedShown = (data: DeskData, id: number) => !data.conversation && data.ended?.id === id;

function onMessage(data: DeskData, f: Extract<SupportServerFrame, { type: 'message' }>): FrameResult {
  const m = f.message;
  if (endedShown(data, f.conversation_id)) {
    return { data: { ...data, messages: mergeMessages(data.messages, [m]) }, resync: false };
  }
  if (!same(data, f.conversation_id)) {
    return { data, resync: data.ended?.id !== f.conversation_id };
  }
  const fresh = !data.messages.some((x) => x.id === m.id);
  const theirs = m.sender === 'operator' || m.sender === 'system';
  return {
    data: {
      ...data,
      messages: mergeMessages(data.messages, [m]),
      unread: data.unread + (fresh && theirs ? 1 : 0),
      // The 客服's message ends its typing.
      typing: m.sender === 'operator' ? false : data.typing,
    },
    resync: false,
  };
}

function onState(data: DeskData, f: Extract<SupportServerFrame, { type: 'state' }>): FrameResult {
  const c = f.conversation;
  if (!same(data, c.id)) return { data, resync: data.ended?.id !== c.id };
  if (f.change === 'closed') {
    // The closed conversation as the frame gives it is the rating card's (no supportHistory needed).
    return { data: { ...data, conversation: null, ended: c, typing: false }, resync: false };
  }
  return { data: { ...data, conversation: c }, resync: false };
}

export function applyFrame(data: DeskData, f: SupportServerFrame): FrameResult {
  switch (f.type) {
    case 'online':
      return { data: { ...data, online: f.online }, resync: false };
    case 'message':
      return onMessage(data, f);
    case 'state':
      return onState(data, f);
    case 'read': {
      const id = f.conversation_id;
      if (!same(data, id) && !endedShown(data, id)) return { data, resync: false };
      const operatorReadId = Math.max(data.operatorReadId ?? 0, f.operator_read_id);
      return { data: { ...data, operatorReadId }, resync: false };
    }
    case 'typing':
      return same(data, f.conversation_id)
        ? { data: { ...data, typing: f.on }, resync: false }
        : { data, resync: false };
  }
}

import {
  supportHistory,
  supportMessages,
  supportRead,
  supportState,
  supportTicket,
  supportVisitor,
  type SupportConversation,
  type SupportMessage,
} from '@app/contract/support-desk';
import type { ReplyOf } from '@app/contract/define';
import { reply } from '@app/mobile/test/msw-contract';
import { setupServer } from 'msw/node';

/* Replies in the wire shape of the contract (times "Y-m-d H:i:s" Beijing). */

export const TOKEN = 'support-token-abc';
export const TICKET = 'T1cket_abcdefghijklmnopqrstuvwxyz';
export const VISITOR_KEY = 'visitor_key_0123456789abcdef';

export function conversation(over: Partial<SupportConversation> = {}): SupportConversation {
  return {
    id: 7,
    state: 'open',
    operator: '客服小美',
    created_at: '2026-11-29 10:00:00',
    closed_at: null,
    close_tag: null,
    rating: null,
    left_offline: false,
    operator_read_id: 0,
    ...over,
  };
}

export function message(id: number, over: Partial<SupportMessage> = {}): SupportMessage {
  return {
    id,
    sender: 'member',
    kind: 'text',
    body: `消息${id}`,
    image: null,
    operator: null,
    created_at: '2026-11-29 10:00:00',
    ...over,
  };
}

export function state(over: Partial<ReplyOf<typeof supportState>> = {}): ReplyOf<typeof supportState> {
  return {
    me: { kind: 'member', name: 'demo001' },
    online: true,
    conversation: conversation(),
    messages: [
      message(1, { sender: 'system', body: '客服小美 为您服务' }),
      message(2, { body: '存款未到账' }),
      message(3, { sender: 'operator', operator: '客服小美', body: '请提供订单号' }),
    ],
    unread: 0,
    ...over,
  };
}

export const defaultHandlers = [
  reply(supportTicket, { token: TOKEN }),
  reply(supportVisitor, { token: TOKEN, visitor_key: VISITOR_KEY }),
  reply(supportState, state()),
  reply(supportRead, null),
  reply(supportHistory, { items: [], total: 0 }),
  reply(supportMessages, { messages: [], more: false }),
];

export const server = setupServer(...defaultHandlers);

/** Samples of the support desk's calls (support-desk.ts) for the calls tests; see calls-samples.ts. */
import type { CallDef } from './define';
import {
  supportHistory,
  supportImage,
  supportMessages,
  supportRate,
  supportRead,
  supportSend,
  supportState,
  supportTicket,
  supportVisitor,
} from './support-desk';
import { T, type Sample } from './calls-test-support';

const conversation = {
  id: 7,
  state: 'open',
  operator: '客服小美',
  created_at: T,
  closed_at: null,
  close_tag: null,
  rating: null,
  left_offline: false,
  operator_read_id: 0,
};
const message = {
  id: 31,
  sender: 'member',
  kind: 'text',
  body: '存款未到账',
  image: null,
  operator: null,
  created_at: T,
};
const closed = { ...conversation, state: 'closed', closed_at: T, close_tag: '充值', rating: 5 };

export const SUPPORT_DESK_SAMPLES: [CallDef, Sample][] = [
  [supportTicket, { request: { ticket: 'x'.repeat(43) }, reply: { token: 'tok' }, data: { token: 'tok' } }],
  [
    supportVisitor,
    {
      request: { nickname: '小王', visitor_key: 'k'.repeat(32) },
      reply: { token: 'tok', visitor_key: 'k'.repeat(32) },
    },
  ],
  [
    supportState,
    {
      request: {},
      reply: {
        me: { kind: 'member', name: 'player01' },
        online: true,
        conversation,
        messages: [message],
        unread: 0,
      },
      data: { conversation: { operator: '客服小美' } },
    },
  ],
  [
    supportMessages,
    { request: { conversation_id: 7, before_id: 31 }, reply: { messages: [message], more: false } },
  ],
  [supportSend, { request: { text: '存款未到账' }, reply: { conversation, message } }],
  [
    supportImage,
    {
      request: {},
      reply: {
        conversation,
        message: { ...message, kind: 'image', body: '', image: '/support/images/a.png' },
      },
    },
  ],
  [supportRead, { request: {}, reply: null }],
  [supportHistory, { request: { page: 1 }, reply: { items: [closed], total: 1 } }],
  [supportRate, { request: { conversation_id: 7, rating: 5, note: '很快' }, reply: closed }],
];

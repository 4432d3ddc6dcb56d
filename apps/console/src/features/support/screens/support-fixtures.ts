import type {
  consoleSupportConversation,
  consoleSupportMember,
  consoleSupportQueue,
  SupportConversationRow,
} from '@app/contract/console-support';
import type { DataOf } from '@app/contract/define';
import { screen, waitFor, within } from '@testing-library/react';
import { TEST_OPERATOR } from '@test/render';

/*
 * Queries by text, not role: antd's screens are large and role queries walk them slowly in jsdom.
 * antd writes a two-character Chinese button's label spaced (接 入).
 */
export const btn = (root: HTMLElement, label: string): HTMLElement => {
  const b = within(root).getByText(label, { selector: 'button span' }).closest('button');
  if (!b) throw new Error(`no button ${label}`);
  return b;
};
/** A queue tab by its label (its count badge beside it). */
export const tab = (label: string) => screen.findByText(label, { selector: '[role=tab] span', exact: false });

export const KEFU = { ...TEST_OPERATOR, id: 7, name: 'kefu01', role: 'support' as const };
export const ADMIN = { ...TEST_OPERATOR, id: 1, name: 'admin01', role: 'admin' as const };
export const FINANCE = { ...TEST_OPERATOR, id: 8, name: 'caiwu01', role: 'finance' as const };

export const row = (over: Partial<SupportConversationRow> = {}): SupportConversationRow => ({
  id: 11,
  state: 'waiting',
  kind: 'member',
  user_id: 501,
  name: 'player501',
  operator: null,
  created_at: '2026-11-29 10:00:00',
  waiting_seconds: 185,
  taken_at: null,
  first_reply_at: null,
  last_message_at: '2026-11-29 10:03:00',
  last_text: '<b>存款</b>未到账 https://evil.example',
  unread: 2,
  member_read_id: 0,
  left_offline: false,
  closed_at: null,
  close_tag: null,
  rating: null,
  rating_note: '',
  ...over,
});

export const mineRow = (over: Partial<SupportConversationRow> = {}) =>
  row({
    state: 'open',
    operator: { id: KEFU.id, name: 'kefu01', nickname: '小美' },
    waiting_seconds: 0,
    ...over,
  });

type Queue = DataOf<typeof consoleSupportQueue>;
export const queue = (items: SupportConversationRow[], counts: Partial<Queue['counts']> = {}): Queue => ({
  items,
  total: items.length,
  counts: {
    waiting: items.filter((c) => c.state === 'waiting').length,
    mine: 0,
    open: items.length,
    unread: 0,
    ...counts,
  },
  me: { online: true, max_open: 5, nickname: '小美', open: 1 },
});

type Conversation = DataOf<typeof consoleSupportConversation>;
export const conversation = (
  c: SupportConversationRow,
  extra: Conversation['messages'] = [],
): Conversation => ({
  conversation: c,
  more: false,
  messages: [
    {
      id: 1,
      sender: 'member',
      kind: 'text',
      body: '<img src=x onerror=alert(1)>存款未到账 https://evil.example',
      image: null,
      operator: null,
      created_at: '2026-11-29 10:00:00',
    },
    {
      id: 2,
      sender: 'system',
      kind: 'text',
      body: '小美 为您服务',
      image: null,
      operator: null,
      created_at: '2026-11-29 10:01:00',
    },
    ...extra,
  ],
});

export const panel = (
  over: Partial<DataOf<typeof consoleSupportMember>['member']> = {},
): DataOf<typeof consoleSupportMember> => ({
  member: {
    id: 501,
    name: 'player501',
    realname: '张三',
    mobile: '138****8000',
    email: '',
    vip_level: 3,
    referrer: null,
    isagent: false,
    is_trial: false,
    blocked: false,
    created_at: '2026-01-01 10:00:00',
    paysum: '5000.00',
    turnover_done: '1200.00',
    turnover_required: '3000.00',
    pay_password_locked: false,
    pay_password_failures: 0,
    wallets: [{ venue: 'central', name: '中心钱包', balance: '888.50' }],
    cards: [],
    vip_changes: [],
    contact_masked: true,
    tags: [],
    ...over,
  },
  deposits: [
    {
      id: 1,
      deposit_no: 'D1',
      method: '银行卡转账',
      amount: '500.00',
      state: 0,
      state_label: '待审核',
      created_at: '2026-11-29 09:30:00',
      reviewed_by: '',
      reviewed_at: null,
      review_note: '',
    },
  ],
  withdrawals: [],
  applications: [{ kind: 'activity', title: '首存送彩金', created_at: '2026-11-28 12:00:00' }],
});

/** The open dialog (a modal or drawer), once it shows. */
export const dialog = () =>
  waitFor(() => {
    const d = document.querySelector<HTMLElement>('[role=dialog]');
    if (!d) throw new Error('no dialog');
    return d;
  });

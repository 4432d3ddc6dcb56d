import { useCallback, useEffect, useRef, useState } from 'react';
import {
  SUPPORT_STATE_MESSAGES,
  supportHistory,
  supportMessages,
  supportRead,
  supportState,
  type SupportConversation,
  type SupportMessage,
} from '@app/contract/support-desk';
import type { DataOf } from '@app/contract/define';
import { ApiError, call, errorMessage } from '../api';

/* The desk's state: supportState polled every POLL_MS while the page is visible, the messages shown
 * (the newest of the state, older ones loaded on demand), the conversation that just ended (to rate). */

export const POLL_MS = 3000;

type StateReply = DataOf<typeof supportState>;

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
}

/** `next` merged into `list` by id, oldest first. */
export function mergeMessages(list: SupportMessage[], next: SupportMessage[]): SupportMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of next) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function applyState(prev: DeskData | null, reply: StateReply): DeskData {
  const base = { me: reply.me, online: reply.online, unread: reply.unread };
  const current = reply.conversation;
  const before = prev?.conversation ?? null;
  if (prev && current && current.id === before?.id) {
    return {
      ...prev,
      ...base,
      conversation: current,
      messages: mergeMessages(prev.messages, reply.messages),
    };
  }
  if (current) {
    const more = reply.messages.length >= SUPPORT_STATE_MESSAGES;
    return { ...base, conversation: current, messages: reply.messages, more, ended: null };
  }
  // No conversation open: keep what was shown (the one that just ended, its rating card).
  return {
    ...base,
    conversation: null,
    messages: prev?.messages ?? [],
    more: prev?.more ?? false,
    ended: prev?.ended ?? null,
  };
}

function useVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const on = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, []);
  return visible;
}

/**
 * supportState polled every POLL_MS while the page is visible, and at once when it shows again. The
 * socket (src/realtime, authenticated with the support token) will replace this timer: it will push
 * messages, assignment, transfer and close, and the page will call supportState only to resynchronise
 * after a reconnect.
 */
function usePolling(visible: boolean, refresh: () => Promise<void>) {
  useEffect(() => {
    if (!visible) return;
    void refresh();
    const timer = window.setInterval(() => void refresh(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [visible, refresh]);
}

/** Read marks: what is unread is read once the page is visible (`due`). */
function useReadMarks(due: boolean, token: string, done: () => void, fail: (e: unknown) => void) {
  const doneRef = useRef(done);
  useEffect(() => {
    doneRef.current = done;
  });
  useEffect(() => {
    if (!due) return;
    call(supportRead, undefined, token).then(() => doneRef.current(), fail);
  }, [due, token, fail]);
}

/** The conversation `id` as the history lists it once closed (its rating card), or null. */
async function findEnded(id: number, token: string): Promise<SupportConversation | null> {
  const { items } = await call(supportHistory, { page: 1 }, token);
  return items.find((c) => c.id === id) ?? null;
}

export function useDesk(token: string, onExpired: (message: string) => void) {
  const [data, setData] = useState<DeskData | null>(null);
  const [error, setError] = useState('');
  const dataRef = useRef<DeskData | null>(null);
  const visible = useVisible();

  const fail = useCallback(
    (e: unknown) => {
      if (e instanceof ApiError && e.code === 401) onExpired(e.message);
      else setError(errorMessage(e));
    },
    [onExpired],
  );

  const update = useCallback((next: DeskData) => {
    dataRef.current = next;
    setData(next);
  }, []);

  const accept = useCallback(
    (reply: StateReply) => {
      const before = dataRef.current?.conversation ?? null;
      update(applyState(dataRef.current, reply));
      setError('');
      if (before && before.id !== reply.conversation?.id) {
        void findEnded(before.id, token).then((ended) => {
          if (ended && dataRef.current) update({ ...dataRef.current, ended });
        }, fail);
      }
    },
    [token, update, fail],
  );

  const refresh = useCallback(
    () => call(supportState, undefined, token).then(accept, fail),
    [token, accept, fail],
  );

  usePolling(visible, refresh);

  useReadMarks(
    visible && (data?.unread ?? 0) > 0,
    token,
    () => {
      if (dataRef.current) update({ ...dataRef.current, unread: 0 });
    },
    fail,
  );

  const loadOlder = useCallback(async () => {
    const d = dataRef.current;
    const first = d?.messages[0];
    const conversation = d?.conversation ?? d?.ended;
    if (!d || !first || !conversation) return;
    const reply = await call(
      supportMessages,
      { conversation_id: conversation.id, before_id: first.id },
      token,
    );
    const now = dataRef.current ?? d;
    update({ ...now, messages: mergeMessages(now.messages, reply.messages), more: reply.more });
  }, [token, update]);

  /** A message this page sent (supportSend / supportImage's reply). */
  const sent = useCallback(
    (reply: { conversation: SupportConversation; message: SupportMessage }) => {
      const d = dataRef.current;
      if (!d) return;
      const state = { me: d.me, online: d.online, unread: d.unread };
      update(applyState(d, { ...state, conversation: reply.conversation, messages: [reply.message] }));
    },
    [update],
  );

  const rated = (conversation: SupportConversation) => {
    if (dataRef.current) update({ ...dataRef.current, ended: conversation });
  };

  return { data, error, refresh, loadOlder, sent, rated, fail };
}

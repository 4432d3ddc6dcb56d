import { useCallback, useEffect, useRef, useState } from 'react';
import {
  supportHistory,
  supportMessages,
  supportRead,
  supportState,
  type SupportConversation,
  type SupportMessage,
  type SupportServerFrame,
} from '@app/contract/support-desk';
import { ApiError, call, errorMessage } from '../api';
import { applyFrame } from './frames';
import { applyState, mergeMessages, type DeskData, type StateReply } from './state';
import { useLive } from './useLive';

/* The desk's state: pushed by the socket (useLive, frames.ts), read whole through supportState on
 * every (re)connect, and polled while the socket is not live. The messages shown (the newest of the
 * state, older ones loaded on demand), the conversation that just ended (to rate). */

export type { DeskData } from './state';

/** Polling while the socket is not live (cannot open, dropped, refused), while the page is visible. */
export const FALLBACK_POLL_MS = 10_000;
/**
 * A slow resync while it is live: a server process whose bus listener reconnected has lost the desk
 * events published meanwhile, and its sockets stay open without them (server README, "Sockets").
 */
export const SAFETY_RESYNC_MS = 60_000;
/** A typing mark not renewed goes out after this (its `off` may be lost with a dropped socket). */
export const TYPING_SHOWN_MS = 6000;

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
 * supportState at once when the socket turns live (resynchronise: it is subscribed by then), when it
 * drops (catch up before the first poll) and when the page shows again; then every SAFETY_RESYNC_MS
 * while live, every FALLBACK_POLL_MS while not.
 */
function usePolling(visible: boolean, live: boolean, refresh: () => Promise<void>) {
  useEffect(() => {
    if (!visible) return;
    void refresh();
    const timer = window.setInterval(() => void refresh(), live ? SAFETY_RESYNC_MS : FALLBACK_POLL_MS);
    return () => window.clearInterval(timer);
  }, [visible, live, refresh]);
}

/** Read marks: what is unread is read while the page is visible (`count`: unread now, 0 when hidden). */
function useReadMarks(count: number, token: string, done: (n: number) => void, fail: (e: unknown) => void) {
  const doneRef = useRef(done);
  useEffect(() => {
    doneRef.current = done;
  });
  useEffect(() => {
    if (count <= 0) return;
    call(supportRead, undefined, token).then(() => doneRef.current(count), fail);
  }, [count, token, fail]);
}

/** The conversation `id` as the history lists it once closed (its rating card), or null. */
async function findEnded(id: number, token: string): Promise<SupportConversation | null> {
  const { items } = await call(supportHistory, { page: 1 }, token);
  return items.find((c) => c.id === id) ?? null;
}

/**
 * One supportState at a time. `seen()` counts the socket's frames: a reply that a frame overtook (it
 * may predate it: an `online` right after auth, a message) is read once more before it counts.
 */
function useResync(token: string, accept: (reply: StateReply) => void, fail: (e: unknown) => void) {
  const framesSeen = useRef(0);
  const inFlight = useRef<Promise<void> | null>(null);
  const refresh = useCallback((): Promise<void> => {
    if (inFlight.current) return inFlight.current;
    const read = async (again: boolean): Promise<void> => {
      const seen = framesSeen.current;
      const reply = await call(supportState, undefined, token);
      if (again && framesSeen.current !== seen) return read(false);
      accept(reply);
    };
    const p = read(true)
      .catch(fail)
      .finally(() => (inFlight.current = null));
    inFlight.current = p;
    return p;
  }, [token, accept, fail]);
  const seen = useCallback(() => void (framesSeen.current += 1), []);
  return { refresh, seen };
}

type Update = (next: DeskData) => void;
type DataRef = { readonly current: DeskData | null };

/** The 客服's typing mark shown at most TYPING_SHOWN_MS after its last `on`. */
function useTypingShown(dataRef: DataRef, update: Update) {
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const d = dataRef.current;
      if (d?.typing) update({ ...d, typing: false });
    }, TYPING_SHOWN_MS);
  }, [dataRef, update]);
}

/** Older messages, a message this page sent, a rating given. */
function useActions(token: string, dataRef: DataRef, update: Update) {
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
  }, [token, dataRef, update]);

  /** A message this page sent (supportSend / supportImage's reply). */
  const sent = useCallback(
    (reply: { conversation: SupportConversation; message: SupportMessage }) => {
      const d = dataRef.current;
      if (!d) return;
      const state = { me: d.me, online: d.online, unread: d.unread };
      update(applyState(d, { ...state, conversation: reply.conversation, messages: [reply.message] }));
    },
    [dataRef, update],
  );

  const rated = (conversation: SupportConversation) => {
    if (dataRef.current) update({ ...dataRef.current, ended: conversation });
  };
  return { loadOlder, sent, rated };
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

  const { refresh, seen } = useResync(token, accept, fail);
  const typingShown = useTypingShown(dataRef, update);
  const onFrame = useCallback(
    (frame: SupportServerFrame) => {
      seen();
      const d = dataRef.current;
      if (!d) return; // the first supportState is on its way (and read again after this frame)
      const result = applyFrame(d, frame);
      if (result.data !== d) update(result.data);
      if (frame.type === 'typing' && frame.on) typingShown();
      if (result.resync) void refresh();
    },
    [seen, update, refresh, typingShown],
  );

  const live = useLive(token, { frame: onFrame, expired: onExpired });
  usePolling(visible, live.link.kind === 'open', refresh);

  useReadMarks(
    visible ? (data?.unread ?? 0) : 0,
    token,
    (n) => {
      const d = dataRef.current;
      if (d) update({ ...d, unread: Math.max(0, d.unread - n) });
    },
    fail,
  );

  return { data, error, refresh, fail, live, ...useActions(token, dataRef, update) };
}

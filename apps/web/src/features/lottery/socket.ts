import { type ChatMessage } from '@app/contract/lottery';
import { CHAT_PING, CHAT_PING_INTERVAL_MS, readChatDeletion } from '@app/contract/chat';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { backoffMs, isRefusal, MSG_SOCKET_CLOSED, readServerFrame, type ChatFrame } from './rules';

/**
 * connecting: before the first open; reconnecting: it was open, dropped, and is being opened again;
 * closed: none wanted, or refused.
 */
export type SocketStatus = 'connecting' | 'reconnecting' | 'open' | 'closed';

/** The message id a deletion frame names (an operator deleted that message), else null. */
export function readDeletionFrame(raw: unknown): number | null {
  if (typeof raw !== 'string' || !raw.startsWith('{')) return null;
  try {
    return readChatDeletion(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** One frame to its listener: a deletion, or a chat message; anything else is ignored. */
function dispatchFrame(
  raw: unknown,
  onMessage: (message: ChatMessage) => void,
  onDeleted: (messageId: number) => void,
) {
  const removed = readDeletionFrame(raw);
  if (removed !== null) {
    onDeleted(removed);
    return;
  }
  const message = readServerFrame(raw);
  if (message) onMessage(message);
}

/** Closes a socket normally without hearing of it any more (the screen is gone or the room changed). */
function closeQuietly(ws: WebSocket) {
  ws.onopen = null;
  ws.onmessage = null;
  ws.onclose = null;
  ws.close(1000);
}

interface SocketEvents {
  status: (status: SocketStatus) => void;
  /** The socket to send on (null while none is open). */
  current: (ws: WebSocket | null) => void;
  message: (message: ChatMessage) => void;
  refused: (reason: string) => void;
  deleted: (messageId: number) => void;
  reconnected: () => void;
}

/**
 * Keeps one room's socket open until the returned dispose runs: pings while open, reconnects with a
 * growing delay after a drop, at once when the browser comes back online; the browser going offline
 * closes it at once (a dead connection would otherwise look open and swallow what is sent).
 */
function keepSocket(url: string, on: SocketEvents): () => void {
  let disposed = false;
  let opened = false;
  let attempt = 0;
  let ws: WebSocket | null = null;
  let ping: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    retry = undefined;
    const current = new WebSocket(url);
    ws = current;
    current.onopen = () => {
      attempt = 0;
      on.current(current);
      on.status('open');
      if (opened) on.reconnected();
      opened = true;
      ping = setInterval(() => {
        if (current.readyState === WebSocket.OPEN) current.send(CHAT_PING);
      }, CHAT_PING_INTERVAL_MS);
    };
    current.onmessage = (event: MessageEvent) => dispatchFrame(event.data, on.message, on.deleted);
    current.onclose = (event: CloseEvent) => {
      clearInterval(ping);
      on.current(null);
      if (disposed) return;
      if (isRefusal(event.code)) {
        on.status('closed');
        on.refused(event.reason || MSG_SOCKET_CLOSED);
        return;
      }
      on.status(opened ? 'reconnecting' : 'connecting');
      retry = setTimeout(connect, backoffMs(attempt));
      attempt += 1;
    };
  };
  /** Back online while waiting: try now instead of at the end of the delay. */
  const onOnline = () => {
    if (retry === undefined) return;
    clearTimeout(retry);
    connect();
  };
  const onOffline = () => ws?.close();

  connect();
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  return () => {
    disposed = true;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    clearTimeout(retry);
    clearInterval(ping);
    on.current(null);
    if (ws) closeQuietly(ws);
  };
}

/**
 * The room's chat socket (spec §7): connects on mount, sends 'ping' every 3 s while open, reads each
 * frame into a chat message ('pong' and other frames that are not messages are ignored), reconnects
 * after a drop (keepSocket), closes on unmount.
 * A refusal (session over, blocked, no such room) is final: `onRefused` gets the server's reason.
 * A deletion frame (an operator deleted a message) goes to `onDeleted` with the message's id.
 * `onReconnected` runs when it opens again after a drop: what was said meanwhile is to be read back.
 * `url` null: no socket (visitor).
 */
export function useChatSocket(
  url: string | null,
  onMessage: (message: ChatMessage) => void,
  onRefused: (reason: string) => void = () => undefined,
  onDeleted: (messageId: number) => void = () => undefined,
  onReconnected: () => void = () => undefined,
) {
  const [status, setStatus] = useState<SocketStatus>(url ? 'connecting' : 'closed');
  const socket = useRef<WebSocket | null>(null);
  const message = useEffectEvent((m: ChatMessage) => onMessage(m));
  const refused = useEffectEvent((reason: string) => onRefused(reason));
  const deleted = useEffectEvent((messageId: number) => onDeleted(messageId));
  const reconnected = useEffectEvent(() => onReconnected());
  useEffect(() => {
    if (!url) return;
    const current = (ws: WebSocket | null) => void (socket.current = ws); // one socket at a time
    return keepSocket(url, { status: setStatus, current, message, refused, deleted, reconnected });
  }, [url]);

  /** Sends a chat message or a bet command; false when the socket is not open or the browser is offline. */
  const send = useCallback((frame: ChatFrame): boolean => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN || navigator.onLine === false) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }, []);

  return { status: url ? status : ('closed' as const), send };
}

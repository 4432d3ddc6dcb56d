import { type ChatMessage } from '@app/contract/lottery';
import { CHAT_PING, CHAT_PING_INTERVAL_MS, readChatDeletion } from '@app/contract/chat';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { backoffMs, isRefusal, MSG_SOCKET_CLOSED, readServerFrame, type ChatFrame } from './rules';

/** connecting: before the first open and while waiting to reconnect; closed: none wanted, or refused. */
export type SocketStatus = 'connecting' | 'open' | 'closed';

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

/**
 * The room's chat socket (spec §7): connects on mount, sends 'ping' every 3 s while open, reads each
 * frame into a chat message ('pong' and other frames that are not messages are ignored), reconnects
 * with a growing delay after a drop (at once when the browser comes back online), closes on unmount.
 * A refusal (session over, blocked, no such room) is final: `onRefused` gets the server's reason.
 * A deletion frame (an operator deleted a message) goes to `onDeleted` with the message's id.
 * `url` null: no socket (visitor).
 */
export function useChatSocket(
  url: string | null,
  onMessage: (message: ChatMessage) => void,
  onRefused: (reason: string) => void = () => undefined,
  onDeleted: (messageId: number) => void = () => undefined,
) {
  const [status, setStatus] = useState<SocketStatus>(url ? 'connecting' : 'closed');
  const socket = useRef<WebSocket | null>(null);
  const deliver = useEffectEvent((message: ChatMessage) => onMessage(message));
  const refused = useEffectEvent((reason: string) => onRefused(reason));
  const deleted = useEffectEvent((messageId: number) => onDeleted(messageId));

  useEffect(() => {
    if (!url) return;
    let disposed = false;
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
        socket.current = current;
        setStatus('open');
        ping = setInterval(() => {
          if (current.readyState === WebSocket.OPEN) current.send(CHAT_PING);
        }, CHAT_PING_INTERVAL_MS);
      };
      current.onmessage = (event: MessageEvent) => dispatchFrame(event.data, deliver, deleted);
      current.onclose = (event: CloseEvent) => {
        clearInterval(ping);
        if (socket.current === current) socket.current = null;
        if (disposed) return;
        if (isRefusal(event.code)) {
          setStatus('closed');
          refused(event.reason || MSG_SOCKET_CLOSED);
          return;
        }
        setStatus('connecting');
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

    connect();
    window.addEventListener('online', onOnline);
    return () => {
      disposed = true;
      window.removeEventListener('online', onOnline);
      clearTimeout(retry);
      clearInterval(ping);
      socket.current = null;
      if (ws) closeQuietly(ws);
    };
  }, [url]);

  /** Sends a chat message or a bet command; false when the socket is not open. */
  const send = useCallback((frame: ChatFrame): boolean => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }, []);

  return { status: url ? status : ('closed' as const), send };
}

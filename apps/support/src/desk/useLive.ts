import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MSG_SUPPORT_SOCKET_AUTH,
  MSG_SUPPORT_SOCKET_TOO_MANY,
  SUPPORT_SOCKET_CLOSE,
  type SupportServerFrame,
} from '@app/contract/support-desk';
import { openDeskSocket, socketUrl, type DeskSocket } from './socket';

/* The desk's socket as React state: whether it is live, refused (with what to say), and a notice
 * only once it has been down a while (a blip of a reconnect is not worth a banner). */

export const DOWN_NOTICE_MS = 5000;
export const MSG_LINK_DOWN = '连接中断，正在重连…';
const MSG_REFUSED = '客服连接被拒绝';

export type Link =
  | { kind: 'connecting' | 'open' | 'down' }
  /** 4403 (blocked) or 4429 (too many sockets; `retry` offered). 4401 ends the desk (`expired`). */
  | { kind: 'refused'; code: number; message: string };

interface Handlers {
  frame: (frame: SupportServerFrame) => void;
  expired: (message: string) => void;
}

function refusal(code: number, reason: string): Link {
  // The contract's text for too many sockets: the server's is the same, the page's own is sure.
  const message = code === SUPPORT_SOCKET_CLOSE.tooMany ? MSG_SUPPORT_SOCKET_TOO_MANY : reason;
  return { kind: 'refused', code, message: message || MSG_REFUSED };
}

/** Whether the socket has been not live for DOWN_NOTICE_MS (refused is said otherwise). */
function useLate(kind: Link['kind']): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (kind === 'open' || kind === 'refused') return;
    const timer = window.setTimeout(() => setLate(true), DOWN_NOTICE_MS);
    return () => {
      window.clearTimeout(timer);
      setLate(false);
    };
  }, [kind]);
  return late;
}

export function useLive(token: string, handlers: Handlers) {
  const [link, setLink] = useState<Link>({ kind: 'connecting' });
  const socket = useRef<DeskSocket | null>(null);
  const on = useRef(handlers);
  useEffect(() => {
    on.current = handlers;
  });

  useEffect(() => {
    const s = openDeskSocket(socketUrl(document.baseURI), token, {
      ready: () => setLink({ kind: 'open' }),
      down: () => setLink((l) => (l.kind === 'down' ? l : { kind: 'down' })),
      frame: (f) => on.current.frame(f),
      refused: (code, reason) => {
        if (code === SUPPORT_SOCKET_CLOSE.unauthorized) on.current.expired(reason || MSG_SUPPORT_SOCKET_AUTH);
        else setLink(refusal(code, reason));
      },
    });
    socket.current = s;
    return () => {
      socket.current = null;
      s.close();
    };
  }, [token]);

  const retry = useCallback(() => {
    setLink({ kind: 'connecting' });
    socket.current?.retry();
  }, []);
  const typing = useCallback((on: boolean) => socket.current?.send({ type: 'typing', on }) ?? false, []);

  return { link, late: useLate(link.kind), retry, typing };
}

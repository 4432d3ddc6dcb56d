import {
  CONSOLE_SUPPORT_PING,
  CONSOLE_SUPPORT_PONG,
  CONSOLE_SUPPORT_SOCKET_CLOSE,
  CONSOLE_SUPPORT_SOCKET_PATH,
  ConsoleSupportServerFrame,
  MSG_CONSOLE_SOCKET_ORIGIN,
  MSG_CONSOLE_SOCKET_TOO_MANY,
} from '@app/contract/console-support-socket';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateDesk, SUPPORT_KEY } from '../api';
import { applyFrame } from './deskFrames';
import { deskStore, type DeskStore } from './deskStore';

/*
 * The contract names no keep-alive interval for the console's socket. 20 s: under the server's 30 s
 * idle cut even where a proxy swallows protocol pings, and a silent socket (no pong, no frame between
 * two pings) is dropped and replaced within 40 s.
 */
export const DESK_PING_MS = 20_000;
/** Reconnect after 1 s, 2 s, 4 s … up to 30 s, each between half and all of it (jitter). */
export const DESK_RETRY_MIN_MS = 1_000;
export const DESK_RETRY_MAX_MS = 30_000;
/** Queue frames come in bursts (a member's every message is one): one read of the lists per burst. */
export const QUEUE_DEBOUNCE_MS = 300;

export const deskSocketUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${CONSOLE_SUPPORT_SOCKET_PATH}`;

export function retryDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(DESK_RETRY_MAX_MS, DESK_RETRY_MIN_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function parseFrame(text: string): ConsoleSupportServerFrame | null {
  try {
    const r = ConsoleSupportServerFrame.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** What a close means: 4401 to the console's 401 path, 4403 and 4429 shown, the rest retried. */
function onClosed(client: QueryClient, store: DeskStore, e: CloseEvent): boolean {
  const { unauthorized, forbidden, tooMany } = CONSOLE_SUPPORT_SOCKET_CLOSE;
  if (e.code === unauthorized) {
    store.down();
    // A call now gets the 401 and the console signs out as it does for any call.
    void invalidateDesk(client);
    return false;
  }
  if (e.code === forbidden) {
    store.down({ kind: 'forbidden', message: e.reason || MSG_CONSOLE_SOCKET_ORIGIN });
    return false;
  }
  if (e.code === tooMany) {
    store.down({ kind: 'tooMany', message: MSG_CONSOLE_SOCKET_TOO_MANY });
    return false;
  }
  store.down();
  return true;
}

/** One socket's life: admitted on 'ready', kept alive by pings, its frames into the caches. */
function openSocket(
  client: QueryClient,
  store: DeskStore,
  on: { ready: () => void; end: (retry: boolean) => void },
) {
  const ws = new WebSocket(deskSocketUrl());
  let heard = true;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  const queueChanged = () => {
    clearTimeout(debounce);
    debounce = setTimeout(() => {
      void client.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'queue'] });
      void client.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'nav'] });
    }, QUEUE_DEBOUNCE_MS);
  };
  const resync = () => {
    store.connect((text) => ws.send(text));
    store.set({ live: true, problem: null });
    on.ready();
    store.send({ type: 'watch', id: store.watching });
    void invalidateDesk(client);
  };
  const ping = setInterval(() => {
    // Nothing since the last ping, not even its pong: the line is dead though the browser has not
    // noticed (its close handshake could wait long): count it closed and connect again now.
    if (!heard) {
      store.down();
      end(true);
      ws.close();
      return;
    }
    heard = false;
    if (ws.readyState === WebSocket.OPEN) ws.send(CONSOLE_SUPPORT_PING);
  }, DESK_PING_MS);
  ws.onmessage = (e: MessageEvent) => {
    heard = true;
    if (typeof e.data !== 'string' || e.data === CONSOLE_SUPPORT_PONG) return;
    const frame = parseFrame(e.data);
    if (frame) applyFrame(client, store, frame, { resync, queueChanged });
  };
  let ended = false;
  const end = (retry: boolean) => {
    if (ended) return;
    ended = true;
    clearInterval(ping);
    clearTimeout(debounce);
    ws.onmessage = ws.onclose = null;
    on.end(retry);
  };
  ws.onclose = (e: CloseEvent) => end(onClosed(client, store, e));
  /** Our own close (the screen left, or 重试): the caller decides what comes next. */
  return () => {
    end(false);
    ws.close();
  };
}

/**
 * The 客服工作台's socket while the screen is open: the queries stop polling while it is live and are
 * read again on every (re)connect; closed abnormally it comes back with backoff and jitter, polling
 * meanwhile.
 */
export function useDeskSocket(): void {
  const client = useQueryClient();
  useEffect(() => {
    const store = deskStore(client);
    if (typeof WebSocket === 'undefined') return;
    let closeSocket: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let gone = false;
    const connect = () => {
      clearTimeout(timer);
      closeSocket?.();
      store.set({ problem: null });
      closeSocket = openSocket(client, store, {
        ready: () => {
          attempt = 0;
        },
        end: (retry) => {
          closeSocket = null;
          if (gone || !retry) return;
          timer = setTimeout(connect, retryDelay(attempt));
          attempt += 1;
        },
      });
    };
    store.retry = connect;
    connect();
    return () => {
      gone = true;
      clearTimeout(timer);
      closeSocket?.();
      store.retry = () => undefined;
      store.down();
    };
  }, [client]);
}

/* The desk's socket, written by hand (no library): the page is Preact with a 60 KB budget, and the
 * protocol is a few JSON frames. Contract: "The desk page's socket" in @app/contract/support-desk. */
import {
  SUPPORT_PING,
  SUPPORT_PING_INTERVAL_MS,
  SUPPORT_SOCKET_CLOSE,
  SUPPORT_SOCKET_PATH,
  SupportServerFrame,
  type SupportClientFrame,
} from '@app/contract/support-desk';

/** Waits between attempts (the last repeats), each plus up to JITTER of itself, so pages spread out. */
export const BACKOFF_MS = [1000, 2000, 5000, 10_000];
const JITTER = 0.3;
/** Nothing heard (not even 'pong') for this long: the connection is dead though it looks open. */
export const SILENT_MS = SUPPORT_PING_INTERVAL_MS * 2.5;

export function backoffMs(attempt: number, random = Math.random): number {
  const base = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 10_000;
  return Math.round(base * (1 + JITTER * random()));
}

/**
 * The socket's address on the host the calls go to. They are relative paths, resolved against the
 * document's URL (`base`); in the opaque origin `location.origin`-like values may read "null".
 */
export function socketUrl(base: string): string {
  const url = new URL(SUPPORT_SOCKET_PATH, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.hash = '';
  url.search = '';
  return url.href;
}

/** Close codes after which reconnecting cannot help (the token, a block, too many sockets). */
const FINAL: ReadonlySet<number> = new Set(Object.values(SUPPORT_SOCKET_CLOSE));

export function readServerFrame(data: unknown): SupportServerFrame | null {
  if (typeof data !== 'string' || !data.startsWith('{')) return null; // 'pong' and binary frames
  try {
    const parsed = SupportServerFrame.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface SocketEvents {
  /** Authenticated: the server's first frame came (it sends `online` first). Time to resynchronise. */
  ready: () => void;
  /** Not live any more (dropped, or before the first ready); a reconnect is scheduled. */
  down: () => void;
  frame: (frame: SupportServerFrame) => void;
  /** Refused for good (4401 / 4403 / 4429): no reconnect until `retry()`. */
  refused: (code: number, reason: string) => void;
}

export interface DeskSocket {
  /** Sends a frame when live; false otherwise (typing marks are advisory: nothing is queued). */
  send: (frame: SupportClientFrame) => boolean;
  /** Connects again now (after a refusal, or instead of waiting out the delay). */
  retry: () => void;
  close: () => void;
}

function detach(ws: WebSocket): void {
  ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
  try {
    ws.close(1000);
  } catch {
    // Already closing: nothing to do.
  }
}

/** Keeps the desk's socket: auth first, 'ping' while open, reconnects with backoff until closed. */
class Keeper implements DeskSocket {
  private ws: WebSocket | null = null;
  private live = false;
  private attempt = 0;
  private heard = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  /** Back online while waiting: try now rather than at the end of the delay. */
  private readonly onOnline = () => {
    if (this.retryTimer !== undefined) this.connect();
  };

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly on: SocketEvents,
  ) {
    window.addEventListener('online', this.onOnline);
    this.connect();
  }

  send(frame: SupportClientFrame): boolean {
    if (!this.live || this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  retry(): void {
    if (this.stopped) return;
    this.attempt = 0;
    this.connect();
  }

  close(): void {
    this.stopped = true;
    window.removeEventListener('online', this.onOnline);
    this.stop();
  }

  private stop(): void {
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.retryTimer = this.pingTimer = undefined;
    if (this.ws) detach(this.ws);
    this.ws = null;
    this.live = false;
  }

  private connect(): void {
    this.stop();
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.heard = Date.now();
      ws.send(JSON.stringify({ type: 'auth', token: this.token } satisfies SupportClientFrame));
      this.pingTimer = setInterval(() => this.tick(ws), SUPPORT_PING_INTERVAL_MS);
    };
    ws.onmessage = (event: MessageEvent) => this.heardFrame(event.data);
    ws.onclose = (event: CloseEvent) => this.closed(event.code, event.reason);
  }

  private tick(ws: WebSocket): void {
    // A half-open connection (a phone changing networks) stays "open" without a word: drop it.
    if (Date.now() - this.heard > SILENT_MS) this.closed(1006, '');
    else ws.send(SUPPORT_PING);
  }

  private heardFrame(data: unknown): void {
    this.heard = Date.now();
    const frame = readServerFrame(data);
    if (!frame) return;
    if (!this.live) {
      this.live = true;
      this.attempt = 0;
      this.on.ready();
    }
    this.on.frame(frame);
  }

  private closed(code: number, reason: string): void {
    this.stop();
    if (this.stopped) return;
    if (FINAL.has(code)) {
      this.on.refused(code, reason);
      return;
    }
    this.on.down();
    this.retryTimer = setTimeout(() => this.connect(), backoffMs(this.attempt));
    this.attempt += 1;
  }
}

export function openDeskSocket(url: string, token: string, on: SocketEvents): DeskSocket {
  return new Keeper(url, token, on);
}

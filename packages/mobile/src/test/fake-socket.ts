import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A WebSocket that a test drives: `open()`, `receive(frame)`, `drop(code, reason)`; what the client
 * sent is in `sent`. `installFakeWebSocket()` puts it in place of the global (undo with
 * vi.unstubAllGlobals()); a socket a test does not open stays connecting.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  /** What new sockets do with 'ping' (installFakeWebSocket's option). */
  static answerPings = false;

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: string[] = [];
  /** The code the client closed with, or null. */
  closedByClient: number | null = null;
  /** The server answers 'ping' with 'pong' (off: a half-open connection that says nothing). */
  answersPing = FakeWebSocket.answerPings;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('InvalidStateError: not open');
    this.sent.push(data);
    if (data === 'ping' && this.answersPing) this.onmessage?.(new MessageEvent('message', { data: 'pong' }));
  }

  close(code = 1000): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.closedByClient = code;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  /* The server's side. */
  open(): void {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  receive(frame: string | object): void {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    act(() => this.onmessage?.(new MessageEvent('message', { data })));
  }

  drop(code = 1006, reason = ''): void {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      this.onerror?.(new Event('error'));
      this.onclose?.(new CloseEvent('close', { code, reason }));
    });
  }

  /** The JSON frames the client sent (pings left out). */
  get frames(): unknown[] {
    return this.sent.filter((s) => s !== 'ping').map((s) => JSON.parse(s) as unknown);
  }
}

/** The socket the client opened last. */
export function latestSocket(): FakeWebSocket {
  const ws = FakeWebSocket.instances.at(-1);
  if (!ws) throw new Error('no socket was opened');
  return ws;
}

export function installFakeWebSocket({ answersPing = false } = {}) {
  FakeWebSocket.instances = [];
  FakeWebSocket.answerPings = answersPing;
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return { all: () => FakeWebSocket.instances, latest: latestSocket };
}

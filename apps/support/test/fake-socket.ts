import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A WebSocket that a test drives: `open()`, `receive(frame)`, `drop(code, reason)`; what the page sent
 * is in `sent`. test/setup.ts installs it for every test (jsdom's own would try a real connection), so
 * a socket a test does not open stays connecting: the page polls as when it cannot open.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: string[] = [];
  closedByPage: number | null = null;
  /** The server answers 'ping' with 'pong' (off: a half-open connection that says nothing). */
  answersPing = true;
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
    this.closedByPage = code;
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

  /** The JSON frames the page sent (pings left out). */
  get frames(): unknown[] {
    return this.sent.filter((s) => s !== 'ping').map((s) => JSON.parse(s) as unknown);
  }
}

export function installFakeWebSocket(): void {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
}

/** The socket the page opened last. */
export function latestSocket(): FakeWebSocket {
  const ws = FakeWebSocket.instances.at(-1);
  if (!ws) throw new Error('no socket was opened');
  return ws;
}

import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A WebSocket that a test drives: `open()`, `receive(frame)`, `drop()`; what the app sent is in
 * `sent`. `installFakeWebSocket()` puts it in place of the global (undo with vi.unstubAllGlobals()).
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: string[] = [];
  closedByApp: number | null = null;
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
  }

  close(code = 1000): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.closedByApp = code;
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

  /** The JSON frames the app sent (pings left out). */
  get messages(): unknown[] {
    return this.sent.filter((s) => s !== 'ping').map((s) => JSON.parse(s) as unknown);
  }
}

export function installFakeWebSocket() {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return {
    all: () => FakeWebSocket.instances,
    latest: (): FakeWebSocket => {
      const ws = FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
      if (!ws) throw new Error('no socket was opened');
      return ws;
    },
  };
}

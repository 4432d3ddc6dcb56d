import { act } from '@testing-library/react';

/**
 * A WebSocket for tests (stub it as globalThis.WebSocket): it stays connecting until `open()`, takes
 * the server's frames by `push`, and closes by `drop(code)` as the server or the network would.
 */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket made, oldest first. */
  static all: FakeSocket[] = [];
  static last(): FakeSocket {
    const s = FakeSocket.all.at(-1);
    if (!s) throw new Error('no socket opened');
    return s;
  }

  readyState = FakeSocket.CONNECTING;
  readonly sent: string[] = [];
  /** When each of `sent` went (Date.now(), fake or not). */
  readonly sentAt: number[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(text: string): void {
    if (this.readyState !== FakeSocket.OPEN) throw new Error('send on a socket not open');
    this.sent.push(text);
    this.sentAt.push(Date.now());
  }

  /** The JSON frames sent (not the pings). */
  frames(): unknown[] {
    return this.sent.filter((t) => t !== 'ping').map((t) => JSON.parse(t) as unknown);
  }

  close(): void {
    this.readyState = FakeSocket.CLOSED;
  }

  /** Admitted: open, then the server's 'ready'. */
  ready(): void {
    act(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.(new Event('open'));
    });
    this.push({ type: 'ready', operator_id: 7 });
  }

  push(frame: unknown): void {
    act(() => {
      const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
      this.onmessage?.(new MessageEvent('message', { data }));
    });
  }

  drop(code: number, reason = ''): void {
    act(() => {
      this.readyState = FakeSocket.CLOSED;
      this.onclose?.(new CloseEvent('close', { code, reason, wasClean: code !== 1006 }));
    });
  }
}

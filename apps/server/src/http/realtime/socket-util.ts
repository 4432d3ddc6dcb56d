import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';

/** A client this far behind on reading what we send is not reading: drop it rather than buffer more. */
export const SOCKET_MAX_BUFFERED_BYTES = 512 * 1024;

/** A text frame's text, whatever shape ws handed it in. */
export function frameText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/**
 * Sends to a socket while it is open; a socket whose client stopped reading (over
 * SOCKET_MAX_BUFFERED_BYTES waiting) is cut instead, so one slow client cannot grow our memory.
 */
export function socketSender(socket: WebSocket, log: Pick<FastifyBaseLogger, 'info'>) {
  return (text: string): void => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > SOCKET_MAX_BUFFERED_BYTES) {
      log.info('socket not reading; dropped');
      socket.terminate();
      return;
    }
    socket.send(text);
  };
}

/** Serialised once per object, however many sockets of this process it goes to. */
const wireCache = new WeakMap<object, string>();
export function wire(frame: object): string {
  let text = wireCache.get(frame);
  if (text === undefined) wireCache.set(frame, (text = JSON.stringify(frame)));
  return text;
}

/* The desk's sockets in tests: the members' app and the console both listening, a page socket that
 * has sent its auth frame, and a console socket with the operator's cookie and the console's Origin. */
import { CONSOLE_SUPPORT_SOCKET_PATH } from '@app/contract/console-support-socket';
import { CONSOLE_SESSION_COOKIE } from '@app/contract/console-define';
import { SUPPORT_SOCKET_PATH } from '@app/contract/support-desk';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { listeningTestApp, SocketClient, type ListeningApp } from '../chat/test-support';

export interface DeskSockets {
  t: ListeningApp;
  c: TestConsole;
  consoleOrigin: string;
  /** A page socket, authenticated with `token` (waits for its first frame: online). */
  page(token: string | null): Promise<SocketClient>;
  /** A console socket of `op` (waits for 'ready' unless refused). */
  desk(op: ConsoleAgent | null, origin?: string | null): Promise<SocketClient>;
  close(): Promise<void>;
}

export async function deskSockets(): Promise<DeskSockets> {
  const t = await listeningTestApp();
  const c = await buildTestConsole(t);
  await c.app.listen({ port: 0, host: '127.0.0.1' });
  const address = c.app.server.address();
  const consolePort = typeof address === 'object' && address ? address.port : 0;
  const consoleOrigin = `http://127.0.0.1:${consolePort}`;
  const opened: SocketClient[] = [];
  return {
    t,
    c,
    consoleOrigin,
    async page(token) {
      const s = await SocketClient.open(`ws://127.0.0.1:${t.port}${SUPPORT_SOCKET_PATH}`);
      opened.push(s);
      if (token !== null) s.send({ type: 'auth', token });
      return s;
    },
    async desk(op, origin = consoleOrigin) {
      const headers: Record<string, string> = {};
      if (origin) headers.origin = origin;
      if (op) headers.cookie = `${CONSOLE_SESSION_COOKIE}=${op.cookie}`;
      const s = await SocketClient.open(`ws://127.0.0.1:${consolePort}${CONSOLE_SUPPORT_SOCKET_PATH}`, {
        headers,
      });
      opened.push(s);
      return s;
    },
    async close() {
      await Promise.all(opened.map((s) => s.close()));
      await c.close();
      await t.close();
    },
  };
}

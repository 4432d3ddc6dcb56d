/**
 * Issue 34 across processes: two real servers on one PostgreSQL database. A member's page socket on
 * process 1 and an operator's console socket on process 2 talk in real time both ways (messages, the
 * assignment, typing) through the room bus's LISTEN/NOTIFY. PostgreSQL only (server-pg project).
 */
import { randomBytes } from 'node:crypto';
import { CONSOLE_SESSION_COOKIE, CSRF_HEADER } from '@app/contract/console-define';
import { CONSOLE_SUPPORT_SOCKET_PATH } from '@app/contract/console-support-socket';
import { SUPPORT_SOCKET_PATH } from '@app/contract/support-desk';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createOperator, currentTotp } from '../../identity/operators';
import { post, startTwoServers, type Server, type TwoServers } from '../../../test/processes';
import { OPERATOR_TEST_PASSWORD } from '../../../test/console-helpers';
import { SocketClient } from '../chat/test-support';

const info = inject('serverTestDb');
const adminUrl = info.kind === 'postgres' ? info.adminUrl : undefined;

/** A console call over HTTP with the session cookie and CSRF token. */
async function consoleCall(
  s: Server,
  path: string,
  opts: { cookie?: string; csrf?: string; body?: unknown },
) {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = `${CONSOLE_SESSION_COOKIE}=${opts.cookie}`;
  if (opts.csrf) headers[CSRF_HEADER] = opts.csrf;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${s.console}${path}`, {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const json = (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
  const cookie = new RegExp(`${CONSOLE_SESSION_COOKIE}=([^;]+)`).exec(
    res.headers.get('set-cookie') ?? '',
  )?.[1];
  if (json.code !== 200) throw new Error(`${path}: ${json.message}`);
  return { data: json.data, cookie };
}

/** A 客服 signed in on `s`'s console (new password, TOTP), as the console does it. */
async function signInSupport(s: Server, db: DatabaseHandle) {
  const name = `mpk${randomBytes(4).toString('hex')}`;
  const { operator, password } = await createOperator(db.db, name, 'support');
  const login = await consoleCall(s, '/api/login', { body: { name, password } });
  const cookie = login.cookie ?? '';
  let csrf = String(login.data.csrf);
  await consoleCall(s, '/api/login/password', { cookie, csrf, body: { password: OPERATOR_TEST_PASSWORD } });
  const secret = String((await consoleCall(s, '/api/login/enroll', { cookie })).data.secret);
  csrf = String(
    (await consoleCall(s, '/api/login/totp', { cookie, csrf, body: { code: currentTotp(secret) } })).data
      .csrf,
  );
  return { id: operator.id, cookie, csrf };
}

describe.runIf(adminUrl)('the support desk on two server processes', () => {
  const sockets: SocketClient[] = [];
  let two: TwoServers;
  let p1: Server;
  let p2: Server;

  beforeAll(async () => {
    two = await startTwoServers(adminUrl ?? '', 'mpd');
    ({ p1, p2 } = two);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await two?.stop();
  }, 30_000);

  it('a member on process 1 and a 客服 on process 2 talk in real time', async () => {
    // The 客服, online, its console socket on process 2.
    const op = await signInSupport(p2, two.database);
    await consoleCall(p2, '/api/support/presence', {
      cookie: op.cookie,
      csrf: op.csrf,
      body: { online: true },
    });
    const desk = await SocketClient.open(
      `${p2.console.replace(/^http/, 'ws')}${CONSOLE_SUPPORT_SOCKET_PATH}`,
      {
        headers: { cookie: `${CONSOLE_SESSION_COOKIE}=${op.cookie}`, origin: p2.console },
      },
    );
    sockets.push(desk);
    await desk.nextJson({ type: 'ready' });

    // The member, on process 1: getservicerurl's ticket, a support token, the page's socket.
    const name = `mpm${randomBytes(4).toString('hex')}`;
    const reg = { name, password: 'secret123', confirmPass: 'secret123', code: 'abcd' };
    const { api_token } = await post<{ api_token: string }>(p1, '/api/register', reg);
    const { url } = await post<{ url: string }>(p1, '/api/getservicerurl', {}, api_token);
    const ticket = /[?&]t=([^&]+)$/.exec(url)?.[1] ?? '';
    const { token } = await post<{ token: string }>(p1, '/api/support/ticket', { ticket });
    const page = await SocketClient.open(`${p1.ws}${SUPPORT_SOCKET_PATH}`);
    sockets.push(page);
    page.send({ type: 'auth', token });
    expect(await page.nextJson({ type: 'online' })).toEqual({ type: 'online', online: true });

    // Member → 客服: the queue change and the message reach process 2.
    const sent = await post<{ conversation: { id: number } }>(
      p1,
      '/api/support/send',
      { text: '存款未到账' },
      token,
    );
    const id = sent.conversation.id;
    await desk.nextJson({ type: 'queue', change: 'assigned' });
    await desk.next((f) => f.includes('"type":"message"') && f.includes('存款未到账'), 5000);
    await page.nextJson({ type: 'state', change: 'assigned' });

    // Typing both ways, then 客服 → member: the reply reaches process 1.
    page.send({ type: 'typing', on: true });
    await desk.nextJson({ type: 'typing', conversation_id: id, on: true });
    desk.send({ type: 'typing', id, on: true });
    await page.nextJson({ type: 'typing', conversation_id: id, on: true });
    await consoleCall(p2, '/api/support/reply', {
      cookie: op.cookie,
      csrf: op.csrf,
      body: { id, text: '请稍等，正在查询' },
    });
    const reply = JSON.parse(await page.next((f) => f.includes('请稍等，正在查询'), 5000)) as Record<
      string,
      unknown
    >;
    expect(reply).toMatchObject({ type: 'message', conversation_id: id, message: { sender: 'operator' } });
  }, 60_000);
});

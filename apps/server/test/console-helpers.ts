import type { OperatorRole } from '@app/contract/console-define';
import { CONSOLE_SESSION_COOKIE, CSRF_HEADER } from '@app/contract/console-define';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildConsoleApp } from '../src/console/app';
import { seedPictures } from '../src/seed/assets';
import { createOperator, currentTotp } from '../src/identity/operators';
import { buildTestApp, type Reply, type TestApp } from './helpers';

/** One signed-in console operator: calls carry its cookie and CSRF token. */
export interface ConsoleAgent {
  id: number;
  name: string;
  role: OperatorRole;
  csrf: string;
  cookie: string;
  get(path: string, query?: Record<string, string>): Promise<Reply>;
  post(path: string, body?: unknown, opts?: { csrf?: string | null; remoteAddress?: string }): Promise<Reply>;
}

export interface TestConsole {
  app: FastifyInstance;
  /** Sends a request with no session (or the given cookie). */
  send(
    method: 'GET' | 'POST',
    path: string,
    opts?: { body?: unknown; cookie?: string; headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<Reply>;
  /** Creates an operator of `role` and signs it in (new password, TOTP enrolment, code). */
  signIn(role: OperatorRole, name?: string): Promise<ConsoleAgent>;
  close(): Promise<void>;
}

/** The console session's Set-Cookie line of a reply ('' when it sets none). */
export function cookieLineOf(r: Pick<Reply, 'headers'>): string {
  const raw = r.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : [String(raw ?? '')];
  return lines.find((l) => l.startsWith(`${CONSOLE_SESSION_COOKIE}=`)) ?? '';
}

/** The console session cookie a reply sets ('' when none). */
export const cookieOf = (r: Pick<Reply, 'headers'>): string =>
  cookieLineOf(r).split(';')[0]?.split('=')[1] ?? '';

let counter = 0;
export const OPERATOR_TEST_PASSWORD = 'console-pass-123';

/** The console's app on a test app's database and bus, called through `inject`. */
export async function buildTestConsole(t: TestApp): Promise<TestConsole> {
  const app = await buildConsoleApp({
    config: t.config,
    db: t.db,
    roomBus: t.app.roomBus,
    pictures: seedPictures(),
  });
  await app.ready();

  const send: TestConsole['send'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.cookie) headers.cookie = `${CONSOLE_SESSION_COOKIE}=${opts.cookie}`;
    const res = await app.inject({
      method,
      url: path,
      headers,
      remoteAddress: opts.remoteAddress ?? '127.0.0.1',
      ...(opts.body !== undefined ? { payload: opts.body as Record<string, unknown> } : {}),
    });
    let body: Reply['body'] = null;
    try {
      body = JSON.parse(res.body) as Reply['body'];
    } catch {
      body = null;
    }
    return { status: res.statusCode, body, headers: res.headers, text: res.body };
  };

  return {
    app,
    send,
    async signIn(role, name) {
      counter += 1;
      const opName = name ?? `op_${role}_${process.pid % 10000}_${counter}`;
      const { operator, password } = await createOperator(t.db, opName, role);
      const login = await send('POST', '/api/login', { body: { name: opName, password } });
      if (login.body?.code !== 200) throw new Error(`console login failed: ${login.text}`);
      const cookie = cookieOf(login);
      if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(login.headers['set-cookie'])}`);
      let csrf = (login.body.data as { csrf: string }).csrf;
      const step = (path: string, body: unknown) =>
        send('POST', path, { body, cookie, headers: { [CSRF_HEADER]: csrf } });
      const set = await step('/api/login/password', { password: OPERATOR_TEST_PASSWORD });
      if (set.body?.code !== 200) throw new Error(`set password failed: ${set.text}`);
      const enroll = await send('GET', '/api/login/enroll', { cookie });
      const secret = (enroll.body?.data as { secret: string }).secret;
      const verify = await step('/api/login/totp', { code: currentTotp(secret) });
      if (verify.body?.code !== 200) throw new Error(`totp failed: ${verify.text}`);
      csrf = (verify.body.data as { csrf: string }).csrf;
      return {
        id: operator.id,
        name: opName,
        role,
        csrf,
        cookie,
        get: (path, query) =>
          send('GET', query ? `${path}?${new URLSearchParams(query).toString()}` : path, { cookie }),
        post: (path, body, opts = {}) =>
          send('POST', path, {
            body: body ?? {},
            cookie,
            remoteAddress: opts.remoteAddress,
            headers: opts.csrf === null ? {} : { [CSRF_HEADER]: opts.csrf ?? csrf },
          }),
      };
    },
    close: () => app.close(),
  };
}

/**
 * A change that went to 待复核, approved by `checker`: the approval's reply (its item's status says
 * whether the change ran). A reply that is not a ticket (a refusal) is answered as it is.
 */
export async function approvedBy(checker: ConsoleAgent, submitted: Reply): Promise<Reply> {
  const ticket = submitted.body?.data as { review_id?: number } | null | undefined;
  if (submitted.status !== 200 || !ticket?.review_id) return submitted;
  return checker.post('/api/approvals/decide', { id: ticket.review_id, approve: true, note: '' });
}

/** A test file's app and console, with one operator of `role` signed in (read them inside tests). */
export interface ConsoleSuite {
  t: TestApp;
  c: TestConsole;
  operator: ConsoleAgent;
}

/** Builds a {@link ConsoleSuite} before the file's tests and closes it after them. */
export function consoleSuite(role: OperatorRole): ConsoleSuite {
  const suite = {} as ConsoleSuite;
  beforeAll(async () => {
    suite.t = await buildTestApp();
    suite.c = await buildTestConsole(suite.t);
    suite.operator = await suite.c.signIn(role);
  }, 60_000);
  afterAll(async () => {
    await suite.c.close();
    await suite.t.close();
  });
  return suite;
}

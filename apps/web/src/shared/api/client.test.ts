import { balance, user } from '@app/contract/auth';
import { defineCall, type WireEnvelope } from '@app/contract/define';
import { gameList } from '@app/contract/games';
import { app, bannerList } from '@app/contract/site';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fail, networkError, raw, reply, replyWith } from '@app/mobile/test/msw-contract';
import { MEMBER, SITE } from '@test/msw/fixtures';
import { failure, moneyCall } from '@test/api-calls';
import { server } from '@test/msw/server';
import { sessionActions } from '@/shared/session/store';
import {
  ApiError,
  BUSY_RETRY_DELAYS_MS,
  call,
  MSG_BLOCKED,
  MSG_FORMAT,
  MSG_NETWORK,
  MSG_SERVER,
  MSG_SESSION_OVER,
  MSG_TIMEOUT,
  send,
  setSessionOverHandler,
  TIMEOUT_MS,
} from './client';
import { endsIntent } from './intent';

/** A money call and a multipart call, shaped like the contract's. */
const uploadCall = defineCall({
  name: 'uploadimg',
  method: 'POST',
  path: '/api/uploadimg',
  request: z.object({ file: z.instanceof(Blob), note: z.string() }),
  response: z.unknown(),
  multipart: true,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('a successful call', () => {
  it('returns the normalised data and the message', async () => {
    server.use(reply(app, SITE, '成功'));
    const { data, message } = await send(app);
    expect(message).toBe('成功');
    expect(data).toMatchObject({ title: '测试娱乐城', open: true, repairTips: '' });
    await expect(call(app)).resolves.toMatchObject({ title: '测试娱乐城' });
  });

  it('sends a JSON body for POST and the bearer token when logged in', async () => {
    let seen: { auth: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      replyWith(bannerList, async (request) => {
        seen = {
          auth: request.headers.get('Authorization'),
          type: request.headers.get('Content-Type'),
          body: await request.json(),
        };
        return [];
      }),
    );
    sessionActions.signIn('tok-1', false);
    await call(bannerList, { type: 2 });
    expect(seen).toEqual({ auth: 'Bearer tok-1', type: 'application/json', body: { type: 2 } });
  });

  it('sends no Authorization header without a token, and {} for a call with nothing to send', async () => {
    let seen: { auth: string | null; body: unknown } | undefined;
    server.use(
      replyWith(app, async (request) => {
        seen = { auth: request.headers.get('Authorization'), body: await request.json() };
        return SITE;
      }),
    );
    await call(app);
    expect(seen).toEqual({ auth: null, body: {} });
  });

  it('puts the input of a GET in the query string', async () => {
    let url: URL | undefined;
    server.use(
      replyWith(gameList, (request) => {
        url = new URL(request.url);
        return [];
      }),
    );
    await call(gameList, { category: 'sport' });
    expect(url?.pathname).toBe('/api/game/list');
    expect(url?.searchParams.get('category')).toBe('sport');
  });

  it('sends FormData for a multipart call', async () => {
    let form: FormData | undefined;
    server.use(
      http.post('/api/uploadimg', async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json({ code: 200, message: '上传成功', data: null });
      }),
    );
    await call(uploadCall, { file: new Blob(['gif'], { type: 'image/gif' }), note: 'avatar' });
    expect(form?.get('note')).toBe('avatar');
    expect(form?.get('file')).toMatchObject({ size: 3, type: 'image/gif' }); // a Blob, of whichever realm
  });

  it('sends the Idempotency-Key of a money call, and refuses a money call without one', async () => {
    let key: string | null = null;
    server.use(
      http.post('/api/transfer', ({ request }) => {
        key = request.headers.get('Idempotency-Key');
        return HttpResponse.json({ code: 200, message: '操作成功！', data: null });
      }),
    );
    await expect(send(moneyCall, { amount: 1 }, { idempotencyKey: 'intent-1' })).resolves.toMatchObject({
      message: '操作成功！',
    });
    expect(key).toBe('intent-1');
    await expect(send(moneyCall, { amount: 1 })).rejects.toThrow(/idempotencyKey/);
  });

  it('uses VITE_API_BASE as the origin of every call', async () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.com/');
    vi.resetModules();
    const fresh = await import('./client');
    server.use(
      http.post('https://api.example.com/api/app', () =>
        HttpResponse.json({ code: 200, message: '', data: SITE } satisfies WireEnvelope),
      ),
    );
    await expect(fresh.call(app)).resolves.toMatchObject({ title: '测试娱乐城' });
    expect(fresh.assetUrl('/assets-seed/a.png')).toBe('https://api.example.com/assets-seed/a.png');
    expect(fresh.assetUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  });
});

describe('failures become an ApiError with a message a person can read', () => {
  it('a business error (400) carries the server message', async () => {
    server.use(fail(app, 400, '用户名已存在'));
    const error = await failure(call(app));
    expect(error).toMatchObject({ message: '用户名已存在', code: 400, kind: 'business' });
  });

  it('a non-200 code in an HTTP 200 reply is an error too', async () => {
    server.use(
      http.post('/api/app', () => HttpResponse.json({ code: 429, message: '操作过于频繁', data: null })),
    );
    expect(await failure(call(app))).toMatchObject({ message: '操作过于频繁', code: 429 });
  });

  it('a 500 with an envelope carries its message; without one, 服务器异常', async () => {
    server.use(fail(app, 500, '内部错误'));
    expect(await failure(call(app))).toMatchObject({ message: '内部错误', code: 500, kind: 'server' });
    server.use(raw(app, '', { status: 502 }));
    expect(await failure(call(app))).toMatchObject({ message: MSG_SERVER, kind: 'server' });
  });

  it('a non-JSON reply (an HTML error page) is 服务器异常，请稍后再试', async () => {
    server.use(raw(app, '<!doctype html><h1>502 Bad Gateway</h1>', { status: 200 }));
    expect(await failure(call(app))).toMatchObject({ message: MSG_SERVER, kind: 'server' });
  });

  it('HTTP 403 is a blocked account, unless the body says more', async () => {
    server.use(raw(app, '<h1>Forbidden</h1>', { status: 403 }));
    expect(await failure(call(app))).toMatchObject({ message: MSG_BLOCKED, code: 403, kind: 'blocked' });
    server.use(fail(app, 403, '账号已停用'));
    expect(await failure(call(app))).toMatchObject({ message: '账号已停用', kind: 'blocked' });
  });

  it('HTTP 422 {message, errors} becomes its message, or the first of its errors', async () => {
    server.use(
      http.post('/api/app', () =>
        HttpResponse.json({ message: '提交的数据无效', errors: { name: ['用户名已存在'] } }, { status: 422 }),
      ),
    );
    expect(await failure(call(app))).toMatchObject({ message: '提交的数据无效', code: 422 });
    server.use(
      http.post('/api/app', () =>
        HttpResponse.json({ errors: { name: ['用户名已存在'], password: ['密码太短'] } }, { status: 422 }),
      ),
    );
    expect(await failure(call(app))).toMatchObject({ message: '用户名已存在', code: 422 });
    server.use(http.post('/api/app', () => HttpResponse.json({ errors: ['请输入手机号'] }, { status: 422 })));
    expect(await failure(call(app))).toMatchObject({ message: '请输入手机号' });
  });

  it('a reply whose data breaks the contract is 数据格式错误, with the issues in the console in dev', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(
      http.post('/api/user', () => HttpResponse.json({ code: 200, message: '', data: { username: 'x' } })),
    );
    expect(await failure(call(user))).toMatchObject({ message: MSG_FORMAT, kind: 'format' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('user'), expect.any(Array));
  });

  it('a JSON reply that is not an envelope is 数据格式错误', async () => {
    server.use(raw(app, '{"hello":"world"}', { status: 200, contentType: 'application/json' }));
    expect(await failure(call(app))).toMatchObject({ message: MSG_FORMAT, kind: 'format' });
  });

  it('no answer at all is a network error', async () => {
    server.use(networkError(app));
    expect(await failure(call(app))).toMatchObject({ message: MSG_NETWORK, code: 0, kind: 'network' });
  });

  it('a reply that never comes is 请求超时，请稍后再试 after 30 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stalled = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', stalled);
    const pending = failure(call(app));
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ message: MSG_TIMEOUT, kind: 'timeout' });
    expect(stalled).toHaveBeenCalledOnce();
  });

  it('a call cancelled by its caller rejects with the abort, not an error to show', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = call(app, undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('401 ends the session', () => {
  it('HTTP 401 runs the session-over flow and fails the call', async () => {
    const over = vi.fn();
    setSessionOverHandler(over);
    sessionActions.signIn('tok-401', false);
    server.use(fail(balance, 401, 'Unauthenticated.'));
    expect(await failure(call(balance))).toMatchObject({
      message: MSG_SESSION_OVER,
      code: 401,
      kind: 'session',
    });
    expect(over).toHaveBeenCalledOnce();
  });

  it('body code 401 in an HTTP 200 reply does the same', async () => {
    const over = vi.fn();
    setSessionOverHandler(over);
    sessionActions.signIn('tok-401b', false);
    server.use(http.post('/api/user', () => HttpResponse.json({ code: 401, message: '请登录', data: null })));
    expect(await failure(call(user))).toMatchObject({ kind: 'session' });
    expect(over).toHaveBeenCalledOnce();
  });

  it('several calls failing together end the session once', async () => {
    const over = vi.fn();
    setSessionOverHandler(over);
    sessionActions.signIn('tok-many', false);
    server.use(fail(balance, 401, ''), fail(user, 401, ''));
    await Promise.allSettled([call(balance), call(user), call(balance), call(user)]);
    expect(over).toHaveBeenCalledOnce();
  });

  it('a 401 without a token (a visitor) is only an error', async () => {
    const over = vi.fn();
    setSessionOverHandler(over);
    server.use(fail(user, 401, ''));
    expect(await failure(call(user))).toMatchObject({ message: '请先登录', kind: 'session' });
    expect(over).not.toHaveBeenCalled();
  });
});

describe('the contract normalises what real back ends send', () => {
  it('user id as id, user_id or uid; money as string or number; VIP as P3, VIP3 or 3', async () => {
    const { id: _id, ...rest } = MEMBER;
    for (const [wire, id] of [
      [{ ...rest, user_id: '42', balance: 12.5, vip: 'VIP4', current_vip: null }, 42],
      [{ ...rest, uid: 43, balance: '12.50', vip: 4, current_vip: '' }, 43],
    ] as const) {
      server.use(reply(user, wire));
      await expect(call(user)).resolves.toMatchObject({ id, balance: 1250, vipLevel: 4 });
    }
  });

  it('banner picture as src or pic; an empty list as [], null or missing', async () => {
    server.use(reply(bannerList, [{ src: '/a.jpg' }, { pic: '/b.jpg' }]));
    await expect(call(bannerList, { type: 2 })).resolves.toEqual([
      { src: '/a.jpg', link: '' },
      { src: '/b.jpg', link: '' },
    ]);
    for (const empty of [[], null, undefined]) {
      server.use(reply(bannerList, empty));
      await expect(call(bannerList, { type: 2 })).resolves.toEqual([]);
    }
  });
});

describe('a money call keeps its Idempotency-Key', () => {
  const envelope = (code: number, message: string) =>
    new Response(JSON.stringify({ code, message, data: null }), {
      status: code,
      headers: { 'Content-Type': 'application/json' },
    });
  /** fetch answering `answers` in turn, recording the key of each request. */
  function answering(...answers: (() => Response)[]) {
    const keys: (string | null)[] = [];
    const fetchMock = vi.fn((_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('Idempotency-Key'));
      const next = answers[keys.length - 1] ?? answers[answers.length - 1];
      return Promise.resolve(next ? next() : envelope(200, '成功'));
    });
    vi.stubGlobal('fetch', fetchMock);
    return keys;
  }
  const busy = () => envelope(409, '请求处理中，请稍后再试');

  it('after 409 请求处理中 it is sent again by itself with the same key, until it is answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const keys = answering(busy, busy, () => envelope(200, '转账成功'));
    const pending = send(moneyCall, { amount: 1 }, { idempotencyKey: 'intent-b' });
    await vi.advanceTimersByTimeAsync(BUSY_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    await expect(pending).resolves.toMatchObject({ message: '转账成功' });
    expect(keys).toEqual(['intent-b', 'intent-b', 'intent-b']);
  });

  it('still busy after its retries: kind busy, which keeps the intent (its key) open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const keys = answering(busy);
    const pending = failure(send(moneyCall, { amount: 1 }, { idempotencyKey: 'intent-c' }));
    await vi.advanceTimersByTimeAsync(BUSY_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    const error = await pending;
    expect(error).toMatchObject({ code: 409, kind: 'busy', message: '请求处理中，请稍后再试' });
    expect(endsIntent(error)).toBe(false);
    expect(keys).toEqual(Array(BUSY_RETRY_DELAYS_MS.length + 1).fill('intent-c'));
  });

  it('a refusal is not sent again and ends the intent; the same key for another request too', async () => {
    const keys = answering(
      () => envelope(400, '余额不足'),
      () => envelope(409, '幂等键已用于其他请求'),
    );
    const refused = await failure(send(moneyCall, { amount: 1 }, { idempotencyKey: 'intent-d' }));
    expect([refused.kind, endsIntent(refused)]).toEqual(['business', true]);
    const reused = await failure(send(moneyCall, { amount: 2 }, { idempotencyKey: 'intent-d' }));
    expect([reused.kind, endsIntent(reused)]).toEqual(['business', true]);
    expect(keys).toEqual(['intent-d', 'intent-d']);
  });

  it('no answer, a timeout, a 5xx or an unreadable reply leave the outcome open: the intent keeps its key', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const lost = await failure(send(moneyCall, { amount: 1 }, { idempotencyKey: 'intent-e' }));
    expect([lost.kind, endsIntent(lost)]).toEqual(['network', false]);
    answering(() => envelope(500, '服务器异常'));
    const down = await failure(send(moneyCall, { amount: 1 }, { idempotencyKey: 'intent-e' }));
    expect([down.kind, endsIntent(down)]).toEqual(['server', false]);
    answering(
      () => new Response('{"done":true}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const odd = await failure(send(moneyCall, { amount: 1 }, { idempotencyKey: 'intent-e' }));
    expect([odd.kind, endsIntent(odd)]).toEqual(['format', false]);
    expect(endsIntent(new ApiError(MSG_TIMEOUT, 0, 'timeout'))).toBe(false);
  });

  it('a call that moves no money is not sent again after 409 请求处理中', async () => {
    const keys = answering(busy, () => envelope(200, '成功'));
    const error = await failure(send(app));
    expect(error.kind).toBe('busy');
    expect(keys).toHaveLength(1);
  });
});

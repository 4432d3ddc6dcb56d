import { agentInviteCreate, agentOverview, MSG_AGENT_FROZEN_OFFICE } from '@app/contract/agent-office';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, networkError, raw, reply } from '@app/mobile/test/msw-contract';
import {
  ApiError,
  call,
  MSG_FORMAT,
  MSG_SERVER,
  MSG_SESSION_OVER,
  setSessionOverHandler,
} from '@/shared/api/client';
import { sessionActions } from '@/shared/session/store';
import { OVERVIEW, TOKEN } from './msw/fixtures';
import { server } from './msw/server';

afterEach(() => setSessionOverHandler(null));

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('the API client', () => {
  it('sends the session token and parses the reply by the contract (money in cents)', async () => {
    let auth = '';
    server.use(
      http.post(agentOverview.path, ({ request }) => {
        auth = request.headers.get('Authorization') ?? '';
        return HttpResponse.json({ code: 200, message: 'ok', data: OVERVIEW });
      }),
    );
    sessionActions.signIn(TOKEN);
    const data = await call(agentOverview);
    expect(auth).toBe(`Bearer ${TOKEN}`);
    expect(data.carried).toBe(-12_000);
    expect(data.period?.start).toBe(Date.parse('2026-10-31T16:00:00Z'));
  });

  it('401 with the session: ends it once, with the server message (or the default)', async () => {
    const ended = vi.fn();
    setSessionOverHandler(ended);
    sessionActions.signIn(TOKEN);
    server.use(fail(agentOverview, 401, ''));
    const error = await failure(call(agentOverview));
    expect(error).toMatchObject({ kind: 'session', message: MSG_SESSION_OVER });
    await failure(call(agentOverview));
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith(MSG_SESSION_OVER);
  });

  it('403: the back office is closed to this member (frozen agent), the session ends with the reason', async () => {
    const ended = vi.fn();
    setSessionOverHandler(ended);
    sessionActions.signIn(TOKEN);
    server.use(fail(agentOverview, 403, MSG_AGENT_FROZEN_OFFICE));
    expect(await failure(call(agentOverview))).toMatchObject({
      kind: 'forbidden',
      message: MSG_AGENT_FROZEN_OFFICE,
    });
    expect(ended).toHaveBeenCalledWith(MSG_AGENT_FROZEN_OFFICE);
  });

  it('a call with another token than the session’s never ends the session', async () => {
    const ended = vi.fn();
    setSessionOverHandler(ended);
    sessionActions.signIn(TOKEN);
    server.use(fail(agentOverview, 403, '您还不是代理'));
    await failure(call(agentOverview, undefined, { token: 'someone-else' }));
    expect(ended).not.toHaveBeenCalled();
  });

  it('422: the first message of its errors', async () => {
    server.use(
      http.post(agentInviteCreate.path, () =>
        HttpResponse.json(
          { message: '', errors: { days: ['有效天数为0-365（0为长期有效）'] } },
          { status: 422 },
        ),
      ),
    );
    const error = await failure(call(agentInviteCreate, { kind: 'member', days: 999, max_uses: 0 }));
    expect(error).toMatchObject({ kind: 'business', message: '有效天数为0-365（0为长期有效）' });
  });

  it('an HTML error page, a broken reply and no answer each have their message', async () => {
    server.use(raw(agentOverview, '<html>oops</html>', { status: 500 }));
    expect(await failure(call(agentOverview))).toMatchObject({ kind: 'server', message: MSG_SERVER });
    server.use(reply(agentOverview, { ...OVERVIEW, status: 'bogus' as 'active' }));
    expect(await failure(call(agentOverview))).toMatchObject({ kind: 'format', message: MSG_FORMAT });
    server.use(networkError(agentOverview));
    expect(await failure(call(agentOverview))).toMatchObject({ kind: 'network' });
  });

  it('times out with its own message', async () => {
    server.use(http.post(agentOverview.path, () => new Promise<Response>(() => undefined)));
    const error = await failure(call(agentOverview, undefined, { timeoutMs: 50 }));
    expect(error).toMatchObject({ kind: 'timeout', message: '请求超时，请稍后再试' });
  });
});

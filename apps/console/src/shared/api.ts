import { BACKGROUND_HEADER, CSRF_HEADER } from '@app/contract/console-define';
import { Envelope, type CallDef, type DataOf, type RequestOf } from '@app/contract/define';

/** A refusal or failure of a console call, with the server's Chinese message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const MSG_NETWORK = '网络异常，请检查网络后重试';
export const MSG_BAD_REPLY = '服务器返回了无法识别的数据';

let csrf = '';
/** The session's CSRF token, sent with every write (from the sign-in steps and consoleSession). */
export function setCsrf(token: string): void {
  csrf = token;
}

let signedOut: (() => void) | null = null;
/** What to do when a call answers 401 (the session ended: idle, signed out elsewhere, disabled). */
export function onSignedOut(handler: (() => void) | null): void {
  signedOut = handler;
}

/**
 * Makes one console call: GET fields in the query, POST fields as JSON with the CSRF header; the
 * envelope and its data checked against the contract. Throws ApiError with the message to show.
 * `background`: the console asks on its own (a queue's refresh), which does not keep the session alive.
 */
export async function callApi<C extends CallDef>(
  call: C,
  input?: RequestOf<C>,
  opts: { background?: boolean } = {},
): Promise<DataOf<C>> {
  return (await callApiReply(call, input, opts)).data;
}

/** A call's data with the server's message (e.g. 已提交复核…, when a change went to 待复核). */
export interface Reply<T> {
  data: T;
  message: string;
}

/** callApi, keeping the envelope's message beside the data. */
export async function callApiReply<C extends CallDef>(
  call: C,
  input?: RequestOf<C>,
  opts: { background?: boolean } = {},
): Promise<Reply<DataOf<C>>> {
  const url = new URL(call.path, window.location.origin);
  const init: RequestInit = {
    method: call.method,
    credentials: 'same-origin',
    headers: opts.background ? { [BACKGROUND_HEADER]: '1' } : {},
  };
  if (call.method === 'GET') {
    for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) {
      if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
    }
  } else {
    init.headers = { ...init.headers, 'content-type': 'application/json', [CSRF_HEADER]: csrf };
    init.body = JSON.stringify(input ?? {});
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiError(MSG_NETWORK, 0);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ApiError(res.ok ? MSG_BAD_REPLY : `服务器错误（${res.status}）`, res.status);
  }
  const envelope = Envelope.safeParse(body);
  if (!envelope.success) throw new ApiError(MSG_BAD_REPLY, res.status);
  const { code, message, data } = envelope.data;
  if (code !== 200) {
    if (code === 401 || res.status === 401) signedOut?.();
    throw new ApiError(message || `请求失败（${code}）`, code);
  }
  const parsed = call.response.safeParse(data);
  if (!parsed.success) throw new ApiError(MSG_BAD_REPLY, res.status);
  return { data: parsed.data as DataOf<C>, message };
}

/** The message to show for any error a call threw. */
export function errorMessage(err: unknown): string {
  return err instanceof ApiError ? err.message : MSG_NETWORK;
}

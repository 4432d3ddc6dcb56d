import {
  Envelope,
  SESSION_OVER_CODE,
  SUCCESS_CODE,
  type CallDef,
  type DataOf,
  type RequestOf,
} from '@app/contract/define';
import { firstError, parseJson } from '@app/mobile/api-reply';
import { getToken } from '@/shared/session/store';

/* The one door to the API (adapted from apps/web/src/shared/api/client.ts, without its money retries
 * and early replies: the back office moves no money): token, timeout, the envelope, the contract
 * check, and every failure turned into an ApiError with a message a person can read. */

export const TIMEOUT_MS = 20_000;
export const MSG_TIMEOUT = '请求超时，请稍后再试';
export const MSG_SERVER = '服务器异常，请稍后再试';
export const MSG_NETWORK = '网络异常，请检查网络后重试';
export const MSG_FORMAT = '数据格式错误';
export const MSG_SESSION_OVER = '登录已过期，请重新登录';
export const MSG_LOGIN_FIRST = '请先登录';
export const MSG_FORBIDDEN = '无权访问代理后台';

export type ApiErrorKind =
  /** The server said no (400, 404, 429, a business code…): `message` is the server's text. */
  | 'business'
  /** 401: the session is over. */
  | 'session'
  /** 403: not an agent (any more), or the agent is frozen: the back office is closed to it. */
  | 'forbidden'
  | 'timeout'
  /** The request never got an answer (offline, DNS, connection reset). */
  | 'network'
  /** 5xx or a reply that is not JSON (an HTML error page). */
  | 'server'
  /** The reply breaks the contract. */
  | 'format';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** The envelope's code or the HTTP status; 0 when there was no answer. */
    readonly code: number,
    readonly kind: ApiErrorKind,
  ) {
    super(message);
  }
}

/** The message to show for any failure of a call. */
export function errorMessage(error: unknown, fallback = MSG_NETWORK): string {
  return error instanceof ApiError ? error.message : fallback;
}

export interface CallOptions {
  /** Cancels the request (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Send this token instead of the session's (e.g. right after sign-in, before it is kept). */
  token?: string | null;
  timeoutMs?: number;
}

/** Calls with nothing to send may omit the input. */
type CallArgs<C extends CallDef> =
  undefined extends RequestOf<C>
    ? [input?: RequestOf<C>, opts?: CallOptions]
    : [input: RequestOf<C>, opts?: CallOptions];

/* Session over ------------------------------------------------------------------------------------ */

let sessionOverHandler: ((message: string) => void) | null = null;
/** The token whose end was already announced: once per session, however many calls fail. */
let endedToken: string | null = null;

/** The app registers the session-over flow (clear the token, go to /login with the message) once. */
export function setSessionOverHandler(handler: ((message: string) => void) | null): void {
  sessionOverHandler = handler;
  endedToken = null;
}

/** Only the session of this page ends it: not a call made with another token (sign-in's agent check). */
function sessionOver(sentToken: string | null, error: ApiError): ApiError {
  if (!sentToken || sentToken !== getToken()) return error;
  if (sentToken !== endedToken) {
    endedToken = sentToken;
    sessionOverHandler?.(error.message);
  }
  return error;
}

/* Request ------------------------------------------------------------------------------------------ */

/** `VITE_API_BASE` without its trailing slashes: '' when the app talks to the server that served it. */
const API_BASE = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');

function buildRequest(def: CallDef, input: unknown, token: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let url = `${API_BASE}${def.path}`;
  let body: string | undefined;
  if (def.method === 'GET') {
    const pairs = Object.entries((input ?? {}) as Record<string, unknown>).filter(
      ([, v]) => v !== undefined && v !== null,
    );
    const query = new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString();
    if (query) url += `?${query}`;
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input ?? {});
  }
  return { url, init: { method: def.method, headers, body } satisfies RequestInit };
}

/* Reply -------------------------------------------------------------------------------------------- */

function interpret<C extends CallDef>(
  def: C,
  status: number,
  text: string,
  sentToken: string | null,
): DataOf<C> {
  const body = parseJson(text);
  const bodyMessage = typeof body?.message === 'string' ? body.message.trim() : '';
  const bodyCode = body && 'code' in body ? Number(body.code) : NaN;

  if (status === SESSION_OVER_CODE || bodyCode === SESSION_OVER_CODE) {
    const message = sentToken ? bodyMessage || MSG_SESSION_OVER : bodyMessage || MSG_LOGIN_FIRST;
    throw sessionOver(sentToken, new ApiError(message, 401, 'session'));
  }
  if (status === 403 || bodyCode === 403)
    throw sessionOver(sentToken, new ApiError(bodyMessage || MSG_FORBIDDEN, 403, 'forbidden'));
  if (!body) throw new ApiError(MSG_SERVER, status, 'server');
  if (status === 422)
    throw new ApiError(bodyMessage || firstError(body.errors) || MSG_SERVER, 422, 'business');

  const okStatus = status >= 200 && status < 300;
  const envelope = Envelope.safeParse(body);
  if (!envelope.success) {
    throw okStatus ? new ApiError(MSG_FORMAT, status, 'format') : new ApiError(MSG_SERVER, status, 'server');
  }
  const { code, message, data } = envelope.data;
  if (!okStatus || code !== SUCCESS_CODE) {
    const failed = code !== SUCCESS_CODE ? code : status;
    const server = failed >= 500 || Number.isNaN(failed);
    throw new ApiError(
      message || (server ? MSG_SERVER : '操作失败，请稍后再试'),
      failed,
      server ? 'server' : 'business',
    );
  }
  const parsed = def.response.safeParse(data);
  if (!parsed.success) {
    if (import.meta.env.DEV)
      console.warn(`[api] ${def.name}: the reply breaks the contract`, parsed.error.issues);
    throw new ApiError(MSG_FORMAT, status, 'format');
  }
  return parsed.data as DataOf<C>;
}

/** Makes a call; resolves with the normalised `data`, rejects with an ApiError. */
export async function call<C extends CallDef>(
  def: C,
  ...[input, opts = {}]: CallArgs<C>
): Promise<DataOf<C>> {
  const token = opts.token !== undefined ? opts.token : getToken();
  const { url, init } = buildRequest(def, input, token);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? TIMEOUT_MS);
  const cancel = () => controller.abort(opts.signal?.reason);
  if (opts.signal?.aborted) cancel();
  opts.signal?.addEventListener('abort', cancel, { once: true });
  let status: number;
  let text: string;
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    status = res.status;
    text = await res.text(); // the timeout covers a stalled body too
  } catch (error) {
    if (timedOut) throw new ApiError(MSG_TIMEOUT, 0, 'timeout');
    if (opts.signal?.aborted) throw error; // cancelled by the caller: not an error to show
    throw new ApiError(MSG_NETWORK, 0, 'network');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', cancel);
  }
  try {
    return interpret(def, status, text, token);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // A normaliser of the contract threw on this reply: it breaks the contract too.
    throw new ApiError(MSG_FORMAT, status, 'format');
  }
}

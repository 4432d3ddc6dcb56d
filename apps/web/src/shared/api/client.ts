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
import { earlyReply, takeEarly } from './early';

/* The one door to the API: token, timeout, idempotency key, the envelope, the contract check, and
 * every failure turned into an ApiError with a message a person can read. */

export const TIMEOUT_MS = 30_000;
/**
 * A money call waits this long for an answer; then it asks again with the same key (MONEY_ASKS in all):
 * the server replays what it did, says 请求处理中 while it still runs, or does it once if the first
 * request never arrived. The member hears within seconds, never after 30 s of a spinner.
 */
export const MONEY_TIMEOUT_MS = 5_000;
export const MONEY_ASKS = 2;
export const MSG_TIMEOUT = '请求超时，请稍后再试';
export const MSG_SERVER = '服务器异常，请稍后再试';
export const MSG_NETWORK = '网络异常，请检查网络后重试';
/** A money call left without an answer after MONEY_ASKS: the outcome is open, the retry keeps the key. */
export const MSG_MONEY_UNKNOWN = '网络异常，请检查网络后重试（如已扣款，请以交易记录为准）';
export const MSG_BLOCKED = '账号已被冻结，请联系客服';
export const MSG_FORMAT = '数据格式错误';
export const MSG_SESSION_OVER = '您的账号登录过期，请重新登录';
export const MSG_LOGIN_FIRST = '请先登录';
/** How a server of this API family starts its 409 for a key whose first request is still running. */
export const MSG_BUSY_PREFIX = '请求处理中';
/**
 * A money call answered 409 请求处理中 is sent again by itself with the SAME key after these pauses
 * (the key makes it safe: the server replays the first request's reply, or runs it once).
 */
export const BUSY_RETRY_DELAYS_MS = [1000, 3000];

export type ApiErrorKind =
  /** The server said no (400, 404, 429, a business code…): `message` is the server's text. */
  | 'business'
  /** 409 请求处理中: the key's first request has not finished; its outcome is open. */
  | 'busy'
  /** 401: the session is over. */
  | 'session'
  /** 403: the account is blocked. */
  | 'blocked'
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
  /** Required for money and creating calls (`def.money`, `def.idempotent`): one per intent, reused on retry. */
  idempotencyKey?: string;
  /** Cancels the request (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Send this token instead of the session's (e.g. right after login). */
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
/** The token whose end was already announced: one dialog per session, however many calls fail. */
let endedToken: string | null = null;

/** The app registers the session-over flow (dialog, clear storage, go to /login) once. */
export function setSessionOverHandler(handler: ((message: string) => void) | null): void {
  sessionOverHandler = handler;
  endedToken = null;
}

function sessionOver(sentToken: string | null, message: string): ApiError {
  if (!sentToken) return new ApiError(message || MSG_LOGIN_FIRST, 401, 'session');
  if (sentToken !== endedToken) {
    endedToken = sentToken;
    sessionOverHandler?.(message);
  }
  return new ApiError(MSG_SESSION_OVER, 401, 'session');
}

/* Request ------------------------------------------------------------------------------------------ */

/** `VITE_API_BASE` without its trailing slashes: '' when the app talks to the server that served it. */
export function configuredApiBase(): string {
  return (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');
}

const API_BASE = configuredApiBase();

/** The API's base as an absolute URL (`VITE_API_BASE`, or the page's origin): the chat socket lives there too. */
export function apiBaseUrl(): string {
  return /^https?:\/\//i.test(API_BASE) ? API_BASE : `${window.location.origin}${API_BASE}`;
}

/** A picture or file path from the API, absolute against the API's origin. */
export function assetUrl(path: string): string {
  if (!path || /^(https?:)?\/\//i.test(path) || path.startsWith('data:')) return path;
  return path.startsWith('/') ? `${API_BASE}${path}` : path;
}

function entries(input: unknown): [string, unknown][] {
  if (input === null || typeof input !== 'object') return [];
  return Object.entries(input).filter(([, v]) => v !== undefined && v !== null);
}

function buildRequest(def: CallDef, input: unknown, token: string | null, opts: CallOptions) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // A creating call (registration, a card, an application) carries its intent's key like a money call.
  if (def.money || def.idempotent) {
    if (!opts.idempotencyKey)
      throw new Error(`${def.name}: a money or creating call needs an idempotencyKey`);
    headers['Idempotency-Key'] = opts.idempotencyKey;
  }
  let url = `${API_BASE}${def.path}`;
  let body: BodyInit | undefined;
  if (def.method === 'GET') {
    const query = new URLSearchParams(entries(input).map(([k, v]) => [k, String(v)])).toString();
    if (query) url += `?${query}`;
  } else if (def.multipart) {
    const form = new FormData();
    for (const [k, v] of entries(input)) form.append(k, v instanceof Blob ? v : String(v));
    body = form; // the browser sets the multipart boundary
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
): { data: DataOf<C>; message: string } {
  const body = parseJson(text);
  const bodyMessage = typeof body?.message === 'string' ? body.message.trim() : '';
  const bodyCode = body && 'code' in body ? Number(body.code) : NaN;

  if (status === SESSION_OVER_CODE || bodyCode === SESSION_OVER_CODE)
    throw sessionOver(sentToken, bodyMessage);
  if (status === 403) throw new ApiError(bodyMessage || MSG_BLOCKED, 403, 'blocked');
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
    const busy = failed === 409 && message.trim().startsWith(MSG_BUSY_PREFIX);
    throw new ApiError(
      message || (server ? MSG_SERVER : '操作失败，请稍后再试'),
      failed,
      server ? 'server' : busy ? 'busy' : 'business',
    );
  }
  const parsed = def.response.safeParse(data);
  if (!parsed.success) {
    if (import.meta.env.DEV)
      console.warn(`[api] ${def.name}: the reply breaks the contract`, parsed.error.issues);
    throw new ApiError(MSG_FORMAT, status, 'format');
  }
  return { data: parsed.data as DataOf<C>, message };
}

/** Waits `ms`, or rejects with the abort when the caller cancels first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const done = () => {
      signal?.removeEventListener('abort', cancelled);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const cancelled = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', cancelled, { once: true });
  });
}

/**
 * Makes a call; resolves with the normalised `data` and the envelope's `message`. A money call
 * answered 409 请求处理中 is sent again with the same key (BUSY_RETRY_DELAYS_MS); after no answer
 * or a timeout the member retries, and intent.ts gives that retry the same key.
 */
export async function send<C extends CallDef>(
  def: C,
  ...[input, opts = {}]: CallArgs<C>
): Promise<{ data: DataOf<C>; message: string }> {
  if (!def.money) return sendOnce(def, input, opts);
  // Offline: say so now. Nothing is queued to go out by itself when the network comes back.
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    throw new ApiError(MSG_NETWORK, 0, 'network');
  const money = { ...opts, timeoutMs: opts.timeoutMs ?? MONEY_TIMEOUT_MS };
  let asks = 1;
  for (let busyRetries = 0; ;) {
    try {
      return await sendOnce(def, input, money);
    } catch (error) {
      const kind = error instanceof ApiError ? error.kind : null;
      if (kind === 'timeout' && asks < MONEY_ASKS) {
        asks += 1; // what became of it? the same key asks the server
        continue;
      }
      if (kind === 'timeout') throw new ApiError(MSG_MONEY_UNKNOWN, 0, 'timeout');
      const delay = BUSY_RETRY_DELAYS_MS[busyRetries++];
      if (kind !== 'busy' || delay === undefined) throw error;
      await pause(delay, opts.signal);
    }
  }
}

/** While set, every call waits for it before it goes out (holdCalls). */
let held: Promise<void> | null = null;

/**
 * Holds every call until the returned release runs: main.tsx lets a prepared screen paint before the
 * app's other first requests share the network and the main thread with it. (Not the query client's
 * offline mode: reads fail at once when really offline, see providers.tsx.)
 */
export function holdCalls(): () => void {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  held = gate;
  return () => {
    if (held === gate) held = null;
    release();
  };
}

async function sendOnce<C extends CallDef>(
  def: C,
  input: RequestOf<C> | undefined,
  opts: CallOptions,
): Promise<{ data: DataOf<C>; message: string }> {
  if (held) {
    await held;
    opts.signal?.throwIfAborted();
  }
  const token = opts.token !== undefined ? opts.token : getToken();
  const { url, init } = buildRequest(def, input, token, opts);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? TIMEOUT_MS);
  const cancel = () => controller.abort(opts.signal?.reason);
  if (opts.signal?.aborted) cancel();
  opts.signal?.addEventListener('abort', cancel, { once: true });

  // The same request, if public/boot.js already sent it (early.ts): its reply, once, if still fresh.
  const early = def.method === 'GET' ? takeEarly(url, token) : null;
  let status: number;
  let text: string;
  try {
    const got = early ? await earlyReply(early, controller.signal) : null;
    if (got) {
      ({ status, text } = got);
    } else {
      const res = await fetch(url, { ...init, signal: controller.signal });
      status = res.status;
      text = await res.text(); // the timeout covers a stalled body too
    }
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
    if (import.meta.env.DEV) console.warn(`[api] ${def.name}: the reply could not be read`, error);
    throw new ApiError(MSG_FORMAT, status, 'format');
  }
}

/** Makes a call; resolves with the normalised `data`. */
export async function call<C extends CallDef>(def: C, ...args: CallArgs<C>): Promise<DataOf<C>> {
  return (await send(def, ...args)).data;
}

import { Envelope, SUCCESS_CODE, type CallDef, type DataOf, type RequestOf } from '@app/contract/define';
import { firstError, parseJson } from '@app/mobile/api-reply';

/* The desk page's one door to the server. The page runs in an opaque origin (sandboxed without
 * allow-same-origin): no cookies, so every call carries `Authorization: Bearer <support token>` and is
 * a cross-origin request the server answers with CORS headers. Every reply is checked against the
 * contract here, at the boundary; every failure becomes an ApiError with a Chinese message. */

export const TIMEOUT_MS = 20_000;
export const MSG_TIMEOUT = '请求超时，请稍后再试';
export const MSG_SERVER = '服务器异常，请稍后再试';
export const MSG_NETWORK = '网络异常，请检查网络后重试';
export const MSG_FORMAT = '数据格式错误';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The envelope's code or the HTTP status; 0 when there was no answer. */
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

export const errorMessage = (error: unknown): string =>
  error instanceof ApiError ? error.message : MSG_NETWORK;

/** The reply's data when it keeps the contract, else an ApiError with the server's message. */
export function interpret<C extends CallDef>(def: C, status: number, text: string): DataOf<C> {
  const body = parseJson(text);
  const bodyMessage = typeof body?.message === 'string' ? body.message.trim() : '';
  if (!body) throw new ApiError(MSG_SERVER, status);
  if (status === 422) throw new ApiError(bodyMessage || firstError(body.errors) || MSG_SERVER, 422);
  const envelope = Envelope.safeParse(body);
  const okStatus = status >= 200 && status < 300;
  if (!envelope.success) throw new ApiError(okStatus ? MSG_FORMAT : bodyMessage || MSG_SERVER, status);
  const { code, message, data } = envelope.data;
  if (!okStatus || code !== SUCCESS_CODE) {
    const failed = code !== SUCCESS_CODE ? code : status;
    throw new ApiError(message || (failed >= 500 ? MSG_SERVER : '操作失败，请稍后再试'), failed);
  }
  const parsed = def.response.safeParse(data);
  if (!parsed.success) throw new ApiError(MSG_FORMAT, status);
  return parsed.data as DataOf<C>;
}

function headers(token: string | null): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json' };
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/** A JSON call; resolves with the checked `data`, rejects with an ApiError. */
export async function call<C extends CallDef>(
  def: C,
  input: RequestOf<C>,
  token: string | null,
): Promise<DataOf<C>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let status: number;
  let text: string;
  try {
    const res = await fetch(def.path, {
      method: def.method,
      headers: { ...headers(token), 'Content-Type': 'application/json' },
      body: JSON.stringify(input ?? {}),
      credentials: 'omit',
      signal: controller.signal,
    });
    status = res.status;
    text = await res.text();
  } catch {
    throw new ApiError(controller.signal.aborted ? MSG_TIMEOUT : MSG_NETWORK, 0);
  } finally {
    clearTimeout(timer);
  }
  try {
    return interpret(def, status, text);
  } catch (error) {
    throw error instanceof ApiError ? error : new ApiError(MSG_FORMAT, status);
  }
}

/** A multipart upload (XMLHttpRequest, for its progress): `onProgress` gets 0–100. */
export function upload<C extends CallDef>(
  def: C,
  form: FormData,
  token: string,
  onProgress: (percent: number) => void,
): Promise<DataOf<C>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', def.path);
    xhr.timeout = TIMEOUT_MS * 3;
    for (const [k, v] of Object.entries(headers(token))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(interpret(def, xhr.status, xhr.responseText));
      } catch (error) {
        reject(error instanceof ApiError ? error : new ApiError(MSG_FORMAT, xhr.status));
      }
    };
    xhr.onerror = () => reject(new ApiError(MSG_NETWORK, 0));
    xhr.ontimeout = () => reject(new ApiError(MSG_TIMEOUT, 0));
    xhr.send(form);
  });
}

/** An image of the desk (not public): fetched with the token, shown from a blob URL. */
export async function fetchImage(path: string, token: string): Promise<string> {
  const res = await fetch(path, { headers: headers(token), credentials: 'omit' });
  if (!res.ok) throw new ApiError('图片加载失败', res.status);
  return URL.createObjectURL(await res.blob());
}

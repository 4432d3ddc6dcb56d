/* Errors every layer may raise; the HTTP layer's error handler (http/plugins/errors.ts) answers them. */

/**
 * A refusal the member should read: the message goes to the client as is, with HTTP status = code.
 * 400 business/validation, 401 session over, 403 blocked, 404, 409 conflict, 429 rate limited.
 */
export class BusinessError extends Error {
  override name = 'BusinessError';
  readonly statusCode: number;
  constructor(
    message: string,
    readonly status: number = 400,
  ) {
    super(message);
    this.statusCode = status;
  }
}

export const MSG_SERVER_ERROR = '服务器繁忙，请稍后再试';
export const MSG_NOT_FOUND = '接口不存在';
export const MSG_RATE_LIMITED = '操作过于频繁，请稍后再试';

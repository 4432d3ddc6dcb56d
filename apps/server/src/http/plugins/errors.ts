import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { BusinessError, MSG_NOT_FOUND, MSG_RATE_LIMITED, MSG_SERVER_ERROR } from '../../core/errors';

/** Texts for errors Fastify itself raises (never its English message, never internals). */
const BY_STATUS: Record<number, string> = {
  400: '请求格式错误',
  401: '请先登录',
  403: '没有权限',
  404: MSG_NOT_FOUND,
  405: '请求方法不允许',
  406: '请求不被接受',
  408: '请求超时',
  409: '请求冲突，请稍后再试',
  411: '请求缺少长度',
  413: '请求内容过大',
  414: '请求地址过长',
  415: '不支持的请求格式',
  422: '请求参数错误',
  429: MSG_RATE_LIMITED,
  431: '请求头过大',
};

export function sendEnvelopeError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ code: status, message, data: null });
}

const CLIENT_ERROR_STATUS: Record<string, number> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
};

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before Fastify sees them
 * (headers over 16 KB: 431, a request line or headers it cannot parse: 400, too slow: 408) are
 * answered in the envelope too, then the connection closes.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection is gone: nothing to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = CLIENT_ERROR_STATUS[err.code ?? ''] ?? 400;
  const body = JSON.stringify({ code: status, message: BY_STATUS[status] ?? '请求格式错误', data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

/** One error handler and one not-found handler for the whole app: always `{code, message, data: null}`. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError | BusinessError, request, reply) => {
      if (err instanceof BusinessError) {
        return sendEnvelopeError(reply, err.status, err.message);
      }
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 400 && status < 500) {
        request.log.info({ code: err.code, status }, 'request refused');
        return sendEnvelopeError(reply, status, BY_STATUS[status] ?? '请求格式错误');
      }
      request.log.error({ err }, 'request failed');
      return sendEnvelopeError(reply, 500, MSG_SERVER_ERROR);
    });

    app.setNotFoundHandler((_request, reply) => sendEnvelopeError(reply, 404, MSG_NOT_FOUND));
  },
  { name: 'errors' },
);

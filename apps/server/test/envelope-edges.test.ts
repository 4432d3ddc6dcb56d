/**
 * Issue 13 item 12: the edges of the envelope. Deep JSON is refused with 400 before it reaches a
 * money call; every error status (431 and 400 from Node's HTTP parser, 413, 404, 415) comes back as
 * {code, message, data: null}; `_token` in the query counts only on the chat socket.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_JSON_TOO_DEEP, MAX_JSON_DEPTH, jsonTooDeep } from '../src/http/json-body';
import { QUERY_TOKEN_ROUTES } from '../src/http/plugins/auth';
import { buildTestApp, dataOf, expectEnvelope, idem, type TestApp } from './helpers';

let t: TestApp;
let token: string;
let port = 0;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.newMember()).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await t.close();
});

const nested = (depth: number) => `{"amount":${'['.repeat(depth - 1)}1${']'.repeat(depth - 1)}}`;

/** Sends raw bytes over TCP; resolves with the status, headers text and parsed body. */
function raw(request: string): Promise<{ status: number; head: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      try {
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head, body: JSON.parse(body) });
      } catch (err) {
        reject(new Error(`not an envelope: ${text.slice(0, 300)}: ${String(err)}`));
      }
    });
    socket.write(request);
  });
}

describe('JSON depth and size', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(`{"a":"${'['.repeat(1000)}\\"${'{'.repeat(1000)}"}`)).toBe(false);
  });

  it('a money call given JSON nested 5,000 deep answers 400 in the envelope', async () => {
    for (const path of ['/api/transfer', '/api/recharge', '/api/withdraw', '/api/login_pc']) {
      const r = await t.post(path, nested(5000), {
        token,
        headers: { ...idem(), 'content-type': 'application/json' },
      });
      expectEnvelope(r);
      expect([r.status, r.body.message], path).toEqual([400, MSG_JSON_TOO_DEEP]);
      expect(r.body.data).toBeNull();
    }
    // Depth 32 is parsed (and refused by the contract, with its own message).
    const ok = await t.post('/api/transfer', nested(MAX_JSON_DEPTH), {
      token,
      headers: { ...idem(), 'content-type': 'application/json' },
    });
    expectEnvelope(ok);
    expect(ok.status).toBe(400);
    expect(ok.body.message).not.toBe(MSG_JSON_TOO_DEEP);
    expect(dataOf(await t.post('/api/balance', {}, { token }))).toEqual({ balance: '0.00' });
  });

  it('a body over 64 KB answers 413 in the envelope', async () => {
    const r = await t.post('/api/transfer', { x: 'y'.repeat(70 * 1024) }, { token, headers: idem() });
    expectEnvelope(r);
    expect([r.status, r.body.message]).toEqual([413, '请求内容过大']);
  });
});

describe('error statuses in the envelope', () => {
  it('431: headers larger than Node accepts (answered before Fastify)', async () => {
    const r = await raw(
      `GET /api/app HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expect(r.status).toBe(431);
    expect(r.head.toLowerCase()).toContain('content-type: application/json');
    expect(r.body).toEqual({ code: 431, message: '请求头过大', data: null });
  });

  it('400: a request Node cannot parse', async () => {
    const r = await raw('GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, message: '请求格式错误', data: null });
  });

  it('404 for an unknown path or method, 415 for another content type', async () => {
    const unknown = await t.get('/api/nope');
    expectEnvelope(unknown);
    expect(unknown.status).toBe(404);
    const method = await t.app.inject({ method: 'PUT', url: '/api/user' });
    expect([method.statusCode, JSON.parse(method.body)]).toEqual([
      404,
      { code: 404, message: '接口不存在', data: null },
    ]);
    const plain = await t.post('/api/transfer', 'x', { token, headers: { 'content-type': 'text/plain' } });
    expectEnvelope(plain);
    expect([plain.status, plain.body.message]).toEqual([415, '不支持的请求格式']);
  });
});

describe('the _token query', () => {
  it('counts only on the chat socket', () => {
    expect([...QUERY_TOKEN_ROUTES]).toEqual(['/wss']);
  });

  it('is ignored on every other call (as if no token were sent)', async () => {
    for (const path of ['/api/user', '/api/balance', '/api/transfer', '/api/getGameUrl']) {
      const r = await t.post(path, {}, { query: { _token: token }, headers: idem() });
      expectEnvelope(r);
      expect([r.status, r.body.message], path).toEqual([401, '请先登录']);
    }
    // The header still works, and wins over a query token.
    dataOf(await t.post('/api/user', {}, { token, query: { _token: 'not-a-token' } }));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dataOf, expectEnvelope, type TestApp } from '../../../test/helpers';

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimit: { loginPerMinute: 3, registerPerHour: 2 } } });
  // The same database behind a trusted proxy: the client address comes from X-Forwarded-For.
  proxied = await buildTestApp({
    database: t.database,
    config: { trustProxy: ['127.0.0.1'], rateLimit: { loginPerMinute: 2, registerPerHour: 1000 } },
  });
});
afterAll(async () => {
  await proxied.close();
  await t.close();
});

describe('rate limits', () => {
  it('login: per client IP per minute, answered 429 in the envelope', async () => {
    const from = (remoteAddress: string) =>
      t.post('/api/login_pc', { name: 'demo001', password: 'demo123' }, { remoteAddress });
    for (let i = 0; i < 3; i++) dataOf(await from('198.51.100.1'));
    const limited = await from('198.51.100.1');
    expectEnvelope(limited);
    expect([limited.status, limited.body.message]).toEqual([429, '操作过于频繁，请稍后再试']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    dataOf(await from('198.51.100.2'));
  });

  it('register: per client IP per hour', async () => {
    const reg = (n: number, remoteAddress: string) =>
      t.post(
        '/api/register',
        { name: `ratelim${n}`, password: 'pass1234', confirmPass: 'pass1234' },
        { remoteAddress },
      );
    dataOf(await reg(1, '198.51.100.7'));
    dataOf(await reg(2, '198.51.100.7'));
    const limited = await reg(3, '198.51.100.7');
    expectEnvelope(limited);
    expect(limited.status).toBe(429);
    dataOf(await reg(4, '198.51.100.8'));
  });

  it('behind a trusted proxy, limits the forwarded client, not the proxy', async () => {
    const via = (client: string) =>
      proxied.post(
        '/api/login_pc',
        { name: 'demo001', password: 'demo123' },
        { headers: { 'x-forwarded-for': client } },
      );
    dataOf(await via('203.0.113.1'));
    dataOf(await via('203.0.113.1'));
    expect((await via('203.0.113.1')).status).toBe(429);
    dataOf(await via('203.0.113.2'));
  });

  it('calls without a limit are not counted', async () => {
    for (let i = 0; i < 20; i++) dataOf(await t.post('/api/app', {}, { remoteAddress: '198.51.100.1' }));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dataOf, type TestApp } from '../test/helpers';
import { maskUrl } from './app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    captureLogs: true,
    beforeReady(app) {
      app.post('/test/fail', async () => {
        throw new Error('boom');
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('logs', () => {
  it('never hold passwords, tokens, Authorization headers or auth bodies', async () => {
    const password = 'Sekret9876';
    const r = await t.post('/api/register', {
      name: 'logcheck1',
      password,
      confirmPass: password,
      paypassword: 'PayPw5555',
    });
    const token = (dataOf(r) as { api_token: string }).api_token;
    await t.post('/api/login_pc', { name: 'logcheck1', password });
    await t.post('/api/login_pc', { name: 'logcheck1', password: 'WrongPw111' });
    await t.post('/api/user', {}, { token });
    await t.post('/api/user', {}, { query: { _token: token } });
    await t.post('/test/fail', { password }, { token });
    await t.get('/ops/users', {}, { headers: { authorization: `Bearer ${t.operatorToken}` } });

    const text = t.logs.join('');
    expect(t.logs.length).toBeGreaterThan(5);
    for (const secret of [
      password,
      'PayPw5555',
      'WrongPw111',
      token,
      t.operatorToken ?? 'no-operator-token',
      'Bearer',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('_token=[redacted]');
    expect(text).toContain('request failed');
  });

  it('mask the socket token in URLs', () => {
    expect(maskUrl('/wss?roomid=1&_token=abc&x=1')).toBe('/wss?roomid=1&_token=[redacted]&x=1');
    expect(maskUrl('/wss?_token=abc')).toBe('/wss?_token=[redacted]');
  });
});

/**
 * Bad input on every call of this server: missing fields, wrong types, 10 KB strings, broken JSON,
 * wrong content types, oversized bodies. Every answer must be an envelope with HTTP status = code,
 * and never a 5xx.
 */
import * as authCalls from '@app/contract/auth';
import * as authFormCalls from '@app/contract/auth-forms';
import * as cashierCalls from '@app/contract/cashier';
import * as contentCalls from '@app/contract/content';
import type { CallDef } from '@app/contract/define';
import * as gameCalls from '@app/contract/games';
import * as siteCalls from '@app/contract/site';
import * as walletCalls from '@app/contract/wallet';
import * as withdrawalCalls from '@app/contract/withdrawals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessError } from '../src/core/errors';
import { buildTestApp, dataOf, expectEnvelope, idem, type Reply, type TestApp } from './helpers';

const isCall = (v: unknown): v is CallDef =>
  !!v && typeof v === 'object' && 'path' in v && 'method' in v && 'request' in v && 'response' in v;

/** Every call of the contract's modules this server answers so far. */
const CONTRACT: unknown[] = [
  ...Object.values(authCalls),
  ...Object.values(authFormCalls),
  ...Object.values(siteCalls),
  ...Object.values(contentCalls),
  ...Object.values(gameCalls),
  ...Object.values(walletCalls),
  ...Object.values(cashierCalls),
  ...Object.values(withdrawalCalls),
];
/** The money calls (wallet, cashier, withdrawals) get the money fields. */
const WALLET_PATHS = new Set(
  [walletCalls, cashierCalls, withdrawalCalls]
    .flatMap((m) => Object.values(m) as unknown[])
    .filter(isCall)
    .map((c) => c.path),
);
const CONTRACT_CALLS = CONTRACT.filter(isCall);

const FIELDS = [
  'name',
  'password',
  'confirmPass',
  'realname',
  'paypassword',
  'code',
  'pid',
  'type',
  'page',
  'category',
];
/** The fields of the wallet calls. */
const WALLET_FIELDS = [
  'amount',
  'sourcetype',
  'targettype',
  'type',
  'paytype',
  'deposit_no',
  'bank',
  'pay_pass',
  'mobile',
  'id',
];
const BIG = 'x'.repeat(10_000);
const VALUES: [string, unknown][] = [
  ['a 10 KB string', BIG],
  ['a 10 KB number string', '9'.repeat(10_000)],
  ['0', 0],
  ['-1', -1],
  ['1.5', 1.5],
  ['1e308', 1e308],
  ['true', true],
  ['null', null],
  ['an array', [1, 2]],
  ['an object', { a: 1 }],
  ['HTML', '<img src=x onerror=alert(1)>'],
  ['a NUL byte', 'a\u0000b'],
];

let t: TestApp;
let token: string;
/** logoff revokes the session it is given: it gets its own. */
let logoffToken: string;
beforeAll(async () => {
  t = await buildTestApp({
    beforeReady(app) {
      app.get('/test/boom', async () => {
        throw new Error('secret internals: password=hunter2 at /etc/passwd');
      });
      app.get('/test/throw-string', async () => {
        throw 'a bare string';
      });
      app.get('/test/conflict', async () => {
        throw new BusinessError('请求冲突', 409);
      });
      app.get('/test/sql', async () => {
        await app.db.execute('select * from no_such_table_secret');
        return 'unreachable';
      });
    },
  });
  token = await t.login('demo001', 'demo123');
  logoffToken = await t.login('demo001', 'demo123');
});
afterAll(async () => {
  await t.close();
});

function expectSafe(r: Reply, label: string) {
  try {
    expectEnvelope(r);
  } catch (err) {
    throw new Error(`${label}: ${(err as Error).message}`);
  }
  expect(r.status, `${label}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
  expect(r.text).not.toMatch(/\n\s+at |node_modules|stack/i);
}

it('covers the calls of this issue', () => {
  const served = CONTRACT_CALLS.filter((c) => t.app.hasRoute({ method: c.method, url: c.path })).map(
    (c) => c.name,
  );
  expect(served.sort()).toEqual(
    [
      'register',
      'login_pc',
      'logoff',
      'user',
      'refreshusermoney',
      'balance',
      'app',
      'bannerList',
      'homenotice',
      'noticeList',
      'getservicerurl',
      'getVisitUrl',
      'getAgentLoginUrl',
      'article',
      'game/list',
      'gamelistBycode',
      'getGameUrl',
      'balancelist',
      'transfer',
      'transall',
      'uptransferstatus',
      'get_pay_way',
      'getPayRange',
      'getpaybank',
      'recharge',
      'payinfo',
      'upload_voucher',
      'getBetAmount',
      'getWithdrawFee',
      'withdraw',
      'withdraw',
      'auth/updateuserinfo',
      'getcard',
      'bindcard',
      'delcard',
      'banklist',
      'gettransrecord',
      'fundsRecords',
      'fundsSummary',
      'editPayPassword',
      'messageList',
    ].sort(),
  );
});

// One route serves both forms of /api/withdraw.
const DISTINCT_CALLS = CONTRACT_CALLS.filter(
  (c, i) => CONTRACT_CALLS.findIndex((d) => d.path === c.path) === i,
);

describe.each(DISTINCT_CALLS.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', (_label, call) => {
  const fields = WALLET_PATHS.has(call.path) ? WALLET_FIELDS : FIELDS;
  const send = (payload: unknown, withToken: boolean) => {
    const session = withToken ? (call.name === 'logoff' ? logoffToken : token) : null;
    return call.method === 'GET'
      ? t.get(
          call.path,
          Object.fromEntries(
            Object.entries((payload ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
          ),
          { token: session },
        )
      : t.post(call.path, payload, { token: session, headers: idem() });
  };

  it('survives missing fields and wrong types in every field, with and without a session', async () => {
    if (!t.app.hasRoute({ method: call.method, url: call.path })) return; // a later issue's call
    for (const withToken of [false, true]) {
      const payloads: [string, unknown][] = [
        ['nothing', undefined],
        ['{}', {}],
        ...VALUES.map(
          ([label, v]) =>
            [`every field ${label}`, Object.fromEntries(fields.map((f) => [f, v]))] as [string, unknown],
        ),
        ...fields.flatMap((f) =>
          VALUES.map(([label, v]) => [`${f} ${label}`, { [f]: v }] as [string, unknown]),
        ),
      ];
      for (const [label, payload] of payloads)
        expectSafe(await send(payload, withToken), `${label} (token: ${withToken})`);
    }
  });

  if (call.method === 'POST') {
    it('survives bodies that are not objects, broken JSON, other content types and 70 KB', async () => {
      if (!t.app.hasRoute({ method: call.method, url: call.path })) return;
      for (const payload of ['"abc"', '5', '[1,2]', 'null', '{"name":', '{"__proto__":{"x":1}}', '\u0000']) {
        const r = await t.post(call.path, payload, {
          token: call.name === 'logoff' ? logoffToken : token,
          headers: { 'content-type': 'application/json' },
        });
        expectSafe(r, `JSON ${payload}`);
      }
      const plain = await t.post(call.path, 'hello', { headers: { 'content-type': 'text/plain' } });
      expectSafe(plain, 'text/plain');
      expect(plain.status).toBe(415);
      const big = await t.post(
        call.path,
        { name: 'y'.repeat(70 * 1024) },
        { token: call.name === 'logoff' ? logoffToken : token },
      );
      expectSafe(big, '70 KB');
      expect(big.status).toBe(413);
      const form = await t.post(call.path, `name=${BIG}&password=${BIG}&type=${BIG}`, {
        token: call.name === 'logoff' ? logoffToken : token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectSafe(form, 'form with 10 KB fields');
    });
  }
});

describe('the error handler', () => {
  it('answers 500 with a generic Chinese message, never the error or a stack', async () => {
    for (const path of ['/test/boom', '/test/throw-string', '/test/sql']) {
      const r = await t.get(path);
      expectEnvelope(r);
      expect(r.body).toEqual({ code: 500, message: '服务器繁忙，请稍后再试', data: null });
      expect(r.text).not.toMatch(/secret|hunter2|passwd|no_such_table|string/);
    }
  });

  it('passes a business refusal through with its status', async () => {
    const r = await t.get('/test/conflict');
    expect(r.body).toEqual({ code: 409, message: '请求冲突', data: null });
    expect(r.status).toBe(409);
  });

  it('answers unknown paths and methods with a 404 envelope', async () => {
    for (const r of [
      await t.get('/api/nope'),
      await t.post('/api/nope', {}),
      await t.post('/api/game/list', {}),
      await t.app.inject({ method: 'DELETE', url: '/api/user' }).then((res) => ({
        status: res.statusCode,
        body: JSON.parse(res.body) as Reply['body'],
        headers: res.headers,
        text: res.body,
      })),
    ]) {
      expectEnvelope(r);
      expect([r.status, r.body.message]).toEqual([404, '接口不存在']);
    }
  });

  it('left the demo balance and the fuzzing session alone', async () => {
    expect(dataOf(await t.post('/api/balance', {}, { token }))).toEqual({ balance: '1000.00' });
  });
});

/* eslint-disable max-lines -- one fuzzer over every call: its hostile values, the sending and the checks stay together (about 405 lines). */
/**
 * The contract fuzzer (quality.md 'Bad input', issue 7 'Faults and bad input'). For EVERY call the
 * contract's modules export (a new call is fuzzed without touching this file), member A sends:
 * - a sweep: each request field, one at a time, set to each hostile value (missing, wrong types,
 *   100 KB strings, SQL, HTML, javascript:, NUL, RTL override, emoji, negative / fractional / NaN /
 *   Infinity / 1e308 money, B's ids), the other fields plausible;
 * - fast-check runs (fixed seed) mixing plausible values, hostile values, B's ids and random data in
 *   every field, missing fields and non-object bodies (multipart calls as multipart, with a file).
 * Every reply must be the envelope with HTTP status = code < 500 and a message on errors; B's wallets
 * never move; A's wallets move only when a money call succeeds (a non-money success may only move
 * money between A's own wallets, e.g. auto-transfer); no reply carries B's private data; the ledger
 * check holds at the end, and B's cards, deposit and withdrawal are untouched.
 */
import { randomBytes } from 'node:crypto';
import type { CallDef } from '@app/contract/define';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attemptLimits } from '../../src/db/schema/accounts';
import { cards, deposits, withdrawals } from '../../src/db/schema/money';
import { lotteryRooms } from '../../src/db/schema/lottery';
import { currentRound } from '../../src/modules/lottery/service';
import { buildTestApp, dataOf, expectEnvelope, idem, type Reply, type TestApp } from '../helpers';
import {
  contractCalls,
  PAY_PASSWORD,
  readyMember,
  requestFields,
  snapshotDiff,
  totalOf,
  walletSnapshot,
  type ReadyMember,
} from './support';

const CALLS = await contractCalls();
const SEED = 20261122;
/** fast-check runs per call (calls without fields get fewer: only the body's shape varies). */
const RUNS = 24;
const RUNS_NO_FIELDS = 4;

const B_CARD_NO = '6222987654321098';
const B_REALNAME = '乙方秘密';
const B_DEPOSITOR = '乙方存款人';

let t: TestApp;
let a: ReadyMember;
let b: ReadyMember;
let c: { name: string; password: string };
let bDepositNo = '';
let bWithdrawalId = 0;
let roomId = 0;
let roundExpect = '1';
let sent = 0;
let succeeded = 0;
const perCall = new Map<string, number>();
const moneyOk = new Map<string, number>();

beforeAll(async () => {
  t = await buildTestApp();
  a = await readyMember(t, '100000.00', '6222000011112222', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
  b = await readyMember(t, '1000.00', B_CARD_NO, 'TXYZ9Y2khEsLJW1ChVWFMSMeRDow5KcbLS', B_REALNAME);
  c = await t.newMember();
  const dep = await t.post(
    '/api/recharge',
    {
      paytype: 'bank',
      amount: '500',
      bank_owner: B_DEPOSITOR,
      bank: '工商银行',
      bank_no: '6212111122223333',
      bank_address: '北京',
    },
    { token: b.token, headers: idem() },
  );
  dataOf(dep);
  const usdt = dataOf<{ deposit_no: string }>(
    await t.post('/api/recharge', { paytype: 'usdt', amount: '720.00' }, { token: b.token, headers: idem() }),
  );
  bDepositNo = usdt.deposit_no;
  dataOf(
    await t.post(
      '/api/withdraw',
      { type: 'bank', amount: '150', bank: b.bankCardId, password: PAY_PASSWORD },
      { token: b.token, headers: idem() },
    ),
  );
  const [w] = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, b.id));
  bWithdrawalId = w?.id ?? 0;
  const [room] = await t.db.select().from(lotteryRooms).limit(1);
  roomId = room?.id ?? 1;
  roundExpect = (await currentRound(t.db, roomId)).round.expect;
}, 60_000);

afterAll(async () => {
  console.log(
    `fuzzer: ${CALLS.length} calls, ${sent} requests, ${succeeded} succeeded; money calls that succeeded: ${[
      ...moneyOk,
    ]
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}; requests per call: ${[...perCall].map(([k, n]) => `${k} ${n}`).join(', ')}`,
  );
  await t?.close();
});

/* Values ------------------------------------------------------------------------------------------ */

const KB100 = 'x'.repeat(100 * 1024);
const HOSTILE_STRINGS: string[] = [
  "' or 1=1 --",
  '1; drop table users; --',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'a\u0000b',
  '\u202Egnp.exe',
  '💰🎰👨‍👩‍👧',
  '',
  '   ',
  '../../etc/passwd',
  '%00',
  '１００',
  '0x10',
  '1,000',
];
const MONEY_VALUES: unknown[] = [
  -1,
  '-100',
  0,
  '0',
  0.001,
  '0.001',
  '100.001',
  'NaN',
  'Infinity',
  '-Infinity',
  1e308,
  '1e308',
  '1e3',
  Number.MAX_SAFE_INTEGER + 2,
  '99999999999999999999',
];
const WRONG_TYPES: unknown[] = [null, true, [], [1, 2], {}, { a: 1 }, { $gt: '' }];

function bIds(): unknown[] {
  return [b.bankCardId, b.usdtId, String(b.bankCardId), bDepositNo, b.id, bWithdrawalId, b.name];
}

/** Every hostile value of the sweep. */
function sweepValues(): unknown[] {
  return [undefined, KB100, ...HOSTILE_STRINGS, ...MONEY_VALUES, ...WRONG_TYPES, ...bIds()];
}

/** Plausible values by field name (the first is the sweep's base value). */
function plausible(field: string, literals: unknown[]): unknown[] {
  const byName: Record<string, unknown[]> = {
    amount: ['100', 150, '0.01', '200.50'],
    sourcetype: ['userbalance', 'AG'],
    targettype: ['AG', 'userbalance', 'KY'],
    paytype: ['usdt', 'bank', 'wxpay', 'alipay'],
    type: [1, 2, 'bank', 'usdt', 'lottery', 'wechat'],
    bank: [a.bankCardId, a.usdtId, '招商银行', 'USDT'],
    bank_owner: ['张三', 'TRC20'],
    bank_no: ['6222000011113333', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
    bank_address: ['深圳'],
    pay_pass: [PAY_PASSWORD],
    password: [PAY_PASSWORD, 'wrong1234'],
    paypassword: ['newpay1357', PAY_PASSWORD],
    confirmPass: ['secret123'],
    mobile: ['13812345678'],
    id: [a.bankCardId, 1],
    deposit_no: ['D00000000000000000001'],
    room_id: [roomId, 999_999],
    expect: [roundExpect, '1', '20300115001'],
    order: [[{ id: 201, total: 10, data: [] }], [], [{ id: 201, total: -5, data: [] }]],
    page: [1, 2],
    name: ['jnd28', 'demo001'],
    catepay: ['TRC20', 'ERC20'],
    alipay_account: ['alice@example.com'],
    alipay_name: ['张三'],
    transferstatus: [0, 1],
    activityid: [1],
    category: ['lottery', 'slot'],
  };
  return [...literals, ...(byName[field] ?? ['abc', 1])];
}

/* Sending ------------------------------------------------------------------------------------------ */

const FILE_FIELDS: Record<string, string> = {
  '/api/upload_voucher': 'voucher_img',
  '/api/uploadimg': 'file',
  '/api/withdraw': 'wechat_qrcode',
};
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

const asText = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

async function send(
  call: CallDef,
  payload: unknown,
  opts: { file?: number; noKey?: boolean; key?: string } = {},
) {
  sent += 1;
  perCall.set(call.name, (perCall.get(call.name) ?? 0) + 1);
  // logoff ends the session it is given: it gets a session of its own.
  // logoff ends the session it is given; a break, every session of the 责任博彩 calls' member `c`.
  const who = call.path.startsWith('/api/protection') ? c : call.path === '/api/logoff' ? a : null;
  const token = who ? await t.login(who.name, who.password) : a.token;
  const headers: Record<string, string> =
    opts.key !== undefined ? { 'idempotency-key': opts.key } : call.money && !opts.noKey ? idem() : {};
  if (call.multipart) {
    const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
    const chunks: Buffer[] = [];
    const fields =
      payload && typeof payload === 'object' && !Array.isArray(payload)
        ? Object.entries(payload as Record<string, unknown>)
        : [['body', asText(payload)] as [string, unknown]];
    for (const [k, v] of fields) {
      if (v === undefined) continue;
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${asText(v)}\r\n`),
      );
    }
    const fileKind = opts.file ?? 0;
    if (fileKind > 0) {
      const data = [PNG, Buffer.from('<svg onload=alert(1)>'), Buffer.alloc(0), randomBytes(300)][
        fileKind % 4
      ];
      const filename = ['a.png', '../../x.png', 'a\u202Egnp.exe', "x' or 1=1.png"][fileKind % 4];
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${FILE_FIELDS[call.path] ?? 'file'}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data ?? PNG,
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    const res = await t.app.inject({
      method: 'POST',
      url: call.path,
      payload: Buffer.concat(chunks),
      remoteAddress: '127.0.0.1',
      headers: {
        ...headers,
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    let body: Reply['body'] = null;
    try {
      body = JSON.parse(res.body) as Reply['body'];
    } catch {
      body = null;
    }
    return { status: res.statusCode, body, headers: res.headers, text: res.body };
  }
  if (call.method === 'GET') {
    const query: Record<string, string | string[]> = {};
    if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
      for (const [k, v] of Object.entries(payload as Record<string, unknown>)) {
        if (v === undefined) continue;
        query[k] = Array.isArray(v) ? v.map(asText) : asText(v);
      }
    }
    const res = await t.app.inject({
      method: 'GET',
      url: call.path,
      query,
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${token}` },
    });
    let body: Reply['body'] = null;
    try {
      body = JSON.parse(res.body) as Reply['body'];
    } catch {
      body = null;
    }
    return { status: res.statusCode, body, headers: res.headers, text: res.body };
  }
  return t.post(call.path, payload, { token, headers });
}

/* Checking ------------------------------------------------------------------------------------------ */

let before: Map<string, bigint> | null = null;

async function check(call: CallDef, payload: unknown, r: Reply) {
  const label = `${call.method} ${call.path}${call.multipart ? ' (multipart)' : ''} ${JSON.stringify(payload)?.slice(0, 300)}`;
  try {
    expectEnvelope(r);
  } catch (err) {
    throw new Error(`${label}: ${(err as Error).message}`);
  }
  expect(r.status, `${label} → ${r.text.slice(0, 300)}`).toBeLessThan(500);
  if (r.body.code !== 200) expect(r.body.message.trim(), `${label}: empty message`).not.toBe('');
  for (const secret of [B_CARD_NO, B_REALNAME, B_DEPOSITOR, b.name, bDepositNo])
    expect(r.text.includes(secret), `${label} leaks B's ${secret}: ${r.text.slice(0, 300)}`).toBe(false);

  const prev = before ?? (await walletSnapshot(t.db, [a.id, b.id]));
  const after = await walletSnapshot(t.db, [a.id, b.id]);
  before = after;
  expect(snapshotDiff(prev, after, b.id), `${label} moved B's money`).toBe('');
  const ok = r.body.code === 200;
  if (ok) succeeded += 1;
  if (ok && call.money) moneyOk.set(call.name, (moneyOk.get(call.name) ?? 0) + 1);
  if (!ok) expect(snapshotDiff(prev, after, a.id), `${label} refused but moved A's money`).toBe('');
  else if (!call.money)
    expect(totalOf(after, a.id), `${label}: a non-money call changed A's total`).toBe(totalOf(prev, a.id));
}

/* The fuzz ------------------------------------------------------------------------------------------ */

function fieldArbitrary(field: string, literals: unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...plausible(field, literals)) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS, ...MONEY_VALUES, ...WRONG_TYPES) },
    { weight: 1, arbitrary: fc.constantFrom(...bIds()) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()) },
    { weight: 1, arbitrary: fc.constant(KB100) },
  );
}

function payloadArbitrary(fields: Map<string, unknown[]>): fc.Arbitrary<unknown> {
  const record = fc.record(Object.fromEntries([...fields].map(([f, lits]) => [f, fieldArbitrary(f, lits)])), {
    requiredKeys: [],
  });
  return fc.oneof(
    { weight: 12, arbitrary: record },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(undefined, null, [], [1], 'abc', 5, { extra: KB100 }),
    },
  );
}

const DISTINCT = CALLS.map((c) => [`${c.method} ${c.path}${c.multipart ? ' (multipart)' : ''}`, c] as const);

describe.each(DISTINCT)('%s', (_label, call) => {
  const fields = requestFields(call.request);
  beforeEach(() => t.db.delete(attemptLimits).then(() => undefined)); // other calls' wrong tries: not this one's

  it(
    'survives every hostile value in every field (one at a time, the others plausible)',
    { timeout: 90_000 },
    async () => {
      if (!t.app.hasRoute({ method: call.method, url: call.path })) return; // not served yet
      const base = Object.fromEntries([...fields].map(([f, lits]) => [f, plausible(f, lits)[0]]));
      for (const [field] of fields) {
        for (const v of sweepValues()) {
          const payload = Object.fromEntries(
            Object.entries({ ...base, [field]: v }).filter(([k]) => v !== undefined || k !== field),
          );
          await check(call, payload, await send(call, payload, { file: 1 }));
        }
      }
      for (const payload of [undefined, {}, null, [], 'abc'])
        await check(call, payload, await send(call, payload, { file: 0 }));
      if (call.money) {
        for (const key of [' ', 'k'.repeat(129), 'caf\u00e9', "' or 1=1 --", '<img src=x>']) {
          const r = await send(call, base, { file: 1, key });
          await check(call, base, r);
          if (key !== "' or 1=1 --" && key !== '<img src=x>') expect(r.status, `key ${key}`).toBe(400);
        }
      }
    },
  );

  it('survives generated requests (fast-check, fixed seed)', async () => {
    if (!t.app.hasRoute({ method: call.method, url: call.path })) return;
    await fc.assert(
      fc.asyncProperty(payloadArbitrary(fields), fc.nat(7), fc.boolean(), async (payload, file, noKey) => {
        await check(call, payload, await send(call, payload, { file, noKey: noKey && file === 0 }));
      }),
      { seed: SEED, numRuns: fields.size === 0 ? RUNS_NO_FIELDS : RUNS, endOnFailure: true },
    );
  });
});

describe('after the fuzz', () => {
  it('fuzzed every call the contract defines', () => {
    expect(CALLS.length).toBeGreaterThanOrEqual(60);
    const unserved = CALLS.filter((c) => !t.app.hasRoute({ method: c.method, url: c.path }));
    expect(unserved.map((c) => c.path)).toEqual([]);
  });

  it("left B's cards, deposit and withdrawal alone, and the ledger balanced", async () => {
    const bCards = await t.db.select().from(cards).where(eq(cards.userId, b.id));
    expect(bCards.map((c) => c.id).sort()).toEqual([b.bankCardId, b.usdtId].sort());
    const [dep] = await t.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, b.id), eq(deposits.depositNo, bDepositNo)));
    expect(dep?.state).toBe(1);
    const [w] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, bWithdrawalId));
    expect(w?.state).toBe(1);
    const aWithdrawals = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, a.id));
    expect(aWithdrawals.length).toBeGreaterThan(0);
    for (const aw of aWithdrawals) expect([b.bankCardId, b.usdtId]).not.toContain(aw.cardId);
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
  });
});

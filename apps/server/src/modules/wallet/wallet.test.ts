import { balance } from '@app/contract/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { idempotencyKeys } from '../../db/schema/money';
import { requestHash as hashOf } from '../../http/idempotency';
import { CENTRAL_VENUE, wallets } from '../../db/schema/wallets';
import { WalletService } from './service';
import { buildTestApp, dataOf, expectEnvelope, idem, type Reply, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await t.close();
});

const isOk = (r: Reply) => r.status === 200 && r.body?.code === 200;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

async function venues(token: string) {
  return dataOf<{ name: string; platname: string; balance: string }[]>(
    await t.post('/api/balancelist', {}, { token }),
  );
}
async function central(token: string) {
  return dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token })).balance;
}
function transfer(token: string, body: Record<string, unknown>, key?: string) {
  return t.post('/api/transfer', body, { token, headers: idem(key) });
}

describe('balance', () => {
  it('answers the central wallet as a two-place decimal string (the seed opening is in the ledger)', async () => {
    const token = await t.login('demo001', 'demo123');
    const data = dataOf(await t.post('/api/balance', {}, { token }));
    expect(data).toEqual({ balance: '1000.00' });
    expect(balance.response.parse(data)).toBe(100_000);
  });

  it('a new member has one central wallet at 0.00', async () => {
    const m = await t.newMember();
    expect(dataOf(await t.post('/api/balance', {}, { token: m.token }))).toEqual({ balance: '0.00' });
    const rows = await t.db.select().from(wallets).where(eq(wallets.userId, m.id));
    expect(rows.map((w) => [w.venue, w.balanceCents])).toEqual([[CENTRAL_VENUE, 0n]]);
  });

  it('venue wallets count toward gameblance, not balance', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '123.45');
    expect(
      isOk(await transfer(m.token, { amount: '10.50', sourcetype: 'userbalance', targettype: 'AG' })),
    ).toBe(true);
    expect(
      isOk(await transfer(m.token, { amount: '0.05', sourcetype: 'userbalance', targettype: 'KY' })),
    ).toBe(true);
    const info = dataOf(await t.post('/api/user', {}, { token: m.token }));
    expect([info.balance, info.gameblance]).toEqual(['112.90', '10.55']);
  });

  it('a wallet can never go negative (database check)', async () => {
    const m = await t.newMember();
    await expect(
      t.db.update(wallets).set({ balanceCents: -1n }).where(eq(wallets.userId, m.id)),
    ).rejects.toThrow();
  });

  it('needs a member', async () => {
    const r = await t.post('/api/balance');
    expectEnvelope(r);
    expect([r.status, r.body.message]).toEqual([401, '请先登录']);
  });
});

describe('balancelist', () => {
  it('gives one wallet per seeded platform, each at 0.00 for a new member', async () => {
    const m = await t.newMember();
    const list = await venues(m.token);
    expect(list.length).toBeGreaterThan(5);
    expect(new Set(list.map((v) => v.platname)).size).toBe(list.length);
    expect(list.find((v) => v.platname === 'AG')).toEqual({
      name: 'AG真人',
      platname: 'AG',
      balance: '0.00',
    });
    expect(list.every((v) => v.balance === '0.00')).toBe(true);
  });
});

describe('transfer', () => {
  it('moves money central → venue → central, and the venue shows it', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '100.00');
    const r = await transfer(m.token, { amount: 30, sourcetype: 'userbalance', targettype: 'AG' });
    expect(dataOf(r)).toBeNull();
    expect((await venues(m.token)).find((v) => v.platname === 'AG')?.balance).toBe('30.00');
    expect(await central(m.token)).toBe('70.00');
    expect(
      isOk(await transfer(m.token, { amount: '12.34', sourcetype: 'AG', targettype: 'userbalance' })),
    ).toBe(true);
    expect(await central(m.token)).toBe('82.34');
  });

  it('refuses venue to venue, unknown venues, more than the source and the auto-transfer mode', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '50.00');
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 10, sourcetype: 'AG', targettype: 'KY' }, '场馆内钱包不支持互转'],
      [{ amount: 10, sourcetype: 'userbalance', targettype: 'userbalance' }, '转出钱包和转入钱包不能相同'],
      [{ amount: 10, sourcetype: 'userbalance', targettype: 'NOPE' }, '场馆不存在'],
      [{ amount: '50.01', sourcetype: 'userbalance', targettype: 'AG' }, '余额不足'],
      [{ amount: 1, sourcetype: 'AG', targettype: 'userbalance' }, '余额不足'],
    ];
    for (const [body, message] of cases) {
      const r = await transfer(m.token, body);
      expect([r.status, r.body?.message]).toEqual([400, message]);
    }
    dataOf(await t.post('/api/uptransferstatus', { transferstatus: 1 }, { token: m.token }));
    const [u] = await t.db.select({ s: users.transferstatus }).from(users).where(eq(users.id, m.id));
    expect(u?.s).toBe(1);
    const blocked = await transfer(m.token, { amount: 10, sourcetype: 'userbalance', targettype: 'AG' });
    expect([blocked.status, blocked.body?.message]).toEqual([
      400,
      '已开启自动转账，请先关闭自动转账再手动转账',
    ]);
    dataOf(await t.post('/api/uptransferstatus', { transferstatus: '0' }, { token: m.token }));
    expect(isOk(await transfer(m.token, { amount: 10, sourcetype: 'userbalance', targettype: 'AG' }))).toBe(
      true,
    );
    expect(await central(m.token)).toBe('40.00');
  });

  it('refuses negative, zero, fractional-cent, NaN, huge and non-numeric amounts, changing nothing', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '100.00');
    const bad: unknown[] = [
      -1,
      '-5',
      0,
      '0',
      '0.00',
      '1.001',
      0.001,
      'NaN',
      NaN,
      'Infinity',
      1e20,
      '99999999999',
      'abc',
      '',
      null,
      true,
      [],
      {},
      '1e3',
      ' ',
      '0x10',
    ];
    for (const amount of bad) {
      const r = await transfer(m.token, { amount, sourcetype: 'userbalance', targettype: 'AG' });
      expectEnvelope(r);
      expect(r.status, JSON.stringify(amount)).toBe(400);
      expect(r.body.message.length).toBeGreaterThan(0);
    }
    expect(await central(m.token)).toBe('100.00');
    expect((await venues(m.token)).every((v) => v.balance === '0.00')).toBe(true);
  });

  it('50 concurrent transfers beyond the balance succeed exactly as far as it allows', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '100.00');
    const replies = await Promise.all(
      range(50).map(() => transfer(m.token, { amount: 30, sourcetype: 'userbalance', targettype: 'AG' })),
    );
    expect(replies.filter(isOk)).toHaveLength(3);
    expect(replies.filter((r) => r.body?.message === '余额不足')).toHaveLength(47);
    expect(await central(m.token)).toBe('10.00');
  });
});

describe('transall', () => {
  it('brings every venue back to the central wallet in one movement', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '100.00');
    for (const v of ['AG', 'KY', 'PP']) {
      expect(isOk(await transfer(m.token, { amount: 20, sourcetype: 'userbalance', targettype: v }))).toBe(
        true,
      );
    }
    expect(await central(m.token)).toBe('40.00');
    const r = await t.post('/api/transall', {}, { token: m.token, headers: idem() });
    expect([r.status, r.body?.message]).toEqual([200, '操作成功！']);
    expect(await central(m.token)).toBe('100.00');
    expect((await venues(m.token)).every((v) => v.balance === '0.00')).toBe(true);
  });

  it('50 concurrent recover-alls (with transfers back in between) never create money', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '100.00');
    expect(isOk(await transfer(m.token, { amount: 60, sourcetype: 'userbalance', targettype: 'AG' }))).toBe(
      true,
    );
    const replies = await Promise.all([
      ...range(50).map(() => t.post('/api/transall', {}, { token: m.token, headers: idem() })),
      ...range(10).map(() => transfer(m.token, { amount: 40, sourcetype: 'AG', targettype: 'userbalance' })),
    ]);
    expect(replies.slice(0, 50).every(isOk)).toBe(true);
    expect(await central(m.token)).toBe('100.00');
    expect((await venues(m.token)).every((v) => v.balance === '0.00')).toBe(true);
  });
});

describe('auto-transfer', () => {
  it('moves the whole central balance into the venue a game opens, only when switched on', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '42.00');
    const service = new WalletService(t.db);
    expect(await service.autoTransferInto(m.id, 'KY')).toBe(0n);
    dataOf(await t.post('/api/uptransferstatus', { transferstatus: 1 }, { token: m.token }));
    expect(await service.autoTransferInto(m.id, 'KY')).toBe(4_200n);
    expect(await central(m.token)).toBe('0.00');
    expect((await venues(m.token)).find((v) => v.platname === 'KY')?.balance).toBe('42.00');
    expect(await service.autoTransferInto(m.id, 'KY')).toBe(0n);
  });
});

describe('Idempotency-Key', () => {
  it('is optional on money calls (without one the call runs once); a malformed one is 400', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '10.00');
    const body = { amount: 1, sourcetype: 'userbalance', targettype: 'AG' };
    const r = await t.post('/api/transfer', body, { token: m.token });
    expect([r.status, r.body?.message]).toEqual([200, '转账成功']);
    expect(await central(m.token)).toBe('9.00');
    // No key, no replay: the same body again is a second transfer.
    expect(isOk(await t.post('/api/transfer', body, { token: m.token }))).toBe(true);
    expect(await central(m.token)).toBe('8.00');
    const bad = await t.post('/api/transall', {}, { token: m.token, headers: { 'idempotency-key': 'a b' } });
    expect([bad.status, bad.body?.message]).toEqual([400, '幂等键无效']);
  });

  it('the same key 20 times at once: one effect, 20 identical replies', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '100.00');
    const body = { amount: 25, sourcetype: 'userbalance', targettype: 'AG' };
    const replies = await Promise.all(range(20).map(() => transfer(m.token, body, 'same-key-1')));
    expect(new Set(replies.map((r) => `${r.status} ${r.text}`)).size).toBe(1);
    expect(isOk(replies[0] as Reply)).toBe(true);
    expect(await central(m.token)).toBe('75.00');
    // Replayed later too, even a refusal stays what it was.
    const again = await transfer(m.token, body, 'same-key-1');
    expect(again.text).toBe(replies[0]?.text);
    expect(await central(m.token)).toBe('75.00');
  });

  it('a refusal is replayed as well, even after the balance would allow it', async () => {
    const m = await t.newMember();
    const body = { amount: 5, sourcetype: 'userbalance', targettype: 'AG' };
    const first = await transfer(m.token, body, 'k-refused');
    expect(first.body?.message).toBe('余额不足');
    await t.fund(m.id, '10.00');
    const second = await transfer(m.token, body, 'k-refused');
    expect([second.status, second.text]).toEqual([first.status, first.text]);
    expect(await central(m.token)).toBe('10.00');
  });

  it('the same key with another body is refused (409); keys are per member', async () => {
    const a = await t.newMember();
    const b = await t.newMember();
    await t.fund(a.id, '50.00');
    await t.fund(b.id, '50.00');
    expect(
      isOk(await transfer(a.token, { amount: 5, sourcetype: 'userbalance', targettype: 'AG' }, 'shared')),
    ).toBe(true);
    const other = await transfer(
      a.token,
      { amount: 6, sourcetype: 'userbalance', targettype: 'AG' },
      'shared',
    );
    expect([other.status, other.body?.message]).toEqual([409, '幂等键已用于其他请求']);
    expect(
      isOk(await transfer(b.token, { amount: 6, sourcetype: 'userbalance', targettype: 'AG' }, 'shared')),
    ).toBe(true);
    expect([await central(a.token), await central(b.token)]).toEqual(['45.00', '44.00']);
    const otherCall = await t.post('/api/transall', {}, { token: a.token, headers: idem('shared') });
    expect(otherCall.status).toBe(409);
  });

  it('a claim left without a reply by an older version is taken over by the one statement, once', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '30.00');
    const body = { amount: 7, sourcetype: 'userbalance', targettype: 'AG' };
    const requestHash = hashOf('POST', '/api/transfer', body, new Map());
    await t.db.insert(idempotencyKeys).values({ userId: m.id, key: 'legacy-t', requestHash });
    const first = await transfer(m.token, body, 'legacy-t');
    expect(isOk(first)).toBe(true);
    expect((await transfer(m.token, body, 'legacy-t')).text).toBe(first.text);
    expect(await central(m.token)).toBe('23.00');
    const [row] = await t.db
      .select({ status: idempotencyKeys.status, body: idempotencyKeys.body })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, m.id), eq(idempotencyKeys.key, 'legacy-t')));
    expect(row).toEqual({ status: 200, body: first.text });
  });
});

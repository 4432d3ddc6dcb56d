/**
 * Money calls and their Idempotency-Key (idempotency.ts): the claim, the handler and the stored reply
 * are one transaction, so no outcome leaves a key claimed without a reply. Test routes stand in for a
 * money call: each credits the member 1.00 (through the ledger, in the handler's own transaction) and
 * can be told to fail in the ways a real handler can.
 */
import { defineCall } from '@app/contract/define';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { inScope } from '../db/scope';
import { idempotencyKeys } from '../db/schema/money';
import { BusinessError } from '../core/errors';
import { centralWalletId, post, SYSTEM } from '../modules/wallet/ledger';
import { centralBalance } from '../modules/wallet/service';
import { buildTestApp, idem, type Reply, type TestApp } from '../../test/helpers';
import { endpoint } from './endpoint';

const isPg = inject('serverTestDb').kind === 'postgres';

const Mode = z.enum(['ok', 'refuse', 'refuse-inside', 'refuse-after-failed-statement', 'crash-once', 'slow']);
const creditCall = defineCall({
  name: 'testCredit',
  method: 'POST',
  path: '/test/credit',
  request: z.object({ mode: Mode, tag: z.optional(z.string()) }),
  response: z.unknown(),
  money: true,
});
const lockCall = defineCall({
  name: 'testLock',
  method: 'POST',
  path: '/test/lock',
  request: z.object({ first: z.number(), second: z.number() }),
  response: z.unknown(),
  money: true,
});

const seen = { inScope: [] as boolean[], crashes: 0, lockRuns: 0 };
let crashArmed = false;
/** Both /test/lock requests wait here until the other holds its first lock (PostgreSQL only). */
let barrier: { waiting: number; release: () => void; done: Promise<void> } | null = null;

function testRoutes(app: FastifyInstance) {
  endpoint(app, creditCall, {
    handler: async ({ member, input }) => {
      seen.inScope.push(inScope(app.db));
      const wallet = await centralWalletId(app.db, member.id);
      const credit = () =>
        app.db.transaction(async (tx) => {
          await post(tx, {
            reason: 'adjustment',
            reference: input.tag ?? '',
            legs: [
              { wallet, cents: 100n },
              { account: SYSTEM.adjustments, cents: -100n },
            ],
          });
          if (input.mode === 'refuse-inside') throw new BusinessError('里面拒绝');
        });
      if (input.mode === 'slow') await new Promise((r) => setTimeout(r, 150));
      await credit();
      if (input.mode === 'refuse') throw new BusinessError('之后拒绝', 422);
      if (input.mode === 'refuse-after-failed-statement') {
        // A failed statement outside a savepoint aborts the transaction; the refusal is still stored.
        await app.db.execute(sql`select 1 / 0`).catch(() => undefined);
        throw new BusinessError('语句失败后拒绝');
      }
      if (input.mode === 'crash-once' && crashArmed) {
        crashArmed = false;
        seen.crashes += 1;
        throw new Error('the handler failed after moving money');
      }
      return { data: { balance: String(await centralBalance(app.db, member.id)) } };
    },
  });
  endpoint(app, lockCall, {
    handler: async ({ member, input }) => {
      seen.lockRuns += 1;
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`select id from wallets where id = ${input.first} for update`);
        const b = barrier;
        if (b) {
          b.waiting += 1;
          if (b.waiting === 2) b.release();
          await Promise.race([b.done, new Promise((r) => setTimeout(r, 2000))]);
        }
        await tx.execute(sql`select id from wallets where id = ${input.second} for update`);
      });
      return { data: { member: member.id } };
    },
  });
}

let t: TestApp;
let member: { id: number; token: string };
beforeAll(async () => {
  t = await buildTestApp({ beforeReady: testRoutes });
  member = await t.newMember();
});
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
  // No outcome ever leaves a claim without its reply.
  const open = await t.db.select().from(idempotencyKeys).where(isNull(idempotencyKeys.status));
  expect(open).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const credit = (mode: z.input<typeof Mode>, key?: string, tag?: string, token = member.token) =>
  t.post('/test/credit', { mode, tag }, { token, headers: key === undefined ? {} : idem(key) });
const balance = async (id = member.id) => centralBalance(t.db, id);
const keyRow = (key: string, userId = member.id) =>
  t.db
    .select({ status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
const sig = (r: Reply) => `${r.status} ${r.text}`;

describe('a money call runs in one transaction with its key', () => {
  it('the handler works inside the request transaction, with or without a key', async () => {
    seen.inScope.length = 0;
    const before = await balance();
    expect((await credit('ok', 'scope-1')).status).toBe(200);
    expect((await credit('ok')).status).toBe(200);
    expect(seen.inScope).toEqual([true, true]);
    expect(await balance()).toBe(before + 200n);
  });

  it('without a key every call runs once: no replay, nothing stored', async () => {
    const before = await balance();
    const rows = async () =>
      (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, member.id))).length;
    const keys = await rows();
    const replies = await Promise.all([1, 2, 3].map(() => credit('ok')));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await balance()).toBe(before + 300n);
    expect(await rows()).toBe(keys);
  });

  it('a success is stored with the key and replayed byte for byte, with one effect', async () => {
    const before = await balance();
    const first = await credit('ok', 'ok-1');
    const again = await credit('ok', 'ok-1');
    expect(sig(again)).toBe(sig(first));
    expect(await balance()).toBe(before + 100n);
    expect(await keyRow('ok-1')).toEqual([{ status: 200, body: first.text }]);
  });

  it('a refusal is stored and replayed; what the handler committed before refusing stays, once', async () => {
    const before = await balance();
    const first = await credit('refuse', 'refuse-1');
    expect([first.status, first.body?.message]).toEqual([422, '之后拒绝']);
    expect(sig(await credit('refuse', 'refuse-1'))).toBe(sig(first));
    // As without a request transaction: the handler's own transaction had completed.
    expect(await balance()).toBe(before + 100n);
  });

  it('a refusal inside the handler transaction rolls that transaction back; the refusal is replayed', async () => {
    const before = await balance();
    const first = await credit('refuse-inside', 'refuse-2');
    expect([first.status, first.body?.message]).toEqual([400, '里面拒绝']);
    expect(sig(await credit('refuse-inside', 'refuse-2'))).toBe(sig(first));
    expect(await balance()).toBe(before);
  });

  it('a refusal after a failed statement is still stored (the savepoint is rolled back)', async () => {
    const before = await balance();
    const first = await credit('refuse-after-failed-statement', 'refuse-3');
    expect([first.status, first.body?.message]).toEqual([400, '语句失败后拒绝']);
    expect(sig(await credit('refuse-after-failed-statement', 'refuse-3'))).toBe(sig(first));
    expect(await balance()).toBe(before);
  });

  it('an unexpected error rolls everything back, the claim too: the retry with the key runs once', async () => {
    const before = await balance();
    crashArmed = true;
    const first = await credit('crash-once', 'crash-1');
    expect(first.status).toBe(500);
    expect(await balance()).toBe(before);
    expect(await keyRow('crash-1')).toEqual([]);
    const retry = await credit('crash-once', 'crash-1');
    expect(retry.status).toBe(200);
    expect(sig(await credit('crash-once', 'crash-1'))).toBe(sig(retry));
    expect(await balance()).toBe(before + 100n);
  });

  it('the same key with another request is 409 and changes nothing', async () => {
    const before = await balance();
    expect((await credit('ok', 'other-1', 'a')).status).toBe(200);
    const other = await credit('ok', 'other-1', 'b');
    expect([other.status, other.body?.message]).toEqual([409, '幂等键已用于其他请求']);
    expect(await balance()).toBe(before + 100n);
  });

  it('a claim left without a reply by an older version is taken over: the retry runs once', async () => {
    const before = await balance();
    const probe = await credit('ok', 'legacy-probe');
    await t.db
      .update(idempotencyKeys)
      .set({ key: 'legacy-1', status: null, body: null })
      .where(and(eq(idempotencyKeys.userId, member.id), eq(idempotencyKeys.key, 'legacy-probe')));
    expect(probe.status).toBe(200);
    const retry = await credit('ok', 'legacy-1');
    expect(retry.status).toBe(200);
    expect(sig(await credit('ok', 'legacy-1'))).toBe(sig(retry));
    expect(await balance()).toBe(before + 200n);
  });
});

describe('duplicates at once', () => {
  it('20 identical requests with one key (a slow handler, pool of 5): one effect, 20 identical replies', async () => {
    const before = await balance();
    const replies = await Promise.all(Array.from({ length: 20 }, () => credit('slow', 'dup-1')));
    expect(new Set(replies.map(sig)).size).toBe(1);
    expect(replies[0]?.status).toBe(200);
    expect(await balance()).toBe(before + 100n);
  });

  it('when the first of 20 fails unexpectedly, one of the others runs: one effect, 19 identical replies', async () => {
    const before = await balance();
    crashArmed = true;
    const replies = await Promise.all(Array.from({ length: 20 }, () => credit('crash-once', 'dup-2')));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 500)).toHaveLength(1);
    expect(new Set(replies.filter((r) => r.status === 200).map(sig)).size).toBe(1);
    expect(await balance()).toBe(before + 100n);
  });
});

describe.runIf(isPg)('deadlocks (PostgreSQL)', () => {
  it('a deadlock between two money calls rolls one back and runs it again: both answer 200', async () => {
    const [a, b] = [await t.newMember(), await t.newMember()];
    const [wa, wb] = [await centralWalletId(t.db, a.id), await centralWalletId(t.db, b.id)];
    let release: () => void = () => undefined;
    const done = new Promise<void>((r) => {
      release = r;
    });
    barrier = { waiting: 0, release, done };
    seen.lockRuns = 0;
    try {
      // Opposite lock orders on purpose: the retry is the safety net, not the lock order.
      const replies = await Promise.all([
        t.post('/test/lock', { first: wa, second: wb }, { token: a.token, headers: idem() }),
        t.post('/test/lock', { first: wb, second: wa }, { token: b.token, headers: idem() }),
      ]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      expect(seen.lockRuns).toBe(3);
    } finally {
      barrier = null;
    }
  });
});

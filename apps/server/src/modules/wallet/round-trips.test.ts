import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, idem, type TestApp } from '../../../test/helpers';

/* A money movement is one round trip (migration 0015): after the session lookup, a transfer or a
 * recover-all sends ONE statement — the claim, the checks, the guarded updates, the ledger entries
 * and the stored reply — and opens no transaction of its own (the statement is one). Counted at the
 * driver: PGlite's query/transaction, node-postgres' pool query/connect (a transaction checks out a
 * client, whose statements would not pass through pool.query). */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Fn = (...args: unknown[]) => unknown;
/** Counts calls of the driver's entry points while `run` runs. */
async function driverCalls(run: () => Promise<unknown>): Promise<Record<string, number>> {
  const client = (t.db as unknown as { session: { client: Record<string, Fn> } }).session.client;
  const counts: Record<string, number> = {};
  const names = ['query', 'connect', 'transaction', 'exec'].filter((n) => typeof client[n] === 'function');
  const originals = names.map((n) => [n, client[n] as Fn] as const);
  // node-postgres' pool.query checks a client out itself (synchronously): that is not a transaction.
  let inQuery = false;
  for (const [n, original] of originals) {
    counts[n] = 0;
    client[n] = function (this: unknown, ...args: unknown[]) {
      if (!(n === 'connect' && inQuery)) counts[n] = (counts[n] ?? 0) + 1;
      const outer = inQuery;
      inQuery = n === 'query';
      try {
        return original.apply(this, args);
      } finally {
        inQuery = outer;
      }
    };
  }
  try {
    await run();
  } finally {
    for (const [n, original] of originals) client[n] = original;
  }
  return counts;
}

describe('one round trip per money movement', () => {
  it('the counter sees a transaction and its statements (so a zero below means none)', async () => {
    const counts = await driverCalls(() => t.db.transaction(async (tx) => tx.execute(sql`select 1`)));
    expect((counts.connect ?? 0) + (counts.transaction ?? 0)).toBe(1);
    const plain = await driverCalls(() => t.db.execute(sql`select 1`));
    expect((plain.query ?? 0) + (plain.exec ?? 0)).toBe(1);
  });

  it('a transfer, a refused transfer, a replay and a recover-all are each one statement after the session lookup', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '100.00');
    // A first call per member may create venue wallets; warm everything up once.
    await t.post(
      '/api/transfer',
      { amount: 1, sourcetype: 'userbalance', targettype: 'AG' },
      { token: m.token },
    );

    const key = idem();
    const cases: [string, () => Promise<unknown>][] = [
      [
        'transfer',
        () =>
          t.post(
            '/api/transfer',
            { amount: 10, sourcetype: 'userbalance', targettype: 'AG' },
            { token: m.token, headers: key },
          ),
      ],
      [
        'replay',
        () =>
          t.post(
            '/api/transfer',
            { amount: 10, sourcetype: 'userbalance', targettype: 'AG' },
            { token: m.token, headers: key },
          ),
      ],
      [
        'refused',
        () =>
          t.post(
            '/api/transfer',
            { amount: 1_000_000, sourcetype: 'userbalance', targettype: 'AG' },
            { token: m.token, headers: idem() },
          ),
      ],
      ['recover-all', () => t.post('/api/transall', {}, { token: m.token, headers: idem() })],
      [
        'no key',
        () =>
          t.post(
            '/api/transfer',
            { amount: 5, sourcetype: 'AG', targettype: 'userbalance' },
            { token: m.token },
          ),
      ],
    ];
    for (const [name, run] of cases) {
      const counts = await driverCalls(run);
      const statements = (counts.query ?? 0) + (counts.exec ?? 0);
      expect({ name, statements, transactions: (counts.connect ?? 0) + (counts.transaction ?? 0) }).toEqual({
        name,
        statements: 2,
        transactions: 0,
      });
    }
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true });
  });
});

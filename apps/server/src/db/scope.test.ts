import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { afterCommit, inScope, inTransaction } from './scope';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('afterCommit', () => {
  it('runs at once outside a transaction scope', async () => {
    const ran: string[] = [];
    await afterCommit(t.db, async () => {
      ran.push('now');
    });
    expect(ran).toEqual(['now']);
  });

  it('inside a scope, runs only after the commit, and outside the scope', async () => {
    const ran: string[] = [];
    await inTransaction(t.db, async () => {
      await afterCommit(t.db, async () => {
        ran.push(inScope(t.db) ? 'inside' : 'after commit');
      });
      ran.push('work');
    });
    expect(ran).toEqual(['work', 'after commit']);
  });

  it('never runs when the transaction rolls back; a failing effect does not fail a committed call', async () => {
    const ran: string[] = [];
    await expect(
      inTransaction(t.db, async () => {
        await afterCommit(t.db, async () => {
          ran.push('published');
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ran).toEqual([]);
    await expect(
      inTransaction(t.db, async () => {
        await afterCommit(t.db, () => Promise.reject(new Error('bus down')));
        return 'committed';
      }),
    ).resolves.toBe('committed');
  });
});

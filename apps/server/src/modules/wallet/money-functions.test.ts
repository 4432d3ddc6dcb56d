/**
 * The SQL money functions (migrations 0015, 0019) and the TypeScript side keep one copy of each rule
 * (issue 28): the claim and a wallet's creation are SQL functions the TypeScript calls; the central
 * wallet's code and the reply texts are passed by the TypeScript; what is still written on both sides
 * (which venues take transfers) is proved equal here. Each test fails when one side changes alone.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { gamePlatforms } from '../../db/schema/games';
import { users } from '../../db/schema/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { CENTRAL_VENUE } from '../../db/schema/wallets';
import { TRANSFER_REPLIES, WalletService } from './service';
import { demoVenueProvider } from './venues';

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

/** The live text of a function, as the database runs it. */
async function source(name: string): Promise<string> {
  const rows = rowsOf<{ src: string }>(
    await t.db.execute(sql`select prosrc as src from pg_proc where proname = ${name}`),
  );
  expect(rows, name).toHaveLength(1);
  return rows[0]?.src ?? '';
}

describe('the money functions repeat no rule of the TypeScript side', () => {
  it('the transfer functions name no wallet: the central one is CENTRAL_VENUE, passed in', async () => {
    for (const name of [
      'money_transfer',
      'money_transfer_all',
      'money_post',
      'money_wallet',
      'money_claim',
    ]) {
      const text = await source(name);
      expect(text, name).not.toMatch(/'central'|'userbalance'/);
      expect(text, name).not.toContain(`'${CENTRAL_VENUE}'`);
    }
  });

  it('money_transfer picks its replies by the names TRANSFER_REPLIES gives, each of them', async () => {
    const names = [...(await source('money_transfer')).matchAll(/p_replies->>'(\w+)'/g)].map((m) => m[1]);
    expect(new Set(names)).toEqual(new Set(Object.keys(TRANSFER_REPLIES)));
  });

  it('each outcome answers exactly its reply text', async () => {
    const service = new WalletService(t.db);
    const m = await t.newMember();
    await t.fund(m.id, '10.00');
    const [venue] = await demoVenueProvider.venues(t.db);
    if (!venue) throw new Error('no venue');
    const call = (amount: number, targettype: string) =>
      service.transferCall(m.id, { amount, sourcetype: 'userbalance', targettype });
    expect((await call(100, venue.code)).body).toBe(TRANSFER_REPLIES.ok);
    expect((await call(100_000, venue.code)).body).toBe(TRANSFER_REPLIES.insufficient);
    expect((await call(100, 'NO_SUCH_VENUE')).body).toBe(TRANSFER_REPLIES.no_venue);
    await t.db.update(users).set({ transferstatus: 1 }).where(eq(users.id, m.id));
    expect((await call(100, venue.code)).body).toBe(TRANSFER_REPLIES.auto_transfer_on);
  });
});

describe('which venues take transfers: the provider and money_venue_open agree', () => {
  async function accepted(): Promise<string[]> {
    const codes = rowsOf<{ code: string }>(
      await t.db.execute(sql`select distinct platform_name as code from game_platforms order by 1`),
    ).map((r) => r.code);
    const open: string[] = [];
    for (const code of [...codes, 'NO_SUCH_VENUE']) {
      const [row] = rowsOf<{ ok: boolean }>(await t.db.execute(sql`select money_venue_open(${code}) as ok`));
      if (row?.ok) open.push(code);
    }
    return open.sort();
  }
  const listed = async () => (await demoVenueProvider.venues(t.db)).map((v) => v.code).sort();

  it('the same codes, before and after an operator switches a platform off', async () => {
    expect(await accepted()).toEqual(await listed());
    const [some] = await listed();
    if (!some) throw new Error('no venue');
    await t.db.update(gamePlatforms).set({ appState: 0 }).where(eq(gamePlatforms.platformName, some));
    try {
      expect(await accepted()).not.toContain(some);
      expect(await accepted()).toEqual(await listed());
    } finally {
      await t.db.update(gamePlatforms).set({ appState: 1 }).where(eq(gamePlatforms.platformName, some));
    }
  });
});

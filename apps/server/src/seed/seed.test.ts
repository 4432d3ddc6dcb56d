import { GAME_CATEGORIES } from '@app/contract/enums';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { TEST_PUBLIC_URL } from '../../test/provided';
import { users } from '../db/schema/accounts';
import { gamePlatforms } from '../db/schema/games';
import { articles, banners, homeNotices, notices, siteSettings } from '../db/schema/site';
import { wallets } from '../db/schema/wallets';
import { seed } from './seed';
import { ledgerEntries } from '../db/schema/money';
import { DEMO_MEMBER, TRIAL_BALANCE_CENTS } from './content';
import { PGlite } from '@electric-sql/pglite';
import { pgliteHandle } from '../db/client';
import { loadConfig } from '../core/config';
import { dataOf } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const TABLES = { users, wallets, siteSettings, banners, homeNotices, notices, articles, gamePlatforms };

async function counts() {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await t.db.select({ n: count() }).from(table);
    out[name] = row?.n ?? 0;
  }
  return out;
}

describe('seed', () => {
  it('holds the demo content the app needs', async () => {
    const c = await counts();
    expect(c).toMatchObject({ siteSettings: 1, articles: 10, users: 2, wallets: 2 });
    expect(c.banners).toBeGreaterThanOrEqual(3);
    expect(c.homeNotices).toBeGreaterThanOrEqual(3);
    expect(c.notices).toBeGreaterThanOrEqual(6);
    for (const category of GAME_CATEGORIES) {
      const [row] = await t.db
        .select({ n: count() })
        .from(gamePlatforms)
        .where(eq(gamePlatforms.category, category));
      expect(row?.n, category).toBeGreaterThanOrEqual(3);
    }
  });

  it('is idempotent, and keeps what the operator changed', async () => {
    const before = await counts();
    await t.db.update(siteSettings).set({ siteState: 0, repairTips: '维护中' });
    const [demo] = await t.db.select().from(users).where(eq(users.username, 'demo001'));
    if (!demo) throw new Error('demo member missing');
    await t.fund(demo.id, '42.00');
    const [entriesBefore] = await t.db.select({ n: count() }).from(ledgerEntries);

    await seed(t.db, { publicUrl: TEST_PUBLIC_URL, demo: true });
    await seed(t.db, { publicUrl: 'http://elsewhere.example', demo: true });

    expect(await counts()).toEqual(before);
    const [site] = await t.db.select().from(siteSettings);
    expect([site?.siteState, site?.repairTips, site?.h5Url]).toEqual([0, '维护中', `${TEST_PUBLIC_URL}/`]);
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, demo.id));
    expect(wallet?.balanceCents).toBe(104_200n);
    const [entriesAfter] = await t.db.select({ n: count() }).from(ledgerEntries);
    expect(entriesAfter?.n).toBe(entriesBefore?.n);
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true });
  });

  it('names the lottery tiles after the games they open, renaming an older seed’s, never an operator’s', async () => {
    const tiles = async () =>
      Object.fromEntries(
        (await t.db.select().from(gamePlatforms).where(eq(gamePlatforms.category, 'lottery'))).map((p) => [
          p.platformName,
          p.name,
        ]),
      );
    expect(await tiles()).toMatchObject({ TCG: '加拿大28', VR: '幸运28', SGWIN: '香港六合彩' });
    await t.db.update(gamePlatforms).set({ name: '天成彩票' }).where(eq(gamePlatforms.platformName, 'TCG'));
    await t.db.update(gamePlatforms).set({ name: '我的彩票' }).where(eq(gamePlatforms.platformName, 'VR'));
    await seed(t.db, { publicUrl: TEST_PUBLIC_URL, demo: true });
    expect(await tiles()).toMatchObject({ TCG: '加拿大28', VR: '我的彩票', SGWIN: '香港六合彩' });
    await t.db.update(gamePlatforms).set({ name: '幸运28' }).where(eq(gamePlatforms.platformName, 'VR'));
  });

  it('puts the opening balances in the ledger as adjustments', async () => {
    const opening = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reason, 'opening'));
    expect(
      opening
        .filter((e) => e.walletId !== null)
        .map((e) => e.amountCents)
        .sort(),
    ).toEqual([100_000n, TRIAL_BALANCE_CENTS].sort());
    expect(opening.filter((e) => e.account === 'adjustments')).toHaveLength(2);
    const report = await t.ledgerCheck();
    expect(report.ok).toBe(true);
  });

  it('a database whose wallets hold balances without entries gets matching entries, balances kept', async () => {
    const [demo] = await t.db.select().from(users).where(eq(users.username, 'demo001'));
    if (!demo) throw new Error('demo member missing');
    const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, demo.id));
    if (!w) throw new Error('wallet missing');
    await t.db.delete(ledgerEntries).where(eq(ledgerEntries.walletId, w.id));
    await t.db.delete(ledgerEntries).where(eq(ledgerEntries.account, 'adjustments'));
    await t.db.delete(ledgerEntries).where(eq(ledgerEntries.reason, 'opening'));
    // The trial member's opening went too: put its entries back through the seed as well.
    await seed(t.db, { publicUrl: TEST_PUBLIC_URL, demo: true });
    const [after] = await t.db.select().from(wallets).where(eq(wallets.id, w.id));
    expect(after?.balanceCents).toBe(w.balanceCents);
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
  });

  it('the demo balance carries a turnover requirement equal to itself', async () => {
    const token = await t.login(DEMO_MEMBER.name, DEMO_MEMBER.password);
    expect(dataOf(await t.post('/api/getBetAmount', {}, { token }))).toMatchObject({
      bet_amount: '0.00',
      recharge_amount: '1000.00',
      items: [{ source: '体验金', required: '1000.00', done: '0.00', weights: '全部游戏按 100% 计入' }],
    });
  });

  it('outside demo mode: no member with money is seeded, and a public demo member is blocked', async () => {
    // A database seeded in demo mode earlier, started without DEMO: the demo member may not sign in.
    await seed(t.db, { publicUrl: TEST_PUBLIC_URL, demo: false });
    const [demo] = await t.db.select().from(users).where(eq(users.username, DEMO_MEMBER.name));
    expect(demo?.blocked).toBe(true);
    await expect(t.login(DEMO_MEMBER.name, DEMO_MEMBER.password)).rejects.toThrow(/failed/);

    // A fresh database: only the trial account (it cannot withdraw) holds money.
    const handle = pgliteHandle(new PGlite());
    try {
      await handle.prepare((db) => seed(db, { publicUrl: TEST_PUBLIC_URL, demo: false }));
      const members = await handle.db.select({ name: users.username, trial: users.isTrial }).from(users);
      expect(members).toEqual([{ name: 'guest888', trial: 1 }]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});

describe('demo mode', () => {
  it('is on for the embedded database, off on PostgreSQL unless DEMO=1', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(() => loadConfig({ DEMO: 'yes' })).toThrow(/DEMO/);
  });
});

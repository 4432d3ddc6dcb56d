import { GAME_CATEGORIES } from '@app/contract/enums';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { TEST_PUBLIC_URL } from '../../test/provided';
import { users } from './schema/accounts';
import { gamePlatforms } from './schema/games';
import { articles, banners, homeNotices, notices, siteSettings } from './schema/site';
import { wallets } from './schema/wallets';
import { seed } from './seed';

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
    expect(c).toMatchObject({ siteSettings: 1, articles: 8, users: 2, wallets: 2 });
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
    await t.db.update(wallets).set({ balanceCents: 4_200n }).where(eq(wallets.userId, demo.id));

    await seed(t.db, { publicUrl: TEST_PUBLIC_URL });
    await seed(t.db, { publicUrl: 'http://elsewhere.example' });

    expect(await counts()).toEqual(before);
    const [site] = await t.db.select().from(siteSettings);
    expect([site?.siteState, site?.repairTips, site?.h5Url]).toEqual([0, '维护中', `${TEST_PUBLIC_URL}/`]);
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, demo.id));
    expect(wallet?.balanceCents).toBe(4_200n);
  });
});

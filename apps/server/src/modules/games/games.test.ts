import { GAME_CATEGORIES } from '@app/contract/enums';
import { gameList } from '@app/contract/games';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePlatforms } from '../../db/schema/games';
import { buildTestApp, dataOf, expectEnvelope, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('game/list', () => {
  it.each(GAME_CATEGORIES)('lists several %s platforms with icons we serve', async (category) => {
    const games = gameList.response.parse(dataOf(await t.get('/api/game/list', { category })));
    expect(games.length).toBeGreaterThanOrEqual(3);
    for (const g of games) {
      expect(g.category).toBe(category);
      expect(g.platformName).not.toBe('');
      expect(g.icon).toMatch(/^\/assets-seed\/game-.+\.svg$/);
    }
    const icon = await t.app.inject({ method: 'GET', url: games[0]?.icon ?? '' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
  });

  it('the slot category carries the /concise codes', async () => {
    const games = gameList.response.parse(dataOf(await t.get('/api/game/list', { category: 'concise' })));
    expect(games.map((g) => g.gameCode)).toEqual(expect.arrayContaining(['obgdy', 'fgdz', 'pp', 'ae']));
  });

  it('hides platforms switched off (app_state 0)', async () => {
    await t.db.update(gamePlatforms).set({ appState: 0 }).where(eq(gamePlatforms.platformName, 'BBIN'));
    const raw = dataOf<{ platform_name: string }[]>(await t.get('/api/game/list', { category: 'realbet' }));
    expect(raw.map((g) => g.platform_name)).not.toContain('BBIN');
  });

  it.each([
    ['no category', {}],
    ['an unknown one', { category: 'casino' }],
    ['a 10 KB string', { category: 'x'.repeat(10_000) }],
    ['an empty one', { category: '' }],
  ])('refuses %s', async (_label, query) => {
    const r = await t.get('/api/game/list', query);
    expectEnvelope(r);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/[\u4e00-\u9fff]/);
  });
});

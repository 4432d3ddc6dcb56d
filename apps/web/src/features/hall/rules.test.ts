import { describe, expect, it } from 'vitest';
import { platformPath } from './rules';

describe('platformPath: where a member goes from a platform', () => {
  it.each([
    [{ category: 'lottery', platformName: '彩票', gameCode: 'ssc' }, '/lottery?name=ssc'],
    [{ category: 'concise', platformName: 'PP电子', gameCode: 'pp' }, '/concise?type=pp'],
    [
      { category: 'realbet', platformName: 'AG真人', gameCode: 'ag' },
      '/gamePage?name=AG%E7%9C%9F%E4%BA%BA&type=realbet&code=ag',
    ],
    [{ category: 'sport', platformName: 'SB', gameCode: 'sb&x' }, '/gamePage?name=SB&type=sport&code=sb%26x'],
  ])('%j → %s', (game, path) => {
    expect(platformPath(game)).toBe(path);
  });
});

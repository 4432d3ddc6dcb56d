import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  hasContent,
  isFlagSet,
  opensWithHeading,
  platformPath,
  setFlag,
  shouldShowWelcome,
  WELCOME_SEEN_KEY,
} from './rules';

const store = (init: Record<string, string> = {}) => {
  const m = new Map(Object.entries(init));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};
const blocked = {
  getItem: () => {
    throw new Error('blocked');
  },
  setItem: () => {
    throw new Error('blocked');
  },
};

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

describe('where a platform leads', () => {
  it('six categories in the hall order', () =>
    expect(CATEGORIES).toEqual(['realbet', 'sport', 'gaming', 'joker', 'concise', 'lottery']));
  it('a venue goes to /gamePage with name, type and code', () =>
    expect(platformPath({ category: 'realbet', platformName: 'AG 真人', gameCode: 'ag' })).toBe(
      '/gamePage?name=AG+%E7%9C%9F%E4%BA%BA&type=realbet&code=ag',
    ));
  it('a lottery to its rooms, slots to /concise', () => {
    expect(platformPath({ category: 'lottery', platformName: 'x', gameCode: 'jnd28' })).toBe(
      '/lottery?name=jnd28',
    );
    expect(platformPath({ category: 'concise', platformName: 'x', gameCode: 'pp' })).toBe('/concise?type=pp');
  });
});

describe('the welcome modal, once per session', () => {
  it('shows content not yet seen', () => expect(shouldShowWelcome('<p>欢迎</p>', store())).toBe(true));
  it('not after it was seen this session', () =>
    expect(shouldShowWelcome('<p>欢迎</p>', store({ [WELCOME_SEEN_KEY]: '1' }))).toBe(false));
  it.each([undefined, '', '   ', '<p></p>', '<p>&nbsp;</p>', '<br/>'])('not for empty content %j', (html) =>
    expect(shouldShowWelcome(html, store())).toBe(false),
  );
  it('a picture alone is content', () => expect(hasContent('<img src="/a.png">')).toBe(true));
  it.each(['<h3>欢迎</h3><p>x</p>', '\n <div class="a"><h2 id="t">欢迎</h2></div>', '<H1>欢迎</H1>'])(
    'the modal title is not repeated over markup that opens with a heading: %j',
    (html) => expect(opensWithHeading(html)).toBe(true),
  );
  it.each(['<p>欢迎</p><h3>x</h3>', '欢迎<h3>x</h3>', '<h5>小字</h5>', '<header>x</header>'])(
    'its title is shown over markup that does not: %j',
    (html) => expect(opensWithHeading(html)).toBe(false),
  );
  it('blocked storage: shown, and setting the flag does not throw', () => {
    expect(shouldShowWelcome('<p>x</p>', blocked)).toBe(true);
    expect(() => setFlag(blocked, WELCOME_SEEN_KEY)).not.toThrow();
    expect(isFlagSet(blocked, WELCOME_SEEN_KEY)).toBe(false);
  });
  it('setFlag then isFlagSet', () => {
    const s = store();
    setFlag(s, 'k');
    expect(isFlagSet(s, 'k')).toBe(true);
  });
});

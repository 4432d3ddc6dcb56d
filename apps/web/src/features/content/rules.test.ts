import { describe, expect, it } from 'vitest';
import {
  ABOUT_ARTICLES,
  articleOf,
  CATEGORIES,
  hasContent,
  HELP_ARTICLES,
  isFlagSet,
  messageTab,
  nextPage,
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

describe('help centre and /abouts articles', () => {
  it('lists the help articles in the spec order 7, 1, 2, 3, 4, 5, 8', () =>
    expect(HELP_ARTICLES.map((a) => a.type)).toEqual([7, 1, 2, 3, 4, 5, 8]));
  it.each([
    ['7', 7],
    ['1', 1],
    ['8', 8],
    [' 2 ', 2],
  ])('type %j is help article %i', (raw, type) => expect(articleOf(HELP_ARTICLES, raw)?.type).toBe(type));
  it.each([null, '', '6', '0', '9', 'abc', '1.5', '-1', '123'])('type %j is no help article', (raw) =>
    expect(articleOf(HELP_ARTICLES, raw)).toBeNull(),
  );
  it('/abouts knows 5 (terms) and 6 (privacy) only', () => {
    expect(articleOf(ABOUT_ARTICLES, '5')?.title).toBe('条款与规则');
    expect(articleOf(ABOUT_ARTICLES, '6')?.title).toBe('隐私政策');
    expect(articleOf(ABOUT_ARTICLES, '7')).toBeNull();
  });
});

describe('/message tabs', () => {
  it.each([
    [null, '1'],
    ['1', '1'],
    ['2', '2'],
    ['3', '1'],
    ['', '1'],
  ])('type %j opens tab %s', (raw, tab) => expect(messageTab(raw)).toBe(tab));
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

describe('paging', () => {
  const page = (p: number, n: number, total: number, last_page?: number) => ({
    page: p,
    data: Array.from({ length: n }, () => ({})),
    total,
    last_page,
  });
  it('follows last_page when the server sends it', () => {
    expect(nextPage(page(1, 10, 25, 3), [page(1, 10, 25, 3)])).toBe(2);
    expect(nextPage(page(3, 5, 25, 3), [])).toBeUndefined();
  });
  it('else counts what is loaded against total', () => {
    const p1 = page(1, 10, 12);
    const p2 = page(2, 2, 12);
    expect(nextPage(p1, [p1])).toBe(2);
    expect(nextPage(p2, [p1, p2])).toBeUndefined();
  });
  it('an empty page ends the list', () => expect(nextPage(page(2, 0, 99, 5), [])).toBeUndefined());
});

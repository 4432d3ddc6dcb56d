import { describe, expect, it } from 'vitest';
import { ABOUT_ARTICLES, articleOf, HELP_ARTICLES, messageTab, nextPage } from './rules';

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
    ['3', '3'],
    ['4', '1'],
    ['', '1'],
  ])('type %j opens tab %s', (raw, tab) => expect(messageTab(raw, true)).toBe(tab));

  it('type 3 opens tab 1 on a back end without our own messages', () => {
    expect(messageTab('3', false)).toBe('1');
    expect(messageTab('2', false)).toBe('2');
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

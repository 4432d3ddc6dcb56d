import { describe, expect, it } from 'vitest';
import { pageOf, pageOffset } from './paging';

describe('pages', () => {
  it('skips the rows of the pages before', () => {
    expect(pageOffset(1, 15)).toBe(0);
    expect(pageOffset(3, 15)).toBe(30);
  });

  it('names this page and the last, at least 1 when the list is empty', () => {
    expect(pageOf(['a'], 31, 3, 15)).toEqual({ data: ['a'], total: 31, current_page: 3, last_page: 3 });
    expect(pageOf([], 30, 1, 15).last_page).toBe(2);
    expect(pageOf([], 0, 1, 10).last_page).toBe(1);
  });
});

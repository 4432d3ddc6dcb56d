import { describe, expect, it } from 'vitest';
import { isCurrentPage } from './useGo';

describe('isCurrentPage', () => {
  it.each([
    ['/', '/', '', true],
    ['/', '/', '?x=1', true],
    ['/login', '/', '', false],
    ['/lottery?name=a', '/lottery', '?name=a', true],
    ['/lottery?name=b', '/lottery', '?name=a', false],
  ])('%s at %s%s → %s', (to, pathname, search, expected) => {
    expect(isCurrentPage(to, pathname, search)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './redirect';

describe('safeRedirect: only in-app paths are followed after login', () => {
  it.each([
    ['//evil.example', null],
    ['https://evil.example', null],
    ['/\\evil', null],
    ['javascript:alert(1)', null],
    ['\\/evil.example', null],
    ['/\t/evil.example', null],
    [' /vip2', null],
    ['vip2', null],
    ['', null],
    [null, null],
    [undefined, null],
    ['/vip2?x=1', '/vip2?x=1'],
    ['/', '/'],
    ['/userCent', '/userCent'],
  ])('%j → %j', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});

describe('loginPath: where the guard sends a visitor', () => {
  it('keeps the wanted path and search in redirect', () => {
    expect(loginPath('/vip2?x=1')).toBe('/login?redirect=%2Fvip2%3Fx%3D1');
    expect(loginPath('/')).toBe('/login');
  });
});

import { describe, expect, it } from 'vitest';
import { appRoutes, matchRoute } from '@/app/routes';

describe('matchRoute', () => {
  it('matches as react-router did: case and trailing slashes aside', () => {
    expect(matchRoute('/VIP/', appRoutes)?.path).toBe('/vip');
    expect(matchRoute('/', appRoutes)?.path).toBe('/');
    expect(matchRoute('/nope', appRoutes)).toBeUndefined();
  });
});

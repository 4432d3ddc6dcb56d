import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HashRouter,
  Link,
  MemoryRouter,
  parsePath,
  useHref,
  useLocation,
  useNavigate,
  useSearchParams,
  type Location,
  type NavigateFunction,
  type SetSearchParams,
} from '@app/mobile/router';

const seen: { location?: Location; navigate?: NavigateFunction; setParams?: SetSearchParams; href?: string } =
  {};
function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  const setParams = useSearchParams()[1];
  const href = useHref('/x?y=1');
  useLayoutEffect(() => {
    Object.assign(seen, { location, navigate, setParams, href });
  });
  return (
    <Link to="/links?tab=2" className="l">
      链接
    </Link>
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('parsePath', () => {
  it.each([
    ['/lottery?room_id=1', '/lottery', '?room_id=1'],
    ['', '/', ''],
    ['mine', '/mine', ''],
    ['/a?', '/a', ''],
    ['/a?b=1#c', '/a', '?b=1'],
  ])('%s', (path, pathname, search) => {
    expect(parsePath(path, 'k')).toEqual({ pathname, search, key: 'k' });
  });
});

describe('the memory router', () => {
  it("navigates, keys each entry ('default' first), replaces, goes back and sets the query", async () => {
    render(
      <MemoryRouter initialEntries={['/a?x=1']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(seen.location).toEqual({ pathname: '/a', search: '?x=1', key: 'default' });
    expect(seen.href).toBe('/x?y=1');
    const navigate = seen.navigate;
    act(() => seen.navigate?.('/b?y=2'));
    expect(seen.location?.pathname).toBe('/b');
    expect(seen.location?.key).not.toBe('default');
    expect(seen.navigate).toBe(navigate);
    act(() => seen.setParams?.((p) => new URLSearchParams([...p, ['z', '3']]), { replace: true }));
    expect(seen.location?.search).toBe('?y=2&z=3');
    act(() => seen.navigate?.(-1));
    expect(seen.location).toEqual({ pathname: '/a', search: '?x=1', key: 'default' });
    act(() => seen.setParams?.({}));
    expect(seen.location?.search).toBe('');
  });
});

describe('the hash router', () => {
  it('keeps the query inside the hash, the key in history.state, and links as #/… hrefs', async () => {
    window.history.replaceState(null, '', '/#/lottery?room_id=1');
    render(
      <HashRouter>
        <Probe />
      </HashRouter>,
    );
    expect(seen.location).toEqual({ pathname: '/lottery', search: '?room_id=1', key: 'default' });
    expect(seen.href).toBe('#/x?y=1');
    expect(screen.getByRole('link', { name: '链接' })).toHaveAttribute('href', '#/links?tab=2');
    const length = window.history.length;
    await userEvent.click(screen.getByRole('link', { name: '链接' }));
    expect(window.location.hash).toBe('#/links?tab=2');
    expect(window.history.length).toBe(length + 1);
    expect((window.history.state as { key: string }).key).toBe(seen.location?.key);
    // A link to the page shown replaces its entry.
    await userEvent.click(screen.getByRole('link', { name: '链接' }));
    expect(window.history.length).toBe(length + 1);
    act(() => seen.setParams?.({ tab: '3' }, { replace: true }));
    expect(window.location.hash).toBe('#/links?tab=3');
    expect(window.location.search).toBe('');
  });
});

/* Back with the bet sheet open closes the sheet; the room stays (issue 30, item 11). */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tappable } from '@test/dialog';
import { installFakeWebSocket } from '@test/fake-socket';
import { renderApp } from '@test/render';

vi.mock('../sound', () => ({ playSound: vi.fn(() => true) }));

beforeAll(async () => {
  await Promise.all([import('antd-mobile/es/components/toast'), import('../components/BetPanel')]);
});
beforeEach(() => {
  installFakeWebSocket();
});
afterEach(() => vi.unstubAllGlobals());

const sheet = () => screen.queryByRole('dialog', { name: '信用投注' });

describe('the bet sheet and the phone’s back', { timeout: 30_000 }, () => {
  it('back closes the open sheet and keeps the room; closing it by its button leaves history as it was', async () => {
    const { user, router, location } = renderApp('/', { token: 'tok' });
    await act(() => router.navigate('/lottery?room_id=1'));
    await user.click(await screen.findByRole('button', { name: '玩法' }));
    await waitFor(() => expect(sheet()).toBeInTheDocument());

    await act(() => router.navigate(-1)); // the phone's back
    await waitFor(() => expect(sheet()).toBeNull(), { timeout: 5000 });
    expect(location()).toBe('/lottery?room_id=1');
    expect(screen.getByTestId('round-state')).toBeInTheDocument();

    // Again, closed by its own 关闭: one back still leaves the room for the hall.
    await user.click(screen.getByRole('button', { name: '玩法' }));
    await waitFor(() => expect(sheet()).toBeInTheDocument());
    await user.click(await tappable(screen.getByRole('button', { name: '关闭' })));
    await waitFor(() => expect(sheet()).toBeNull(), { timeout: 5000 });
    expect(location()).toBe('/lottery?room_id=1');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(location()).toBe('/'));
  });
});

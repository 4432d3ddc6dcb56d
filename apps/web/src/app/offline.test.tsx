import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transfer } from '@app/contract/wallet';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

/* Lost connections (issue 30): no spinner or skeleton for ever, and nothing that moves money goes out
 * later by itself. The network is cut the way a phone loses it: the browser says offline and every
 * request fails. */

function cutTheNetwork() {
  onlineManager.setOnline(false);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

afterEach(() => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
});

describe('offline', () => {
  it('立即转账 says 网络异常 at once; when the network returns nothing is sent by itself', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(transfer.path, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ code: 200, message: '转账成功', data: null });
      }),
    );
    const { user } = renderApp('/transfer', { token: 'tok' });
    await waitFor(() => expect(screen.getByRole('button', { name: '转入钱包' })).toHaveTextContent('AG真人'));
    cutTheNetwork();
    await user.type(screen.getByPlaceholderText('请输入转账金额'), '5');
    const started = Date.now();
    await user.click(screen.getByRole('button', { name: '立即转账' }));
    expect(await screen.findByText(/网络异常，请检查网络后重试/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(Date.now() - started).toBeLessThan(5000);
    await waitFor(() => expect(screen.getByRole('button', { name: '立即转账' })).toBeEnabled());

    vi.restoreAllMocks();
    onlineManager.setOnline(true);
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 300));
    expect(sent).toEqual([]);
  });

  it('a screen that cannot load says so with 重试, never a skeleton for ever', async () => {
    server.use(http.all('*/api/*', () => HttpResponse.error()));
    cutTheNetwork();
    renderApp('/recharge', { token: 'tok' });
    expect(
      (await screen.findAllByText('网络异常，请检查网络后重试', {}, { timeout: 5000 })).length,
    ).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: '重试' }).length).toBeGreaterThan(0);
  });
});

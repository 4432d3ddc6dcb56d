import {
  consoleBanners,
  consoleCreateBanner,
  consoleDeleteBanner,
  consoleReorderBanners,
  type BannerRow,
} from '@app/contract/console-content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import BannersScreen from './BannersScreen';

const CONTENT = { ...TEST_OPERATOR, name: 'yunying01', role: 'content' as const };
const banner = (id: number, over: Partial<BannerRow> = {}): BannerRow => ({
  id,
  src: `/uploads/b${id}.png`,
  url: '',
  sort: id,
  starts_at: null,
  ends_at: null,
  created_at: '2026-11-20 10:00:00',
  ...over,
});

describe('BannersScreen', { timeout: 60_000 }, () => {
  it('lists the banners in order and moves one up with the whole new order', async () => {
    let items = [banner(1, { url: '/activity' }), banner(2)];
    const orders: number[][] = [];
    server.use(
      answer(consoleBanners, () => ({ items })),
      answer(consoleReorderBanners, (input) => {
        const ids = input.ids.map(Number);
        orders.push(ids);
        items = ids.map((id, i) => banner(id, { sort: i + 1 }));
        return { items };
      }),
    );
    renderScreen(<BannersScreen />, { operator: CONTENT });
    expect(await screen.findByAltText('轮播图1')).toHaveAttribute('src', '/uploads/b1.png');
    expect(screen.getByText('/activity')).toBeInTheDocument();
    expect(screen.getByText('不跳转')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上移第1张' })).toBeDisabled();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: '上移第2张' }));
    expect(await screen.findByText('顺序已保存')).toBeInTheDocument();
    expect(orders).toEqual([[2, 1]]);
    await waitFor(() => expect(screen.getByAltText('轮播图1')).toHaveAttribute('src', '/uploads/b2.png'));
  });

  it('refuses a banner without a picture or with a bad link, sending nothing', async () => {
    const created: unknown[] = [];
    server.use(
      answer(consoleBanners, { items: [] }),
      answer(consoleCreateBanner, (input) => {
        created.push(input);
        return banner(9, { src: input.src });
      }),
    );
    renderScreen(<BannersScreen />, { operator: CONTENT });
    expect(await screen.findByText('还没有轮播图，点右上角“添加轮播图”')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /添加轮播图/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByPlaceholderText('/activity 或 https://…'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请上传轮播图图片')).toBeInTheDocument();
    expect(within(dialog).getByText('链接须以 http://、https:// 或 / 开头')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it('deletes after confirming and shows a refusal in Chinese', async () => {
    server.use(
      answer(consoleBanners, { items: [banner(1)] }),
      answer(consoleDeleteBanner, { refuse: { status: 404, message: '轮播图不存在' } }),
    );
    renderScreen(<BannersScreen />, { operator: CONTENT });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /删\s*除/ }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('轮播图不存在')).toBeInTheDocument();
  });
});

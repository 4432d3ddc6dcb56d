import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@test/render';

describe('/discover', () => {
  it('官方资讯 links to /message', async () => {
    renderApp('/discover');
    expect(await screen.findByRole('link', { name: /官方资讯/ })).toHaveAttribute('href', '/message');
  });

  it('精彩专题 opens the sponsorship topics of /zhanzhu', async () => {
    const { user, location } = renderApp('/discover');
    const topics = await screen.findByRole('link', { name: /精彩专题/ });
    expect(topics).toHaveAttribute('href', '/zhanzhu');
    await user.click(topics);
    await waitFor(() => expect(location()).toBe('/zhanzhu'));
    expect(await screen.findByRole('list', { name: '赞助列表' })).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@test/render';

describe('/zhanzhu and /zhanzhuye', () => {
  it('lists the sponsors and opens /zhanzhuye?type=', async () => {
    const { user, location } = renderApp('/zhanzhu');
    const links = await screen.findAllByRole('link', { name: /赞助|合作伙伴/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/zhanzhuye?type=1', '/zhanzhuye?type=2']);
    await user.click(screen.getByRole('link', { name: /国际电竞/ }));
    await waitFor(() => expect(location()).toBe('/zhanzhuye?type=2'));
    expect(await screen.findByRole('heading', { name: '国际电竞赛事官方赞助商' })).toBeInTheDocument();
  });

  it('an unknown type shows 页面不存在', async () => {
    renderApp('/zhanzhuye?type=9');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@test/render';

describe('/betRecord', () => {
  it('sends a visitor to /login first', async () => {
    const { location } = renderApp('/betRecord');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2FbetRecord'));
  });

  it("shows '维护中～' under its date and platform filters", async () => {
    const { user } = renderApp('/betRecord', { token: 'tok' });
    expect(await screen.findByText('维护中～')).toBeInTheDocument();
    const filters = screen.getByRole('group', { name: '筛选' });
    const date = within(filters).getByLabelText('日期');
    expect(date).toHaveDisplayValue('近30天');
    expect(
      within(date)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['今天', '近7天', '近15天', '近30天']);
    await user.selectOptions(date, '今天');
    expect(date).toHaveDisplayValue('今天');
    const platform = within(filters).getByLabelText('平台');
    await waitFor(() => expect(within(platform).getAllByRole('option').length).toBeGreaterThan(1));
    expect(screen.getByText('维护中～')).toBeInTheDocument();
  });
});

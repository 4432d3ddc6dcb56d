import { consoleAddBlacklist, consoleBlacklist, type BlacklistRow } from '@app/contract/console-blacklist';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import BlacklistScreen from './BlacklistScreen';

const ROW: BlacklistRow = {
  id: 1,
  kind: 'card',
  value: '6222111122223333',
  reason: '盗卡',
  created_by: 'risk01',
  created_at: '2026-01-10 09:30:00',
};

describe('BlacklistScreen', () => {
  it('lists the entries by kind and adds one with its reason', async () => {
    const sent: unknown[] = [];
    server.use(
      answer(consoleBlacklist, { total: 1, items: [ROW] }),
      answer(consoleAddBlacklist, (input) => {
        sent.push(input);
        return { ...ROW, id: 2, kind: 'mobile' as const, value: '13700001111', reason: '团伙' };
      }),
    );
    renderScreen(<BlacklistScreen />, { path: '/risk/blacklist', route: '/risk/blacklist' });
    const cell = await screen.findByText('6222111122223333');
    expect(within(cell.closest('tr') as HTMLElement).getByText('银行卡号')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: '加入黑名单' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: '类型' }));
    await user.click(await screen.findByTitle('手机号'));
    await user.type(within(dialog).getByLabelText('内容'), ' 137 0000 1111 ');
    await user.type(within(dialog).getByLabelText('原因'), '团伙');
    await user.click(within(dialog).getByRole('button', { name: /加\s*入/ }));
    await waitFor(() => expect(sent).toEqual([{ kind: 'mobile', value: '137 0000 1111', reason: '团伙' }]));
  }, 40_000);
});

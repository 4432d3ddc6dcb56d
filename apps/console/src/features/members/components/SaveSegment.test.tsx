import { consoleCreateSegment, type SegmentRow } from '@app/contract/console-segments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { SaveSegment } from './SaveSegment';

const saved = (name: string): SegmentRow => ({
  id: 4,
  name,
  filters: { tag: 7 },
  members: 3,
  created_by: 'kefu01',
  created_at: '2026-11-28 10:00:00',
});

describe('SaveSegment', { timeout: 40_000 }, () => {
  it('is disabled until a filter is set, and says so', () => {
    renderScreen(<SaveSegment filters={{}} />);
    const button = screen.getByRole('button', { name: '保存为分群' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', '先在“更多筛选”中设置条件');
  });

  it('checks the name, shows the server’s refusal on it, then saves the filters as sent', async () => {
    const sent: unknown[] = [];
    server.use(
      answer(consoleCreateSegment, (input) => {
        sent.push(input);
        if (input.name === '高价值') return { refuse: { status: 409, message: '分群名称已存在' } };
        return saved(String(input.name));
      }),
    );
    renderScreen(<SaveSegment filters={{ tag: '7', vip: '3' }} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: '保存为分群' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入分群名称')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('分群名称'), ' 高价值 ');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('分群名称已存在')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('分群名称'));
    await user.type(within(dialog).getByLabelText('分群名称'), '高价值二');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已保存分群“高价值二”（当前 3 人）')).toBeInTheDocument();
    expect(sent).toEqual([
      { name: '高价值', filters: { tag: '7', vip: '3' } },
      { name: '高价值二', filters: { tag: '7', vip: '3' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

import { consoleMemberTags, consoleTagMembers } from '@app/contract/console-annotations';
import { consoleMembers, type MemberRow } from '@app/contract/console-members';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import MembersScreen from './MembersScreen';

const row = (over: Partial<MemberRow> = {}): MemberRow => ({
  id: 10001,
  name: 'demo001',
  realname: '张三',
  vip_level: 2,
  balance: '1234.50',
  isagent: true,
  is_trial: false,
  blocked: true,
  created_at: '2026-01-10 09:30:00',
  tags: [],
  ...over,
});

describe('MembersScreen', () => {
  it('searches with the one box and lists the members with their tags', async () => {
    const asked: string[] = [];
    server.use(
      answer(consoleMembers, (input) => {
        asked.push(String(input.q ?? ''));
        return input.q === '6222020200112233'
          ? { total: 1, items: [row()] }
          : {
              total: 2,
              items: [
                row(),
                row({ id: 10002, name: 'guest888', is_trial: true, isagent: false, blocked: false }),
              ],
            };
      }),
    );
    renderScreen(<MembersScreen />, { path: '/members', route: '/members' });
    expect(await screen.findByText('guest888')).toBeInTheDocument();
    expect(screen.getByText('共 2 位会员')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('搜索会员'), '6222020200112233{Enter}');
    expect(await screen.findByText('共 1 位会员')).toBeInTheDocument();
    expect(asked).toContain('6222020200112233');
    const first = screen.getByRole('link', { name: 'demo001' });
    expect(first).toHaveAttribute('href', '/members/10001');
    const tr = first.closest('tr') as HTMLElement;
    expect(within(tr).getByText('代理')).toBeInTheDocument();
    expect(within(tr).getByText('已冻结')).toBeInTheDocument();
    expect(within(tr).getByText('¥1,234.50')).toBeInTheDocument();
  }, 40_000);

  it('searches by real name too: the box says so, and sends what was typed', async () => {
    const asked: string[] = [];
    server.use(
      answer(consoleMembers, (input) => {
        asked.push(String(input.q ?? ''));
        return { total: 1, items: [row()] };
      }),
    );
    renderScreen(<MembersScreen />, { path: '/members', route: '/members' });
    await screen.findByText('共 1 位会员');
    const box = screen.getByLabelText('搜索会员');
    expect(box).toHaveAttribute('placeholder', expect.stringContaining('真实姓名'));
    await userEvent.setup({ delay: null }).type(box, '张三{Enter}');
    await waitFor(() => expect(asked).toContain('张三'));
  }, 40_000);

  it('says when nothing matches', async () => {
    server.use(answer(consoleMembers, { total: 0, items: [] }));
    renderScreen(<MembersScreen />, { path: '/members?q=nobody', route: '/members' });
    expect(await screen.findByText('没有找到与“nobody”匹配的会员')).toBeInTheDocument();
  }, 40_000);

  it('shows the error with 重试', async () => {
    server.use(answer(consoleMembers, { refuse: { status: 500, message: '服务器繁忙' } }));
    renderScreen(<MembersScreen />, { path: '/members', route: '/members' });
    expect(await screen.findByText('服务器繁忙')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  }, 40_000);

  it('tags the selected members at once (批量打标签) and shows the operators’ tags in colour', async () => {
    const sent: unknown[] = [];
    const vip = { id: 7, name: '高价值', color: '#f5222d' };
    server.use(
      answer(consoleMembers, {
        total: 2,
        items: [row({ tags: [vip] }), row({ id: 10002, name: 'demo002', isagent: false, blocked: false })],
      }),
      answer(consoleMemberTags, { items: [{ ...vip, members: 1, created_at: '2026-01-10 09:30:00' }] }),
      answer(consoleTagMembers, (input) => {
        sent.push(input);
        return { changed: 2 };
      }),
    );
    renderScreen(<MembersScreen />, { path: '/members', route: '/members' });
    const second = await screen.findByRole('link', { name: 'demo002' });
    const firstRow = screen.getByRole('link', { name: 'demo001' }).closest('tr') as HTMLElement;
    expect(within(firstRow).getByText('高价值')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('button', { name: '批量打标签' })).toBeDisabled();
    await user.click(within(firstRow).getByRole('checkbox'));
    await user.click(within(second.closest('tr') as HTMLElement).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '批量打标签' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: '选择标签' }));
    await user.click(await screen.findByTitle('高价值'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent).toEqual([{ member_ids: [10001, 10002], tag_ids: [7], action: 'add' }]));
  }, 40_000);
});

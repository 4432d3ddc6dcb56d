import {
  consoleChatMessages,
  consoleChatMutes,
  consoleChatRooms,
  consoleDeleteChatMessage,
  consoleMuteChatMember,
  consoleUnmuteChatMember,
  type ChatMessageRow,
} from '@app/contract/console-chat';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import ChatScreen from './ChatScreen';

const SUPPORT = { ...TEST_OPERATOR, role: 'support' as const, name: 'kefu01' };

const msg = (over: Partial<ChatMessageRow> = {}): ChatMessageRow => ({
  id: '100',
  user_id: 9,
  author: 'player9',
  content: '<img src=x onerror=alert(1)>加我',
  kind: 'chat',
  kind_label: '发言',
  created_at: '2026-11-25 12:00:00',
  deleted: false,
  deleted_at: null,
  deleted_by: '',
  muted_until: null,
  ...over,
});

beforeEach(() => {
  server.use(
    answer(consoleChatRooms, {
      items: [
        { id: 1, title: '新手房', lottery_title: '加拿大28', enabled: true },
        { id: 2, title: '高手房', lottery_title: '加拿大28', enabled: false },
      ],
    }),
    answer(consoleChatMutes, { total: 0, items: [] }),
  );
});

describe('ChatScreen', () => {
  it('lists a room’s messages newest first as text, loads older ones, marks deleted ones', async () => {
    const asked: string[] = [];
    server.use(
      answer(consoleChatMessages, (input) => {
        asked.push(`${input.room_id}:${input.before ?? ''}`);
        return input.before
          ? {
              items: [msg({ id: '50', content: '更早的一条', deleted: true, deleted_by: 'yunying1' })],
              next_before: null,
            }
          : {
              items: [
                msg(),
                msg({
                  id: '99',
                  user_id: null,
                  author: '系统',
                  content: '第1期开始投注',
                  kind: 'open',
                  kind_label: '开盘',
                }),
              ],
              next_before: '99',
            };
      }),
    );
    const { container } = renderScreen(<ChatScreen />, {
      path: '/lottery/chat',
      route: '/lottery/chat',
      operator: SUPPORT,
    });
    expect(await screen.findByText('<img src=x onerror=alert(1)>加我')).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('第1期开始投注')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: '加载更早的消息' }));
    expect(await screen.findByText('更早的一条')).toBeInTheDocument();
    expect(screen.getByText('已删除 · yunying1')).toBeInTheDocument();
    expect(screen.getByText('没有更早的消息了')).toBeInTheDocument();
    expect(asked).toEqual(['1:', '1:99']);
    // Only members' live lines can be deleted.
    const systemRow = screen.getByText('第1期开始投注').closest('tr') as HTMLElement;
    expect(within(systemRow).queryByRole('button', { name: '删除' })).toBeNull();
  }, 40_000);

  it('deletes a message after confirming, then shows it marked', async () => {
    let deleted = false;
    server.use(
      answer(consoleChatMessages, () => ({
        items: [msg({ deleted, deleted_by: deleted ? 'kefu01' : '' })],
        next_before: null,
      })),
      answer(consoleDeleteChatMessage, (input) => {
        if (deleted) return { refuse: { status: 409, message: '该消息已被删除' } };
        deleted = input.id === '100';
        return { id: input.id, deleted_at: '2026-11-25 12:01:00', deleted_by: 'kefu01' };
      }),
    );
    renderScreen(<ChatScreen />, { path: '/lottery/chat', route: '/lottery/chat', operator: SUPPORT });
    const user = userEvent.setup({ delay: null });
    const row = (await screen.findByText('<img src=x onerror=alert(1)>加我')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '删除' }));
    await user.click(
      await screen
        .findByRole('button', { name: '删 除' })
        .catch(() => screen.getByRole('button', { name: '删除' })),
    );
    expect(await screen.findByText('消息已删除，房间内已同步移除')).toBeInTheDocument();
    expect(await screen.findByText('已删除 · kefu01')).toBeInTheDocument();
  }, 40_000);

  it('mutes the author for a chosen time, asking for the duration first', async () => {
    const muted: unknown[] = [];
    server.use(
      answer(consoleChatMessages, () => ({
        items: [
          msg(),
          msg({
            id: '101',
            user_id: 8,
            author: 'player8',
            content: '别刷了',
            muted_until: '2999-12-31 00:00:00',
          }),
        ],
        next_before: null,
      })),
      answer(consoleMuteChatMember, (input) => {
        muted.push(input);
        return { user_id: 9, until: '2026-11-26 12:00:00', permanent: false };
      }),
    );
    renderScreen(<ChatScreen />, { path: '/lottery/chat', route: '/lottery/chat', operator: SUPPORT });
    const user = userEvent.setup({ delay: null });
    const row = (await screen.findByText('<img src=x onerror=alert(1)>加我')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '禁言' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('禁言会员 player9')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确认禁言/ }));
    expect(await within(dialog).findByText('请选择禁言时长')).toBeInTheDocument();
    await user.click(within(dialog).getByText('1 天'));
    await user.type(within(dialog).getByRole('textbox'), '刷屏');
    await user.click(within(dialog).getByRole('button', { name: /确认禁言/ }));
    await waitFor(() => expect(muted).toEqual([{ user_id: 9, duration: '1d', reason: '刷屏' }]));
    expect(await screen.findByText('已禁言会员 player9')).toBeInTheDocument();
  }, 60_000);

  it('lifts a mute after confirming', async () => {
    server.use(
      answer(consoleChatMessages, {
        items: [
          msg({
            id: '101',
            user_id: 8,
            author: 'player8',
            content: '别刷了',
            muted_until: '2999-12-31 00:00:00',
          }),
        ],
        next_before: null,
      }),
      answer(consoleUnmuteChatMember, () => ({ user_id: 8 })),
    );
    renderScreen(<ChatScreen />, { path: '/lottery/chat', route: '/lottery/chat', operator: SUPPORT });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('永久禁言')).toBeInTheDocument();
    const other = screen.getByText('别刷了').closest('tr') as HTMLElement;
    await user.click(within(other).getByRole('button', { name: '解除禁言' }));
    await user.click(
      await screen
        .findByRole('button', { name: '解 除' })
        .catch(() => screen.getByRole('button', { name: '解除' })),
    );
    expect(await screen.findByText('已解除 player8 的禁言')).toBeInTheDocument();
  }, 60_000);

  it('hides the actions from a role that may not make them', async () => {
    server.use(answer(consoleChatMessages, { items: [msg()], next_before: null }));
    renderScreen(<ChatScreen />, { path: '/lottery/chat', route: '/lottery/chat' }); // 财务
    const row = (await screen.findByText('<img src=x onerror=alert(1)>加我')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '禁言' })).toBeNull();
  }, 40_000);
});

import {
  consoleSendSiteMessage,
  consoleSiteMessages,
  type SentMessageRow,
} from '@app/contract/console-content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import MessagesScreen, { messageText } from './MessagesScreen';

const SUPPORT = { ...TEST_OPERATOR, name: 'kefu01', role: 'support' as const };
const sent = (over: Partial<SentMessageRow> = {}): SentMessageRow => ({
  id: 1,
  to: null,
  title: '维护通知',
  content: '今晚&lt;维护&gt;<br>请留意',
  sent_by: 'yunying01',
  created_at: '2026-11-20 10:00:00',
  ...over,
});

describe('MessagesScreen', { timeout: 60_000 }, () => {
  it('lists what was sent: to all or a member, sender, text as typed', async () => {
    server.use(
      answer(consoleSiteMessages, { total: 2, items: [sent(), sent({ id: 2, to: 'demo001', sent_by: '' })] }),
    );
    renderScreen(<MessagesScreen />, { operator: SUPPORT });
    expect(await screen.findByText('yunying01')).toBeInTheDocument();
    expect(screen.getByText('全部会员', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.getByText('demo001')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(messageText(sent().content)).toBe('今晚<维护>\n请留意');
  });

  it('asks for the member name, confirms, and sends to one member', async () => {
    const asked: unknown[] = [];
    server.use(
      answer(consoleSiteMessages, { total: 0, items: [] }),
      answer(consoleSendSiteMessage, (input) => {
        asked.push(input);
        return sent({ to: 'demo001', title: input.title });
      }),
    );
    renderScreen(<MessagesScreen />, { operator: SUPPORT });
    expect(await screen.findByText('还没有发送过站内信')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    expect(await screen.findByText('请输入会员账号')).toBeInTheDocument();
    expect(screen.getByText('请输入标题')).toBeInTheDocument();
    expect(screen.getByText('请输入内容')).toBeInTheDocument();
    await user.type(screen.getByLabelText('会员账号'), ' demo001 ');
    await user.type(screen.getByLabelText('标题'), '提醒');
    await user.type(screen.getByLabelText('内容'), '您好');
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('向会员 demo001 发送站内信《提醒》？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /发\s*送/ }));
    expect(await screen.findByText('站内信已发送给 demo001')).toBeInTheDocument();
    expect(asked).toEqual([{ audience: 'member', username: 'demo001', title: '提醒', content: '您好' }]);
  });

  it('sends to all members without a name and shows a refusal in Chinese', async () => {
    server.use(
      answer(consoleSiteMessages, { total: 0, items: [] }),
      answer(consoleSendSiteMessage, { refuse: { status: 400, message: '内容最多5000个字' } }),
    );
    renderScreen(<MessagesScreen />, { operator: SUPPORT });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('还没有发送过站内信');
    await user.click(screen.getByText('全部会员'));
    expect(screen.queryByLabelText('会员账号')).toBeNull();
    await user.type(screen.getByLabelText('标题'), '全员');
    await user.type(screen.getByLabelText('内容'), '内容');
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/向全部会员发送站内信《全员》/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /发\s*送/ }));
    expect(await screen.findByText('内容最多5000个字')).toBeInTheDocument();
  });
});

import {
  consoleSupportCanned,
  consoleSupportClose,
  consoleSupportConversation,
  consoleSupportMember,
  consoleSupportOperators,
  consoleSupportQueue,
  consoleSupportRead,
  consoleSupportReply,
  consoleSupportTake,
  consoleSupportTransfer,
  MSG_SUPPORT_TAG,
  MSG_SUPPORT_TAKEN,
  type SupportConversationRow,
} from '@app/contract/console-support';
import { MSG_SUPPORT_TOO_FAST } from '@app/contract/support-desk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { FakeSocket } from './fake-socket';
import { btn, conversation, dialog, KEFU, mineRow, panel, queue, row, tab } from './support-fixtures';
import SupportScreen from './SupportScreen';

/** The queue answered per view: waiting holds `waiting`, mine and all `mine` (and all the waiting too). */
function desk(waiting: SupportConversationRow[], mine: SupportConversationRow[] = []) {
  server.use(
    answer(consoleSupportQueue, (i) =>
      queue(i.view === 'waiting' ? waiting : i.view === 'mine' ? mine : [...waiting, ...mine], {
        waiting: waiting.length,
        mine: mine.length,
        unread: 3,
      }),
    ),
    answer(consoleSupportCanned, {
      items: [
        {
          id: 1,
          title: '存款查询',
          body: '请提供存款订单号',
          sort: 0,
          updated_by: 'admin01',
          updated_at: '2026-11-29 09:00:00',
        },
      ],
    }),
    answer(consoleSupportMember, panel()),
    answer(consoleSupportRead, (i) => ({ conversation: mineRow({ id: Number(i.id), unread: 0 }) })),
  );
}

const openRow = async (user: ReturnType<typeof userEvent.setup>, name = 'player501') => {
  await user.click(await screen.findByText(name));
  return screen.findByTestId('support-messages');
};

/** The workbench as 客服 kefu01, its 我的 tab, and the first conversation of it opened. */
async function openMine() {
  const user = userEvent.setup({ delay: null });
  renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
  await user.click(await tab('我的'));
  await openRow(user);
  return user;
}

beforeEach(() => {
  document.title = '运营后台';
  // The desk's socket never opens here: these tests are the polling fallback (SupportLive.test.tsx
  // has the socket).
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

describe('客服工作台: the queue', { timeout: 40_000 }, () => {
  it('lists waiting conversations with the waiting time, the excerpt as text and the unread badge', async () => {
    desk([row()]);
    renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
    const item = await screen.findByTestId('conversation-11');
    expect(within(item).getByText('等待 3 分钟')).toBeInTheDocument();
    expect(within(item).getByText('<b>存款</b>未到账 https://evil.example')).toBeInTheDocument();
    expect(item.querySelector('b')).toBeNull();
    expect(item.querySelector('a')).toBeNull();
    expect(within(item).getByText('2')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('(3) 客服工作台'));
    expect(screen.getByLabelText('在线状态')).toBeChecked();
    expect(screen.getByLabelText('客服昵称')).toHaveValue('小美');
  });

  it('says so when nobody waits', async () => {
    desk([]);
    renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
    expect(await screen.findByText('暂无等待中的会话')).toBeInTheDocument();
    expect(screen.getByText('请从左侧选择一个会话')).toBeInTheDocument();
  });

  it('shows a failure with 重试, which reads again', async () => {
    let calls = 0;
    server.use(
      answer(consoleSupportQueue, () => {
        calls += 1;
        return calls === 1 ? { refuse: { status: 500, message: '服务器繁忙' } } : queue([row()]);
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
    expect(await screen.findByText('服务器繁忙')).toBeInTheDocument();
    await user.click(btn(document.body, '重 试'));
    expect(await screen.findByTestId('conversation-11')).toBeInTheDocument();
  });

  it('polls the queue every 5 s as a background call: a new conversation shows', async () => {
    const background: (string | null)[] = [];
    let items = [row()];
    server.use(answer(consoleSupportQueue, () => queue(items)));
    const { http, HttpResponse } = await import('msw');
    server.use(
      http.get(`${window.location.origin}${consoleSupportQueue.path}`, ({ request }) => {
        background.push(request.headers.get('x-console-background'));
        return HttpResponse.json({ code: 200, message: '成功', data: queue(items) });
      }),
    );
    renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
    await screen.findByTestId('conversation-11');
    items = [row(), row({ id: 12, name: 'player502', last_text: '在吗' })];
    expect(await screen.findByTestId('conversation-12', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(background[0]).toBeNull();
    expect(background.at(-1)).toBe('1');
  }, 12_000);
});

describe('客服工作台: a conversation', { timeout: 40_000 }, () => {
  it('shows the messages as text (member left, system centred) and takes a waiting one', async () => {
    let c = row();
    desk([c]);
    const took: number[] = [];
    server.use(
      answer(consoleSupportConversation, () => conversation(c)),
      answer(consoleSupportTake, (i) => {
        took.push(Number(i.id));
        c = mineRow();
        return { conversation: c };
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
    const list = await openRow(user);
    const text = within(list).getByText('<img src=x onerror=alert(1)>存款未到账 https://evil.example');
    expect(text.closest('.support-msg-left')).not.toBeNull();
    expect(list.querySelector('img, a')).toBeNull();
    expect(within(list).getByText('小美 为您服务').closest('.support-msg-system')).not.toBeNull();
    expect(screen.getByText('接入后即可回复')).toBeInTheDocument();
    // The member beside the chat, masked as the server sent it.
    expect(await screen.findByText('138****8000')).toBeInTheDocument();
    expect(screen.getByText('已隐藏，财务可见')).toBeInTheDocument();
    expect(screen.getByText('待审核')).toBeInTheDocument();
    expect(screen.getByText('首存送彩金 · 2026-11-28 12:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看完整会员资料' })).toHaveAttribute('href', '/members/501');

    await user.click(btn(document.body, '接 入'));
    expect(await screen.findByLabelText('回复内容')).toBeInTheDocument();
    expect(took).toEqual([11]);
  });

  it('shows a colleague’s take first as the server’s refusal', async () => {
    desk([row()]);
    server.use(
      answer(consoleSupportConversation, conversation(row())),
      answer(consoleSupportTake, { refuse: { status: 409, message: MSG_SUPPORT_TAKEN } }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
    await openRow(user);
    await user.click(btn(document.body, '接 入'));
    expect(await screen.findByText(MSG_SUPPORT_TAKEN)).toBeInTheDocument();
  });

  it('replies with Enter, Shift+Enter a new line; keeps the text and shows a refusal', async () => {
    const c = mineRow();
    desk([], [c]);
    const sent: (string | undefined)[] = [];
    let refuse = true;
    server.use(
      answer(consoleSupportConversation, conversation(c)),
      answer(consoleSupportReply, (i) => {
        sent.push(i.text);
        if (refuse) return { refuse: { status: 429, message: MSG_SUPPORT_TOO_FAST } };
        return {
          conversation: c,
          message: {
            id: 9,
            sender: 'operator' as const,
            kind: 'text' as const,
            body: i.text ?? '',
            image: null,
            operator: null,
            created_at: '2026-11-29 10:05:00',
          },
        };
      }),
    );
    const user = await openMine();
    const box = await screen.findByLabelText('回复内容');
    await user.type(box, '好{Shift>}{Enter}{/Shift}的');
    expect(box).toHaveValue('好\n的');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(MSG_SUPPORT_TOO_FAST)).toBeInTheDocument();
    expect(box).toHaveValue('好\n的');
    refuse = false;
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(sent).toEqual(['好\n的', '好\n的']);
    expect(screen.queryByText(MSG_SUPPORT_TOO_FAST)).not.toBeInTheDocument();
  }, 30_000);

  it('puts a canned reply picked by its title into the box', async () => {
    const c = mineRow();
    desk([], [c]);
    server.use(answer(consoleSupportConversation, conversation(c)));
    const user = await openMine();
    await user.click(screen.getByLabelText('快捷回复'));
    await user.keyboard('存款');
    await user.click(await screen.findByTitle('存款查询'));
    expect(screen.getByLabelText('回复内容')).toHaveValue('请提供存款订单号');
  });

  it('transfers to a colleague (not oneself), saying 财务 takes money questions', async () => {
    const c = mineRow();
    desk([], [c]);
    const moved: number[] = [];
    server.use(
      answer(consoleSupportConversation, conversation(c)),
      answer(consoleSupportOperators, {
        items: [
          { id: KEFU.id, name: 'kefu01', nickname: '小美', role: 'support', online: true, open: 1 },
          { id: 8, name: 'caiwu01', nickname: '财务小李', role: 'finance', online: true, open: 0 },
        ],
      }),
      answer(consoleSupportTransfer, (i) => {
        moved.push(Number(i.operator_id));
        return { conversation: mineRow({ operator: { id: 8, name: 'caiwu01', nickname: '财务小李' } }) };
      }),
    );
    const user = await openMine();
    await user.click(btn(document.body, '转 接'));
    const modal = await dialog();
    expect(within(modal).getByText('充值、提现等资金问题请转接给财务处理。')).toBeInTheDocument();
    expect(within(modal).queryByText(/kefu01/)).not.toBeInTheDocument();
    await user.click(await within(modal).findByText(/财务小李/));
    await user.click(btn(modal, '转 接'));
    await waitFor(() =>
      expect(screen.queryByText('充值、提现等资金问题请转接给财务处理。')).not.toBeInTheDocument(),
    );
    expect(moved).toEqual([8]);
  });

  it('closes with a tag from the contract’s list, asking for one first', async () => {
    const c = mineRow();
    desk([], [c]);
    const tags: string[] = [];
    server.use(
      answer(consoleSupportConversation, conversation(c)),
      answer(consoleSupportClose, (i) => {
        tags.push(i.tag);
        return { conversation: mineRow({ state: 'closed', close_tag: i.tag }) };
      }),
    );
    const user = await openMine();
    await user.click(btn(document.body, '结 束'));
    const modal = await dialog();
    await user.click(btn(modal, '结束会话'));
    expect(await within(modal).findByText(MSG_SUPPORT_TAG)).toBeInTheDocument();
    expect(within(modal).getAllByRole('radio')).toHaveLength(6);
    await user.click(within(modal).getByText('充值'));
    await user.click(btn(modal, '结束会话'));
    await waitFor(() => expect(screen.queryByText('会话分类')).not.toBeInTheDocument());
    expect(tags).toEqual(['充值']);
  });

  it('offers no reply, transfer or close on a colleague’s conversation (a 客服)', async () => {
    const c = mineRow({ operator: { id: 99, name: 'kefu02', nickname: '小红' } });
    desk([], [c]);
    server.use(answer(consoleSupportConversation, conversation(c)));
    await openMine();
    expect(screen.getByText('该会话由其他客服接待')).toBeInTheDocument();
    expect(screen.queryByLabelText('回复内容')).not.toBeInTheDocument();
    expect(screen.queryByText('转 接')).not.toBeInTheDocument();
    expect(screen.queryByText('结 束')).not.toBeInTheDocument();
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MSG_SUPPORT_TOO_FAST,
  MSG_SUPPORT_TOO_LONG,
  SUPPORT_QUICK_QUESTIONS,
  SUPPORT_STATE_MESSAGES,
  supportHistory,
  supportImage,
  supportMessages,
  supportRate,
  supportRead,
  supportSend,
  supportState,
} from '@app/contract/support-desk';
import { MSG_IMAGE_TOO_LARGE } from '@app/contract/uploads';
import { MSG_VOUCHER_TYPE } from '@app/contract/deposit-method';
import { fail, raw, reply, replyWith } from '@app/mobile/test/msw-contract';
import { MSG_FORMAT } from '@/api';
import { Start } from '@/Start';
import { latestSocket } from '@app/mobile/test/fake-socket';
import { conversation, message, server, state, TICKET, TOKEN } from './fixtures';

async function openDesk() {
  history.replaceState(null, '', `/support/#/?t=${TICKET}`);
  const user = userEvent.setup();
  render(<Start />);
  await screen.findByRole('list', { name: '消息' });
  return user;
}

const sent = (text: string, id = 10) => ({
  conversation: conversation(),
  message: message(id, { body: text }),
});

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('the messages', () => {
  it('member right, operator left with its desk name, system lines centred; text is plain, links are not live', async () => {
    server.use(
      reply(
        supportState,
        state({
          messages: [
            message(1, { sender: 'system', body: '客服小美 为您服务' }),
            message(2, { body: '<b>粗体</b> https://evil.example' }),
            message(3, { sender: 'operator', operator: '客服小美', body: '您好' }),
          ],
        }),
      ),
    );
    await openDesk();
    const mine = screen.getByText('<b>粗体</b> https://evil.example');
    expect(mine.closest('li')).toHaveClass('sd-mine');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    const theirs = screen.getByText('您好').closest('li');
    expect(theirs).toHaveClass('sd-theirs');
    expect(within(theirs as HTMLElement).getByText('客服小美')).toBeInTheDocument();
    expect(screen.getByText('客服小美 为您服务', { selector: '.sd-system span' })).toBeInTheDocument();
  });

  it('a reply that breaks the contract is an error, with 重试', async () => {
    server.use(
      raw(supportState, JSON.stringify({ code: 200, message: 'ok', data: { me: 1 } }), {
        contentType: 'application/json',
      }),
    );
    history.replaceState(null, '', `/support/#/?t=${TICKET}`);
    render(<Start />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_FORMAT);
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('marks what is unread as read while the page is visible', async () => {
    let reads = 0;
    server.use(
      reply(supportState, state({ unread: 2 })),
      replyWith(supportRead, () => {
        reads += 1;
        return null;
      }),
    );
    await openDesk();
    await waitFor(() => expect(reads).toBe(1));
  });

  it('loads older messages before the first shown', async () => {
    const many = Array.from({ length: SUPPORT_STATE_MESSAGES }, (_, i) => message(100 + i));
    const asked: unknown[] = [];
    server.use(
      reply(supportState, state({ messages: many })),
      replyWith(supportMessages, async (r) => {
        asked.push(await r.json());
        return { messages: [message(50, { body: '更早的一条' })], more: false };
      }),
    );
    const user = await openDesk();
    await user.click(screen.getByRole('button', { name: '查看更早消息' }));
    expect(await screen.findByText('更早的一条')).toBeInTheDocument();
    expect(asked).toEqual([{ conversation_id: 7, before_id: 100 }]);
    expect(screen.queryByRole('button', { name: '查看更早消息' })).not.toBeInTheDocument();
  });
});

describe('sending', () => {
  it('sends the text (disabled while sending), then empties the box', async () => {
    const bodies: unknown[] = [];
    let release = () => {};
    server.use(
      replyWith(supportSend, async (r) => {
        bodies.push(await r.json());
        await new Promise<void>((resolve) => (release = resolve));
        return sent('订单 123');
      }),
    );
    const user = await openDesk();
    await user.type(screen.getByLabelText('消息内容'), '订单\n123');
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByRole('button', { name: '发送中' })).toBeDisabled();
    release();
    expect(await screen.findByText('订单 123')).toBeInTheDocument();
    expect(bodies).toEqual([{ text: '订单 123' }]);
    expect(screen.getByLabelText('消息内容')).toHaveValue('');
  });

  it("shows the server's refusal and keeps the text", async () => {
    server.use(fail(supportSend, 429, MSG_SUPPORT_TOO_FAST));
    const user = await openDesk();
    await user.type(screen.getByLabelText('消息内容'), '还在吗');
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_SUPPORT_TOO_FAST);
    expect(screen.getByLabelText('消息内容')).toHaveValue('还在吗');
  });

  it('refuses a text over 500 characters before sending', async () => {
    let asked = 0;
    server.use(
      replyWith(supportSend, () => {
        asked += 1;
        return sent('x');
      }),
    );
    const user = await openDesk();
    await user.click(screen.getByLabelText('消息内容'));
    await user.paste('字'.repeat(501));
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG_SUPPORT_TOO_LONG);
    expect(asked).toBe(0);
  });

  it('a quick question is an ordinary text message', async () => {
    const bodies: unknown[] = [];
    server.use(
      replyWith(supportSend, async (r) => {
        bodies.push(await r.json());
        return sent('取款进度', 11);
      }),
    );
    const user = await openDesk();
    const chips = within(screen.getByLabelText('常见问题')).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual([...SUPPORT_QUICK_QUESTIONS]);
    await user.click(screen.getByRole('button', { name: '取款进度' }));
    await waitFor(() => expect(bodies).toEqual([{ text: '取款进度' }]));
  });
});

describe('images', () => {
  const png = (size = 10) => new File([new Uint8Array(size)], 'a.png', { type: 'image/png' });

  it('checks type and size before uploading, by the voucher rules', async () => {
    let asked = 0;
    server.use(
      replyWith(supportImage, () => {
        asked += 1;
        return sent('');
      }),
    );
    await openDesk();
    const picker = screen.getByTestId('image-picker');
    fireEvent.change(picker, {
      target: { files: [new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' })] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(MSG_VOUCHER_TYPE);
    fireEvent.change(picker, { target: { files: [png(2 * 1024 * 1024 + 1)] } });
    expect(screen.getByRole('alert')).toHaveTextContent(MSG_IMAGE_TOO_LARGE);
    expect(asked).toBe(0);
  });

  it('uploads the file (multipart, Bearer), shows the image fetched with the token; a tap enlarges it', async () => {
    const seen: { auth: string | null; hasFile: boolean }[] = [];
    let imageAuth: string | null = null;
    server.use(
      replyWith(supportImage, async (r) => {
        const form = await r.formData();
        seen.push({
          auth: r.headers.get('authorization'),
          hasFile: typeof form.get('file') === 'object' && form.get('file') !== null,
        });
        return {
          conversation: conversation(),
          message: message(12, { kind: 'image', body: '', image: '/support/images/abc.png' }),
        };
      }),
      http.get('/support/images/abc.png', ({ request }) => {
        imageAuth = request.headers.get('authorization');
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), {
          headers: { 'Content-Type': 'image/png' },
        });
      }),
    );
    const user = await openDesk();
    await user.upload(screen.getByTestId('image-picker'), png());
    const button = await screen.findByRole('button', { name: '查看大图' });
    expect(seen).toEqual([{ auth: `Bearer ${TOKEN}`, hasFile: true }]);
    expect(imageAuth).toBe(`Bearer ${TOKEN}`);
    await user.click(button);
    expect(screen.getByRole('dialog', { name: '大图' })).toBeInTheDocument();
    await user.click(screen.getByRole('dialog', { name: '大图' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an image", async () => {
    server.use(fail(supportImage, 422, '凭证图片无效，请重新上传'));
    const user = await openDesk();
    await user.upload(screen.getByTestId('image-picker'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('凭证图片无效，请重新上传');
  });
});

describe('after a close', () => {
  it('offers 1–5 stars and a note, rated once', async () => {
    let polls = 0;
    const rated: unknown[] = [];
    const closed = conversation({ state: 'closed', closed_at: '2026-11-29 10:30:00', close_tag: '充值' });
    server.use(
      // Open on the first read, closed (no conversation open) from the next: the resync on connect.
      replyWith(supportState, () =>
        (polls += 1) === 1 ? state() : state({ conversation: null, messages: [] }),
      ),
      reply(supportHistory, { items: [closed], total: 1 }),
      replyWith(supportRate, async (r) => {
        rated.push(await r.json());
        return { ...closed, rating: 4 };
      }),
    );
    const user = await openDesk();
    const ws = latestSocket();
    ws.open();
    ws.receive({ type: 'online', online: true });
    const card = await screen.findByRole('region', { name: '服务评价' });
    // The conversation's messages stay on screen.
    expect(screen.getByText('请提供订单号')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: '提交评价' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('请选择1-5星评分');
    await user.click(within(card).getByRole('radio', { name: '4星' }));
    await user.type(within(card).getByLabelText('评价内容'), '很快');
    await user.click(within(card).getByRole('button', { name: '提交评价' }));
    expect(await screen.findByText(/感谢您的评价/)).toBeInTheDocument();
    expect(rated).toEqual([{ conversation_id: 7, rating: 4, note: '很快' }]);
    expect(screen.queryByRole('button', { name: '提交评价' })).not.toBeInTheDocument();
  });

  it('lists past conversations (supportHistory) and opens one', async () => {
    const past = conversation({ id: 5, state: 'closed', closed_at: '2026-11-28 10:30:00', rating: 5 });
    server.use(
      reply(supportHistory, { items: [past], total: 1 }),
      reply(supportMessages, { messages: [message(40, { body: '上次的问题' })], more: false }),
    );
    const user = await openDesk();
    await user.click(screen.getByRole('button', { name: '历史会话' }));
    await user.click(await screen.findByRole('button', { name: /客服小美/ }));
    expect(await screen.findByText('上次的问题')).toBeInTheDocument();
    expect(screen.getByText(/感谢您的评价/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回' }));
    await user.click(screen.getByRole('button', { name: '返回' }));
    expect(await screen.findByRole('list', { name: '消息' })).toBeInTheDocument();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  MSG_SUPPORT_NICKNAME,
  MSG_SUPPORT_NICKNAME_LONG,
  MSG_SUPPORT_TICKET_INVALID,
  supportState,
  supportTicket,
  supportVisitor,
} from '@app/contract/support-desk';
import { fail, replyWith } from '@app/mobile/test/msw-contract';
import { MSG_OFFLINE } from '@/desk/Desk';
import { MSG_EMPTY } from '@/desk/MessageList';
import { BACK_HINT, MSG_RELOADED, Start } from '@/Start';
import { server, state, TICKET, TOKEN, VISITOR_KEY } from './fixtures';

function open(hash: string) {
  history.replaceState(null, '', `/support/${hash}`);
  return { user: userEvent.setup(), ...render(<Start />) };
}

describe('a signed-in member, through the ticket of the hash', () => {
  it('redeems it once, keeps the token in memory and sends it as Bearer on every call', async () => {
    const tickets: unknown[] = [];
    const auth: (string | null)[] = [];
    server.use(
      replyWith(supportTicket, async (r) => {
        tickets.push(await r.json());
        return { token: TOKEN };
      }),
      replyWith(supportState, (r) => {
        auth.push(r.headers.get('authorization'));
        return state();
      }),
    );
    open(`#/?t=${TICKET}&v=${VISITOR_KEY}`);
    expect(await screen.findByText('请提供订单号')).toBeInTheDocument();
    expect(tickets).toEqual([{ ticket: TICKET }]);
    expect(auth[0]).toBe(`Bearer ${TOKEN}`);
    // A reload must not spend the ticket again: the hash no longer carries it.
    expect(location.hash).toBe(`#/?v=${VISITOR_KEY}&used=1`);
    expect(screen.getByText('客服小美 为您服务', { selector: '.sd-online' })).toBeInTheDocument();
  });

  it("a spent or expired ticket shows the server's message, with 返回 and a way on as a visitor", async () => {
    server.use(fail(supportTicket, 401, MSG_SUPPORT_TICKET_INVALID));
    const { user } = open(`#/?t=${TICKET}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_SUPPORT_TICKET_INVALID);
    expect(screen.getByText(BACK_HINT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '以访客身份继续咨询' }));
    expect(screen.getByPlaceholderText('请输入昵称')).toBeInTheDocument();
  });

  it('a reload after the ticket was redeemed says the app must open the desk again', async () => {
    open('#/?used=1');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_RELOADED);
    expect(screen.getByRole('button', { name: '以访客身份继续咨询' })).toBeInTheDocument();
  });
});

describe('a visitor', () => {
  it("checks the nickname with the contract's messages, cleaned, before asking", async () => {
    let asked = 0;
    server.use(
      replyWith(supportVisitor, () => {
        asked += 1;
        return { token: TOKEN, visitor_key: VISITOR_KEY };
      }),
    );
    const { user } = open('');
    await user.click(screen.getByRole('button', { name: '开始咨询' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG_SUPPORT_NICKNAME);
    await user.type(screen.getByPlaceholderText('请输入昵称'), '   \u202e ');
    await user.click(screen.getByRole('button', { name: '开始咨询' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG_SUPPORT_NICKNAME);
    await user.clear(screen.getByPlaceholderText('请输入昵称'));
    await user.type(screen.getByPlaceholderText('请输入昵称'), '名'.repeat(21));
    await user.click(screen.getByRole('button', { name: '开始咨询' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG_SUPPORT_NICKNAME_LONG);
    expect(asked).toBe(0);
  });

  it('hands the visitor key of the hash, keeps the one the server answers in the hash, opens the desk', async () => {
    const bodies: unknown[] = [];
    server.use(
      replyWith(supportVisitor, async (r) => {
        bodies.push(await r.json());
        return { token: TOKEN, visitor_key: VISITOR_KEY };
      }),
      replyWith(supportState, () => state({ online: false, conversation: null, messages: [] })),
    );
    const { user } = open('#/?v=from_the_app_0123456789');
    await user.type(screen.getByPlaceholderText('请输入昵称'), ' 小明 ');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(MSG_EMPTY)).toBeInTheDocument();
    expect(bodies).toEqual([{ nickname: '小明', visitor_key: 'from_the_app_0123456789' }]);
    expect(location.hash).toBe(`#/?v=${VISITOR_KEY}`);
    expect(screen.getByRole('note')).toHaveTextContent(MSG_OFFLINE);
    expect(screen.getByText('客服离线')).toBeInTheDocument();
  });

  it('ignores a visitor key that is not one (the server makes one)', async () => {
    const bodies: unknown[] = [];
    server.use(
      replyWith(supportVisitor, async (r) => {
        bodies.push(await r.json());
        return { token: TOKEN, visitor_key: VISITOR_KEY };
      }),
    );
    const { user } = open('#/?v=short');
    await user.type(screen.getByPlaceholderText('请输入昵称'), '小明');
    await user.click(screen.getByRole('button', { name: '开始咨询' }));
    await waitFor(() => expect(bodies).toEqual([{ nickname: '小明' }]));
  });
});

describe('the token refused later', () => {
  it('goes back to the start with the message', async () => {
    server.use(fail(supportState, 401, '客服会话已过期，请重新打开客服'));
    open(`#/?t=${TICKET}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('客服会话已过期，请重新打开客服');
  });
});
